import Foundation
import Testing

@testable import QuizCore

/// `InternetDateFormat.parseExact` (QUIZ_NOW's usual form, read by hand)
/// gives the date Foundation's `ISO8601DateFormatter` gives, on random
/// dates, fractions and offsets (it is `QUIZ_NOW`'s only reader: what it
/// does not take is refused).
@Suite struct InternetDateParseTests {
    @Test func theDateIsTheFormattersOnRandomTexts() {
        var generator = SeededGenerator(seed: 12)
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        for _ in 0..<3000 {
            let year = Int.random(in: 1970...3999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...28, using: &generator)
            var text =
                "\(year)-\(two(month))-\(two(day))T\(two(Int.random(in: 0...23, using: &generator))):"
                + "\(two(Int.random(in: 0...59, using: &generator))):\(two(Int.random(in: 0...59, using: &generator)))"
            let withFraction = Bool.random(using: &generator)
            if withFraction { text += "." + String(Int.random(in: 0...999, using: &generator) + 1000).dropFirst() }
            if Bool.random(using: &generator) {
                text += "Z"
            } else {
                text +=
                    (Bool.random(using: &generator) ? "+" : "-") + two(Int.random(in: 0...23, using: &generator))
                    + ":" + two(Int.random(in: 0...59, using: &generator))
            }
            let expected = (withFraction ? fractional : plain).date(from: text)
            let read = InternetDateFormat.parseExact(text)
            #expect(read != nil && expected != nil, "\(text)")
            if let read, let expected {
                #expect(abs(read.timeIntervalSince(expected)) < 0.001, "\(text): \(read) \(expected)")
            }
        }
    }

    @Test func otherFormsAreLeftToTheFormatter() {
        for text in [
            "2026-03-01T09:00:00", "2026-03-01 09:00:00Z", "2026-02-30T09:00:00Z", "2026-03-01T24:00:00Z",
            "2026-03-01T09:00:00Zjunk", "2026-03-01T09:00:00+05", "2026-03-01T09:00:00.Z", "２026-03-01T09:00:00Z",
        ] {
            #expect(InternetDateFormat.parseExact(text) == nil, "\(text)")
        }
        #expect(InternetDateFormat.parseExact("2026-03-01T09:00:00Z") == Date(timeIntervalSince1970: 1_772_355_600))
        #expect(
            InternetDateFormat.parseExact("2024-02-29T00:00:00+01:00") == Date(timeIntervalSince1970: 1_709_161_200))
    }
}
