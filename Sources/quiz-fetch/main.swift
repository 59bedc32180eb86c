// quiz-fetch URL SECONDS: one GET with FoundationNetworking, for `quiz
// --questions URL`. The body of a 2xx answer goes to standard output (exit 0);
// otherwise one line on standard error says why, in `FetchFailure.wireText`
// form (exit 1). It is a program of its own so that `quiz` itself links
// neither FoundationNetworking nor libcurl, which cost every start about 13 ms.
import Dispatch
import Foundation
import QuizKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Carries a data task's result from URLSession's queue to the waiting thread.
final class Completion: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    // Written once before `done` is signalled, read only after waiting on it.
    private(set) var result: (Data?, URLResponse?, (any Error)?) = (nil, nil, nil)

    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        result = (data, response, error)
        done.signal()
    }
}

func failure(_ error: any Error, url: URL, timeout: TimeInterval) -> FetchFailure {
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

func fetch(_ url: URL, timeout: TimeInterval) -> Result<Data, FetchFailure> {
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
    if let error { return .failure(failure(error, url: url, timeout: timeout)) }
    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
        return .failure(.httpStatus(http.statusCode))
    }
    return .success(data ?? Data())
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let url = URL(string: arguments[1]), let timeout = TimeInterval(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: quiz-fetch URL SECONDS\n".utf8))
    exit(2)
}
switch fetch(url, timeout: timeout) {
case .success(let body):
    FileHandle.standardOutput.write(body)
    exit(0)
case .failure(let reason):
    FileHandle.standardError.write(Data((reason.wireText + "\n").utf8))
    exit(1)
}
