import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `ExitStatus`: the statuses README's "Exit status" promises, and the one
/// mapping from each library error to them.
@Suite struct ExitStatusTests {
    @Test func theValuesAreSysexits() {
        #expect(ExitStatus.success.rawValue == 0)
        #expect(ExitStatus.usage.rawValue == 64)
        #expect(ExitStatus.dataError.rawValue == 65)
        #expect(ExitStatus.noInput.rawValue == 66)
        #expect(ExitStatus.ioError.rawValue == 74)
        #expect(ExitStatus.interrupted.rawValue == 130)
    }

    @Test func bankErrors() {
        let problem = BankProblem(path: "b.json", place: .file, message: "no questions")
        #expect(ExitStatus(BankError.notFound(path: "b.json")) == .noInput)
        #expect(ExitStatus(BankError.unreadable(path: "b.json", reason: "a folder, not a bank file")) == .noInput)
        #expect(ExitStatus(BankError.invalid([problem])) == .dataError)
        let failure = CommandFailure(BankError.notFound(path: "b.json"))
        #expect(failure == CommandFailure(status: .noInput, message: "b.json: no such file"))
    }

    @Test func remoteBankErrors() {
        #expect(ExitStatus(RemoteBankError.badURL("ftp://x", reason: "not http")) == .usage)
        #expect(ExitStatus(RemoteBankError.badTimeout("soon")) == .usage)
        #expect(ExitStatus(RemoteBankError.unavailable(url: "https://x/b", reason: .other("refused"))) == .noInput)
        #expect(
            ExitStatus(
                RemoteBankError.invalid(
                    url: "https://x/b", problems: [BankProblem(path: "b", place: .file, message: "m")]))
                == .dataError)
    }

    @Test func historyErrorsAreIOErrors() {
        let error = HistoryError.cannotWrite(path: "/h/history.archive", reason: "disk full")
        #expect(ExitStatus(error) == .ioError)
        #expect(CommandFailure(error).message == "cannot write the history /h/history.archive: disk full")
        #expect(CommandFailure(error).hint == nil)
    }
}
