import Foundation
import QuizCore

/// Why a download did not give a bank: the server's answer or the network's
/// failure, in words a player can act on.
public enum FetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with a status other than 2xx.
    case httpStatus(Int)
    /// The host name could not be resolved.
    case hostNotFound(String)
    /// Nothing accepted the connection (refused, or the host is unreachable).
    case cannotConnect(String)
    /// No complete answer within the time allowed for the whole transfer, in seconds.
    case timedOut(TimeInterval)
    /// The answer grew past the cap on a download's size, in bytes (`--max-download`).
    case tooLarge(Int)
    /// Anything else, as the networking library put it.
    case other(String)

    /// One line that carries a failure from `quiz-fetch` to `quiz`.
    public var wireText: String {
        switch self {
        case .httpStatus(let code): "http \(code)"
        case .hostNotFound(let host): "host \(host)"
        case .cannotConnect(let authority): "connect \(authority)"
        case .timedOut(let seconds): "timeout \(seconds)"
        case .tooLarge(let bytes): "toolarge \(bytes)"
        case .other(let reason): "other \(reason)"
        }
    }

    public init(wireText: String) {
        let parts = wireText.trimmingCharacters(in: .whitespacesAndNewlines).split(
            separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        let rest = parts.count > 1 ? String(parts[1]) : ""
        switch parts.first.map(String.init) ?? "" {
        case "http": self = Int(rest).map(FetchFailure.httpStatus) ?? .other(wireText)
        case "host": self = .hostNotFound(rest)
        case "connect": self = .cannotConnect(rest)
        case "timeout": self = .timedOut(TimeInterval(rest) ?? 0)
        case "toolarge": self = Int(rest).map(FetchFailure.tooLarge) ?? .other(wireText)
        case "other": self = .other(rest)
        default: self = .other(wireText.isEmpty ? "the download failed" : wireText)
        }
    }

    public var description: String {
        switch self {
        case .httpStatus(let code):
            "HTTP \(code) \(Self.reasonPhrase(code))"
        case .hostNotFound(let host):
            "host \(host) not found (DNS lookup failed)"
        case .cannotConnect(let authority):
            "could not connect to \(authority) (connection refused or host unreachable)"
        case .timedOut(let seconds):
            "timed out: not finished within \(Self.seconds(seconds)) (QUIZ_FETCH_TIMEOUT)"
        case .tooLarge(let bytes):
            "the answer is larger than the \(ByteCount.text(bytes)) allowed (--max-download)"
        case .other(let reason):
            reason
        }
    }

    static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: code >= 500 ? "(server error)" : code >= 400 ? "(client error)" : "(not a success)"
        }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// Why `--questions URL` gave no bank; each case prints as one line naming the URL.
public enum RemoteBankError: Error, Sendable, CustomStringConvertible {
    /// Not an http or https URL with a host and a possible port; the reason says which.
    case badURL(String, reason: String)
    /// `QUIZ_FETCH_TIMEOUT` is not a positive number of seconds.
    case badTimeout(String)
    /// The download failed and there is no cached copy.
    case unavailable(url: String, reason: FetchFailure)
    /// The download failed and the cached copy at `path` cannot stand in:
    /// `problem` says why ("is damaged: …"); the next download replaces it.
    case damagedCopy(url: String, reason: FetchFailure, path: String, problem: String)
    /// The server's answer is not a valid bank; it was not cached, and the
    /// cached copy, if any, was kept.
    case invalid(url: String, problems: [BankProblem])

    public var description: String {
        switch self {
        case .badURL(let url, let reason):
            "--questions \(url): \(reason)"
        case .badTimeout(let value):
            "QUIZ_FETCH_TIMEOUT must be a number of seconds above 0, not '\(value)'"
        case .unavailable(let url, let reason):
            "cannot download \(url): \(reason); no cached copy to fall back on"
        case .damagedCopy(let url, let reason, let path, let problem):
            "cannot download \(url): \(reason); the cached copy \(path) \(problem), so there is none to fall back "
                + "on (the next download replaces it)"
        case .invalid(_, let problems):
            "\(BankError.invalid(problems)) (the download was not cached)"
        }
    }
}
