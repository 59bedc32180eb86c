import Testing

@testable import QuizCore

/// `AnswerNormalizer.normalize` and `DisplayWidth.of` read ASCII text byte by
/// byte; these compare that path with the general one on random ASCII, every
/// byte from 0 to 127 included, weighted toward the bytes that matter (white
/// space, capitals, trailing `.!?`, controls).
@Suite("ASCII fast paths")
struct ASCIIFastPathTests {
    private static func randomASCII(_ generator: inout SeededGenerator) -> String {
        let interesting: [UInt8] = [9, 10, 11, 12, 13, 32, 32, 32, 46, 33, 63, 65, 90, 97, 122, 0, 31, 127, 35, 42, 49]
        let length = Int.random(in: 0...24, using: &generator)
        let bytes = (0..<length).map { _ -> UInt8 in
            Bool.random(using: &generator)
                ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...127, using: &generator)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func normalizingASCIIAgreesWithTheGeneralPath() {
        var generator = SeededGenerator(seed: 20_261_130)
        for _ in 0..<20_000 {
            let text = Self.randomASCII(&generator)
            #expect(
                AnswerNormalizer.normalizeASCII(text) == AnswerNormalizer.normalizeScalars(text),
                "\(Array(text.utf8))")
        }
    }

    /// Every scalar `normalize` copies as it is folds to itself, alone and
    /// in a word, and is no white space: the byte path gives what folding does.
    @Test func scalarsCopiedAsTheyAreFoldToThemselves() {
        var checked = 0
        for value in UInt32(0x80)...0x22FF {
            guard let scalar = Unicode.Scalar(value), AnswerNormalizer.foldsToItself(scalar) else { continue }
            checked += 1
            #expect(!scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
            for text in ["\(scalar)", "Ab\(scalar)Cd?", "x \(scalar) Y."] {
                #expect(
                    AnswerNormalizer.normalize(text) == AnswerNormalizer.normalizeScalars(text),
                    "U+\(String(value, radix: 16)) in \(text)")
            }
        }
        #expect(checked > 200)
    }

    @Test func asciiWidthAgreesWithCharacterByCharacter() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let text = Self.randomASCII(&generator)
            let general = text.unicodeScalars.reduce(0) { sum, scalar in
                sum + ((0x20..<0x7F).contains(scalar.value) ? 1 : 0)
            }
            #expect(DisplayWidth.of(text) == general, "\(Array(text.utf8))")
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
        }
    }

    @Test func nonASCIITakesTheGeneralPath() {
        #expect(AnswerNormalizer.normalize("  São PAULO?! ") == "sao paulo")
        #expect(AnswerNormalizer.normalize("ＡＢＣ") == "abc")
        #expect(DisplayWidth.of("a北b") == 4)
        #expect(DisplayWidth.of("1\u{FE0F}\u{20E3}") == 2)
    }

    /// `trimmed` tells ASCII white space without Unicode's tables: every
    /// ASCII scalar, and a few beyond, at either end, trimmed exactly when
    /// Unicode's White_Space says so.
    @Test func trimmedTellsWhiteSpaceAsUnicodeDoes() {
        let scalars = (0..<128).compactMap(Unicode.Scalar.init) + ["\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "é"]
        for scalar in scalars {
            let space = scalar.properties.isWhitespace
            let text = String(scalar)
            #expect((text + "a").trimmed == (space ? "a" : text + "a"), "\(scalar.value)")
            #expect(("a" + text).trimmed == (space ? "a" : "a" + text), "\(scalar.value)")
        }
    }
}
