import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    public var description: String {
        "using the copy cached \(Self.ageText(age)) of \(url): \(reason)"
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

/// Loads `--questions URL`: downloads the bank (FoundationNetworking, with a
/// timeout), checks it, and keeps it in the `BankCache`; when the network or
/// the server fails, the last cached copy stands in. A body that is not a
/// valid bank is never cached. It blocks the calling thread until the download
/// ends; the cache write is left to the background (see `BankCache`).
public struct RemoteBankLoader: Sendable {
    public static let defaultTimeout: TimeInterval = 10

    public let cache: BankCache
    /// Seconds allowed for the whole download.
    public let timeout: TimeInterval

    public init(cache: BankCache, timeout: TimeInterval = RemoteBankLoader.defaultTimeout) {
        self.cache = cache
        self.timeout = timeout
    }

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

    /// Downloads and checks the bank at `address`, falling back on the cached
    /// copy when the download fails. `now` dates the cached copy's age.
    public func load(_ address: String, now: Date = Date()) throws(RemoteBankError) -> RemoteBank {
        guard Self.isRemote(address), let url = URL(string: address), let host = url.host, !host.isEmpty else {
            throw .badURL(address)
        }
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
            guard let entry = cache.entry(for: address),
                let bank = try? BankLoader.parse(entry.bytes, path: address, id: id)
            else {
                throw .unavailable(url: address, reason: reason)
            }
            let stale = StaleCopy(
                url: address, fetched: entry.fetched, age: now.timeIntervalSince(entry.fetched), reason: reason)
            return RemoteBank(bank: bank, staleCopy: stale)
        }
    }

    /// One GET of `url`: the body of a 2xx answer, or why there is none.
    func fetch(_ url: URL) -> Result<[UInt8], FetchFailure> {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let completion = Completion()
        let task = session.dataTask(with: request) { data, response, error in
            completion.finish(data: data, response: response, error: error)
        }
        task.resume()
        // A backstop in case the session's own timeout does not fire.
        guard completion.done.wait(timeout: .now() + timeout + 2) == .success else {
            task.cancel()
            return .failure(.timedOut(timeout))
        }
        let (data, response, error) = completion.result
        if let error {
            return .failure(failure(error, url: url))
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            return .failure(.httpStatus(http.statusCode))
        }
        return .success([UInt8](data ?? Data()))
    }

    func failure(_ error: any Error, url: URL) -> FetchFailure {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return .other(nsError.localizedDescription) }
        let host = url.host ?? url.absoluteString
        switch nsError.code {
        case NSURLErrorTimedOut: return .timedOut(timeout)
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .hostNotFound(host)
        case NSURLErrorCannotConnectToHost, NSURLErrorNotConnectedToInternet:
            return .cannotConnect(url.port.map { "\(host) port \($0)" } ?? host)
        case NSURLErrorNetworkConnectionLost: return .other("the connection was lost")
        default: return .other(nsError.localizedDescription)
        }
    }
}

/// Carries a data task's result from URLSession's queue to the waiting thread.
private final class Completion: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    // Written once before `done` is signalled, read only after waiting on it.
    private(set) var result: (Data?, URLResponse?, (any Error)?) = (nil, nil, nil)

    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        result = (data, response, error)
        done.signal()
    }
}
