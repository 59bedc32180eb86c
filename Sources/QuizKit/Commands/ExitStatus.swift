import QuizCore
import QuizStore

/// The exit statuses `quiz` promises (sysexits.h values; README, "Exit
/// status"), and which one each library error ends the command with: the
/// one place that maps `BankError`, `RemoteBankError`, `HistoryError`,
/// `QuizLookup.Failure`, `NthGame.Failure`, `MergeSource.Failure` and
/// `CardImport.FileFailure` to a status.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    case ioError = 74
    /// A game abandoned with Ctrl-C (128 + SIGINT, as a shell reports it).
    case interrupted = 130

    /// A bank with errors is bad data (65); one not there or unreadable, 66.
    public init(_ error: BankError) {
        switch error {
        case .notFound, .unreadable: self = .noInput
        case .invalid: self = .dataError
        }
    }

    /// A malformed URL or timeout is bad usage (64); a download that did not
    /// come, 66; one that came with errors, 65.
    public init(_ error: RemoteBankError) {
        switch error {
        case .badURL, .badTimeout: self = .usage
        case .unavailable, .damagedCopy: self = .noInput
        case .invalid: self = .dataError
        }
    }

    /// The history that could not be read or written: always 74.
    public init(_ error: HistoryError) {
        self = .ioError
    }

    /// A bank file that failed as `BankError` says; a bank of the id that is
    /// bad, 65; no such quiz, 66.
    public init(_ error: QuizLookup.Failure) {
        switch error {
        case .bank(let bank): self.init(bank)
        case .damaged: self = .dataError
        case .noQuiz, .noID: self = .noInput
        }
    }

    /// A `--merge-history` PATH not there or unreadable, 66; one that is no history, 65.
    public init(_ error: MergeSource.Failure) {
        switch error {
        case .notFound: self = .noInput
        case .notAHistory: self = .dataError
        }
    }

    /// An `--import` whose output is its input, or with a separator its
    /// format does not take, 64; its input as a bank
    /// (66 not there or unreadable, 65 bad cards); a bank not written, 74.
    public init(_ error: CardImport.FileFailure) {
        switch error {
        case .sameFile, .separatorUnused: self = .usage
        case .bank(let bank): self.init(bank)
        case .write: self = .ioError
        }
    }

    /// `--game 0` is bad usage (64); a game further back than the history, 66.
    public init(_ error: NthGame.Failure) {
        switch error {
        case .belowOne: self = .usage
        case .notThere: self = .noInput
        }
    }
}
