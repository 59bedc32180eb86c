import Testing

@testable import QuizCore

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0),
        ("hello", 5),
        ("Hello, world!", 13),
        ("北京", 4),
        ("クイズ", 6),
        ("한국어", 6),
        ("ＡＢＣ", 6),
        ("北京 abc", 8),
        ("e\u{301}", 1),
        ("Cafe\u{301} au lait", 12),
        ("\u{301}", 0),
        ("a\u{20DD}", 1),
        ("soft\u{AD}hyphen", 10),
        ("zero\u{200B}width", 9),
        ("tab\there", 7),
        ("😀", 2),
        ("👍🏽", 2),
        ("👨‍👩‍👧", 2),
        ("🇯🇵", 2),
        ("❤️", 2),
        ("☺", 1),
        ("ok 👍", 5),
        ("─", 1),
        ("…", 1),
    ])
    func widthOf(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test(arguments: [
        ("Hello, world", 5, "Hell…"),
        ("short", 10, "short"),
        ("exact", 5, "exact"),
        ("北京の首都", 10, "北京の首都"),
        ("北京の首都", 5, "北京…"),
        ("北京の首都", 4, "北…"),
        ("ab😀cd", 4, "ab…"),
        ("Cafe\u{301} au lait", 6, "Cafe\u{301} …"),
        ("anything", 1, "…"),
        ("anything", 0, ""),
    ])
    func truncate(text: String, width: Int, expected: String) {
        let result = DisplayWidth.truncate(text, to: width)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= width)
    }

    /// In ASCII (`--ascii`, a locale that is not UTF-8) the mark is "...".
    @Test func truncateInAscii() {
        #expect(DisplayWidth.truncate("World Capitals", to: 10, ascii: true) == "World C...")
        #expect(DisplayWidth.truncate("北京北京北京", to: 8, ascii: true) == "北京...")
        #expect(DisplayWidth.truncate("World Capitals", to: 14, ascii: true) == "World Capitals")
        for width in 0...3 {
            #expect(DisplayWidth.truncate("World Capitals", to: width, ascii: true) == String("...".prefix(width)))
        }
    }

    @Test func pad() {
        #expect(DisplayWidth.pad("ab", to: 5) == "ab   ")
        #expect(DisplayWidth.pad("ab", to: 5, right: true) == "   ab")
        #expect(DisplayWidth.pad("北京", to: 6) == "北京  ")
        #expect(DisplayWidth.pad("北京", to: 6, right: true) == "  北京")
        #expect(DisplayWidth.pad("e\u{301}", to: 3) == "e\u{301}  ")
        #expect(DisplayWidth.pad("toolong", to: 3) == "toolong")
        #expect(DisplayWidth.pad("", to: 2) == "  ")
    }
}
