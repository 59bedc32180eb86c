import Foundation
import Testing

@testable import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// `CLocale.number` reads plain decimals from their digits where that is
/// exact (`fastNumber`) and every other form with `strtod`: either way, the
/// value `strtod` gives for the same bytes, and nil for what is not a number.
struct CLocaleNumberTests {
    /// What `strtod` alone reads of `text` (the whole of it, or nil).
    static func byStrtod(_ text: String) -> Double? {
        text.withCString { start in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            guard let end, UnsafePointer(end) - start == text.utf8.count, !text.isEmpty else { return nil }
            return value
        }
    }

    static func read(_ text: String) -> Double? {
        let bytes = Array((text + " ").utf8)
        return bytes.withUnsafeBytes { raw in
            CLocale.numbers { CLocale.number(raw, 0..<(bytes.count - 1)) }
        }
    }

    @Test func plainDecimalsAndOtherFormsReadAsStrtodReadsThem() {
        let fixed = [
            "0", "0.0", "7", "817812582.0", "999999999999999", "999999999999999.0", "1000000000000000",
            "9007199254740993", "12345678901234567890", "00012", "0012.0", "-5", "-5.0", "+3", "1e5", ".5", "5.",
            "5.00", "5.01", "0.2121307708656451", "9.968398176655096", "36500.0", "1.0e3", "9007199254740992",
            "9007199254740993.0", "0.9007199254740993", "1.0000000000000000000001", "0.00000000000000000000001",
        ]
        for text in fixed {
            #expect(Self.read(text) == Self.byStrtod(text), "\(text)")
        }
        var random = SeededGenerator(seed: 42)
        for _ in 0..<5_000 {
            let digits = Int(random.next() % 19) + 1
            var text = String((0..<digits).map { _ in Character(String(random.next() % 10)) })
            switch random.next() % 5 {
            case 0: text += ".0"
            case 1: text += "." + String(random.next() % 1000)
            case 2: text = String(Double(random.next() % 1_000_000_000_000) / 7)
            case 3:
                // What `Double.description` writes of a stability or a date.
                let scale = [1.0, 100, 1e6, 1e9, 1e-3][Int(random.next() % 5)]
                text = String(Double(random.next() % (1 << 53)) / Double(1 << 53) * scale)
            default: break
            }
            #expect(Self.read(text) == Self.byStrtod(text), "\(text)")
        }
    }

    @Test func notANumberReadsAsNil() {
        for text in ["", "-", ".", "1.0x", "12a", " 5"] {
            #expect(Self.read(text) == nil, "\(text)")
        }
    }
}
