import Testing

@testable import QuizCore

@Suite("AnswerNormalizer")
struct AnswerNormalizerTests {
    @Test(arguments: [
        ("  são   PAULO. ", "sao paulo"),
        ("São Paulo", "sao paulo"),
        ("Tōkyō", "tokyo"),
        ("Ångström", "angstrom"),
        ("crème brûlée", "creme brulee"),
        ("\tNew\n York \r\n", "new york"),
        ("Really?!", "really"),
        ("Wait...", "wait"),
        ("St. Louis", "st. louis"),
        ("U.S.A.", "u.s.a"),
        ("ＡＢＣ１２３", "abc123"),
        ("C++", "c++"),
        ("", ""),
        ("   ", ""),
        ("?!.", ""),
        ("Hello . ", "hello"),
        // A space beside a combining or a prepended mark is still a space.
        (" \u{0311}abc ", "\u{0311}abc"),
        ("ab\u{0600} ", "ab\u{0600}"),
    ])
    func normalizes(text: String, normalized: String) {
        #expect(AnswerNormalizer.normalize(text) == normalized)
    }

    @Test func differentAnswersStayDifferent() {
        #expect(AnswerNormalizer.normalize("Rome") != AnswerNormalizer.normalize("Roma"))
        #expect(AnswerNormalizer.normalize("Paris, France") != AnswerNormalizer.normalize("Paris France"))
    }
}
