import Foundation
import QuizCore

/// A bank downloaded for `--questions URL`, and what the player must be told about it.
public struct RemoteBank: Sendable {
    public var bank: QuestionBank
    /// Set when the download failed and the last cached copy is used instead.
    public var staleCopy: StaleCopy?
}

/// The download failed and the cached copy of `url` stands in; printed as
/// "using the copy cached 3 hours ago of URL: reason".
public struct StaleCopy: Sendable, CustomStringConvertible {
    public var url: String
    public var fetched: Date
    /// Seconds between the fetch and the moment the copy was used.
    public var age: TimeInterval
    public var reason: FetchFailure

    /// A copy dated after the moment it is used (the clock was set back, or
    /// the file's date changed) has no age to tell: its date is said instead.
    public var description: String {
        guard age >= 0 else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
            return "using the copy of \(url) dated in the future (\(formatter.string(from: fetched)); "
                + "was the clock changed?), its age unknown: \(reason)"
        }
        return "using the copy cached \(Self.ageText(age)) of \(url): \(reason)"
    }

    /// "12 seconds ago", "1 minute ago", "3 hours ago", "2 days ago".
    public static func ageText(_ age: TimeInterval) -> String {
        let seconds = max(0, Int(age))
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s") ago" }
        switch seconds {
        case ..<60: return unit(seconds, "second")
        case ..<3600: return unit(seconds / 60, "minute")
        case ..<(48 * 3600): return unit(seconds / 3600, "hour")
        default: return unit(seconds / 86400, "day")
        }
    }
}

/// Loads `--questions URL`: downloads the bank (through `fetch`, with a
/// timeout), checks it, and keeps it in the `BankCache`; when the network or
/// the server fails, the last cached copy stands in. A body that is not a
/// valid bank is never cached. It blocks the calling thread until the download
/// ends; the cache write is left to the background (see `BankCache`).
///
/// The download itself is not done here: FoundationNetworking and libcurl
/// slow the start of every process that links them (CONTRIBUTING.md,
/// "Measured choices in the code"), so the `quiz`
/// executable links neither and `fetch` runs the small `quiz-fetch` program
/// only when a URL is given.
public struct RemoteBankLoader: Sendable {
    public static let defaultTimeout: TimeInterval = 10
    /// The most a download may bring, 32 MiB unless `--max-download` says
    /// otherwise: the largest Open Trivia answer is about 100 KiB, and a
    /// server sending without end must not fill the memory.
    public static let defaultMaxBytes = 32 << 20

    /// One GET: the body of a 2xx answer, or why there is none. `timeout` is a
    /// deadline for the whole transfer, not for each read; a body longer than
    /// `maxBytes` is a failure (`.tooLarge`), not a truncated bank.
    public typealias Fetch =
        @Sendable (_ url: URL, _ timeout: TimeInterval, _ maxBytes: Int) -> Result<[UInt8], FetchFailure>

    public let cache: BankCache
    /// Seconds allowed for the whole download.
    public let timeout: TimeInterval
    /// Bytes allowed for one download's body.
    public let maxBytes: Int
    let fetcher: Fetch

    public init(
        cache: BankCache, timeout: TimeInterval = RemoteBankLoader.defaultTimeout,
        maxBytes: Int = RemoteBankLoader.defaultMaxBytes, fetch: @escaping Fetch
    ) {
        self.cache = cache
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.fetcher = fetch
    }

    func fetch(_ url: URL) -> Result<[UInt8], FetchFailure> { fetcher(url, timeout, maxBytes) }

    /// The timeout from `QUIZ_FETCH_TIMEOUT` (seconds), else the default.
    public static func timeout(environment: [String: String]) throws(RemoteBankError) -> TimeInterval {
        guard let text = environment["QUIZ_FETCH_TIMEOUT"], !text.isEmpty else { return defaultTimeout }
        guard let seconds = TimeInterval(text), seconds > 0, seconds.isFinite else { throw .badTimeout(text) }
        return seconds
    }

    /// Whether `address` names a bank on the web (http or https) rather than a file.
    public static func isRemote(_ address: String) -> Bool {
        let lower = address.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The quiz id of a remote bank: the last path component without `.json`;
    /// `opentdb` for the Open Trivia API (`…/api.php?amount=10`); the host
    /// when the path is empty.
    public static func quizID(for url: URL) -> String {
        let name = url.lastPathComponent
        if name.lowercased() == "api.php" || (url.host?.lowercased() ?? "").hasSuffix("opentdb.com") {
            return "opentdb"
        }
        if name.isEmpty || name == "/" { return url.host ?? "remote" }
        return BankLoader.quizID(forPath: name)
    }

    /// The URL to download for `address`: http or https in any case (the
    /// scheme is lowered, as the networking library wants it), a host, and a
    /// port, if any, from 1 to 65535.
    public static func url(_ address: String) throws(RemoteBankError) -> URL {
        guard isRemote(address), var parts = URLComponents(string: address) else {
            throw .badURL(address, reason: "not an http or https URL")
        }
        parts.scheme = parts.scheme?.lowercased()
        guard let host = parts.host, !host.isEmpty else { throw .badURL(address, reason: "no host name") }
        if let port = parts.port, !(1...65535).contains(port) {
            throw .badURL(address, reason: "port \(port) is not between 1 and 65535")
        }
        guard let url = parts.url else { throw .badURL(address, reason: "not an http or https URL") }
        return url
    }

    /// Downloads and checks the bank at `address`, falling back on the cached
    /// copy when the download fails. `now` dates the cached copy's age.
    public func load(_ address: String, now: Date = Date()) throws(RemoteBankError) -> RemoteBank {
        let url = try Self.url(address)
        let id = Self.quizID(for: url)
        switch fetch(url) {
        case .success(let bytes):
            let bank: QuestionBank
            do {
                bank = try BankLoader.parse(bytes, path: address, id: id)
            } catch {
                guard case .invalid(let problems) = error else {
                    throw .invalid(
                        url: address, problems: [BankProblem(path: address, place: .file, message: "\(error)")])
                }
                throw .invalid(url: address, problems: problems)
            }
            cache.storeInBackground(bytes, for: address)
            return RemoteBank(bank: bank, staleCopy: nil)
        case .failure(let reason):
            let entry: BankCache.Entry
            switch cache.lookup(for: address, limit: max(maxBytes, BankCache.largestCopy)) {
            case .none: throw .unavailable(url: address, reason: reason)
            case .unusable(let path, let problem):
                throw .damagedCopy(url: address, reason: reason, path: path, problem: problem)
            case .copy(let found): entry = found
            }
            let bank: QuestionBank
            do {
                bank = try BankLoader.parse(entry.bytes, path: address, id: id)
            } catch {
                // Only valid banks are cached: this one was changed since. Its
                // first problem, placed in the file.
                var first = "\(error)"
                if case .invalid(let problems) = error, let problem = problems.first {
                    first = "\(BankProblem(path: entry.path, place: problem.place, message: problem.message))"
                }
                throw .damagedCopy(url: address, reason: reason, path: entry.path, problem: "is damaged (\(first))")
            }
            let stale = StaleCopy(
                url: address, fetched: entry.fetched, age: now.timeIntervalSince(entry.fetched), reason: reason)
            return RemoteBank(bank: bank, staleCopy: stale)
        }
    }
}
