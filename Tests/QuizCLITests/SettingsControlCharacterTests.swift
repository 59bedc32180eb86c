import Foundation
import QuizCore
import Testing

/// A control character in a settings value is shown in the problem line as
/// everywhere else (`TerminalText.safe`'s caret notation: NUL is `^@`, ESC
/// `^[`), never as a `?` that could be the file's own.
@Suite struct SettingsControlCharacterTests {
    @Test func aNULInAValueIsShownAsCaretAt() throws {
        let scratch = Scratch()
        try scratch.writeConfig("ascii = tr\u{0}ue\ncount = 3\u{1B}[31m\ncolor = a?\n")
        let result = try runQuiz(["--stats"], environment: scratch.environment())
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                quiz: \(scratch.configFile):1: ascii must be true/false, yes/no or on/off, not 'tr^@ue' (did you mean true?); line ignored
                quiz: \(scratch.configFile):2: count must be all or a whole number from 1 to 1000000, not '3^[[31m'; line ignored
                quiz: \(scratch.configFile):3: color must be auto or never, not 'a?'; line ignored

                """)
    }
}
