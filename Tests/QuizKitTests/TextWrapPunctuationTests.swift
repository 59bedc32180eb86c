import QuizCore
import Testing

/// No wrapped line begins with punctuation that closes the text before it.
@Suite struct TextWrapPunctuationTests {
    @Test func aSeparatorGoesToTheNextLineWithTheWordBeforeIt() {
        #expect(
            TextWrap.lines("1 game · 0:00 played · average 33%", width: 20) == [
                "1 game · 0:00", "played · average 33%",
            ])
        #expect(
            TextWrap.lines("Daily streak: 1 day · longest 1 day", width: 20) == [
                "Daily streak: 1", "day · longest 1 day",
            ])
        #expect(TextWrap.lines("1 game - 0:00 played -", width: 20) == ["1 game - 0:00", "played -"])
    }

    @Test func punctuationStandingAloneStaysWithTheWordBefore() {
        #expect(TextWrap.lines("one two three , four", width: 13) == ["one two", "three , four"])
        #expect(TextWrap.lines("a list of words ;", width: 15) == ["a list of", "words ;"])
        #expect(TextWrap.lines("it ends here )", width: 12, first: "  ") == ["  it ends", "  here )"])
    }

    @Test func aWordAloneOnItsLineGivesItsLastCharacter() {
        #expect(TextWrap.lines("abcdefghijklmnopqrst ·", width: 20) == ["abcdefghijklmnopqrs", "t ·"])
    }

    @Test func aLongWordIsNotBrokenBeforeItsComma() {
        #expect(TextWrap.lines("abcdefghij, and more", width: 10) == ["abcdefghi", "j, and", "more"])
        #expect(TextWrap.lines("x Pneumonoul. end", width: 10) == ["x", "Pneumonou", "l. end"])
    }

    @Test func noLineBeginsWithClosingPunctuationAtAnyWidth() {
        let text =
            "Canberra, the capital, was built (as a compromise) between Sydney · Melbourne; "
            + "1 game · 0:00 played · average 33% · longest 251 days."
        for width in 8...40 {
            for line in TextWrap.lines(text, width: width, first: "  ") {
                let start = line.drop { $0 == " " }
                #expect(!(start.first.map { ",.;:)·".contains($0) } ?? false), "width \(width): \(line)")
                #expect(DisplayWidth.of(line) <= width, "width \(width): \(line)")
            }
        }
    }
}
