import Testing

@testable import QuizCore

@Suite("TerminalText")
struct TerminalTextTests {
    @Test(arguments: [
        ("plain text, Café 北京 👍🏽", "plain text, Café 北京 👍🏽"),
        ("\u{1B}[2Jclear", "^[[2Jclear"),
        ("\u{1B}]0;title\u{07}", "^[]0;title^G"),
        ("nul\u{0}del\u{7F}", "nul^@del^?"),
        ("csi\u{9B}31m nel\u{85}", "csi<U+009B>31m nel<U+0085>"),
        ("\u{202E}evil\u{2066}x\u{2069}", "<U+202E>evil<U+2066>x<U+2069>"),
        ("a\tb", "a b"),
        ("one\ntwo\r\nthree\rfour\u{2028}five", "one two three four five"),
    ])
    func controlCharactersAreShownVisibly(input: String, expected: String) {
        #expect(TerminalText.safe(input) == expected)
        #expect(TerminalText.safe(expected) == expected, "idempotent")
    }

    @Test func lineBreaksAreKeptWhenAsked() {
        #expect(TerminalText.safe("one\ntwo\r\nthree\rfour\u{2029}", lineBreaks: true) == "one\ntwo\nthree\nfour\n")
        #expect(TerminalText.safe("\r\n\r\n", lineBreaks: true) == "\n\n")
    }

    @Test func controlCharactersAreNamedOnceEach() {
        let found = TerminalText.controlCharacters(in: "\u{1B}[1m\u{1B}[0m\tx\n\u{9B}")
        #expect(found == ["\u{1B}", "\n", "\u{9B}"])
        #expect(TerminalText.controlCharacters(in: "a\nb\tc", lineBreaks: true).isEmpty)
        #expect(TerminalText.visible("\u{1B}") == "<U+001B>")
        #expect(TerminalText.visible("\u{202E}") == "<U+202E>")
    }

    @Test func jsonKeepsTheDataButNoRawControl() {
        #expect(TerminalText.escapingControls(inJSON: "[\"a\u{9B}b\u{202E}\"]") == "[\"a\\u009bb\\u202e\"]")
        #expect(TerminalText.escapingControls(inJSON: "[\"Café\"]") == "[\"Café\"]")
    }

    @Test func asciiDropsAccentsAndMarksTheRest() {
        #expect(TerminalText.ascii("Café Bogotá") == "Cafe Bogota")
        #expect(TerminalText.ascii("北京 · ok") == "?? ? ok")
        #expect(TerminalText.ascii("\u{1B}[1mbold") == "\u{1B}[1mbold", "ASCII is kept as it is")
    }
}

@Suite("TextWrap")
struct TextWrapTests {
    @Test func wrapsAtWordsWithAHangingIndent() {
        let lines = TextWrap.lines("Jupiter, the gas giant with the Great Red Spot", width: 20, first: "  1) ")
        #expect(lines == ["  1) Jupiter, the", "     gas giant with", "     the Great Red", "     Spot"])
    }

    @Test func wideCharactersCountTwoColumns() {
        let lines = TextWrap.lines("東京 大阪 京都 奈良", width: 9)
        #expect(lines == ["東京 大阪", "京都 奈良"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 9 })
    }

    @Test func aWordLongerThanALineIsBrokenBetweenCharacters() {
        let lines = TextWrap.lines("a Pneumonoultramicroscopic word", width: 10, first: "  ")
        #expect(lines == ["  a", "  Pneumono", "  ultramic", "  roscopic", "  word"])
    }

    @Test func lineBreaksStartANewIndentedLine() {
        #expect(TextWrap.lines("one\ntwo  three", width: 40, first: "  ") == ["  one", "  two three"])
        #expect(TextWrap.lines("one\n\ntwo", width: nil, first: "- ", rest: "  ") == ["- one", "", "  two"])
    }

    @Test func noWidthMeansNoWrapping() {
        let text = String(repeating: "word ", count: 40) + "end"
        #expect(TextWrap.lines(text, width: nil) == [text])
    }

    /// Found by the sanitizer fuzzer: a ZWJ starting a paragraph joins the
    /// indent's last space, and the line was one column too wide.
    @Test func aCharacterJoiningTheIndentIsMeasuredJoined() {
        let text = TerminalText.safe(
            "\r\n\u{200D}\u{0}" + String(repeating: "[", count: 30) + "\u{0}", lineBreaks: true)
        let lines = TextWrap.lines(text, width: 14, first: "  1) ")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 14 }, "\(lines)")
        #expect(DisplayWidth.of(" \u{200D}") == 1 && DisplayWidth.of(" \u{FE0F}") == 1)
    }

    @Test func anIndentTooWideForTheLineIsCutDown() {
        let lines = TextWrap.lines("some words to wrap here", width: 12, first: String(repeating: " ", count: 10))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 12 || !$0.contains(" ") }, "\(lines)")
        #expect(lines.joined(separator: " ").split(separator: " ") == ["some", "words", "to", "wrap", "here"])
    }
}
