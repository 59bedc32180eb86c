import CFetch
import Foundation
import QuizStore

/// What one transfer of `cfetch_get` means for the player: success (a 2xx
/// answer, whose body is in the result), or a `FetchFailure` in words a
/// player can act on.
enum FetchOutcome {
    case success
    case failure(FetchFailure)

    // libcurl's CURLcode values (curl/curl.h), the ones given words of their own.
    static let unsupportedProtocol: Int32 = 1
    static let malformedURL: Int32 = 3
    static let weirdServerReply: Int32 = 8
    static let hostNotFound: Int32 = 6
    static let cannotConnect: Int32 = 7
    static let partialFile: Int32 = 18
    static let timedOut: Int32 = 28
    static let tooManyRedirects: Int32 = 47
    static let gotNothing: Int32 = 52
    static let sendError: Int32 = 55
    static let receiveError: Int32 = 56
    static let secureConnection: Set<Int32> = [35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91]

    init(_ result: cfetch_result, url: URL, timeout: TimeInterval, maxBytes: Int) {
        let host = url.host ?? url.absoluteString
        let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if result.too_large != 0 {
            self = .failure(.tooLarge(maxBytes))
            return
        }
        switch result.code {
        case 0:
            self = (200..<300).contains(result.status) ? .success : .failure(.httpStatus(result.status))
        case Self.hostNotFound:
            self = .failure(.hostNotFound(host))
        case Self.cannotConnect:
            self = .failure(.cannotConnect(url.port.map { "\(host) port \($0)" } ?? host))
        case Self.timedOut:
            self = .failure(.timedOut(timeout))
        case Self.unsupportedProtocol, Self.malformedURL:
            self = .failure(.other("not a URL that can be downloaded (\(message))"))
        case Self.weirdServerReply:
            self = .failure(.other("the server's answer is not HTTP"))
        case Self.tooManyRedirects:
            self = .failure(.other("more than 5 redirects"))
        case Self.gotNothing:
            self = .failure(.other("the server closed the connection without answering"))
        case Self.partialFile, Self.sendError, Self.receiveError:
            self = .failure(.other("the connection was lost before the answer was complete"))
        case let code where Self.secureConnection.contains(code):
            self = .failure(.other("the secure connection to \(host) failed: \(message)"))
        default:
            self = .failure(.other(message.isEmpty ? "the download failed (libcurl error \(result.code))" : message))
        }
    }
}
