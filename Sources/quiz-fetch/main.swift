// quiz-fetch URL SECONDS [MAXBYTES]: one GET, for `quiz --questions URL`.
// The body of a 2xx answer goes to standard output (exit 0); otherwise one
// line on standard error says why, in `FetchFailure.wireText` form (exit 1).
// SECONDS is a deadline for the whole transfer and MAXBYTES (32 MiB unless
// given) a cap on the body, so a server that sends without end, says nothing,
// or trickles a byte now and then costs at most that much time and memory;
// the waiting is in poll(2), so a silent server costs no CPU. The transfer is
// libcurl's (Sources/CFetch). It is a program of its own so that `quiz`
// itself never loads a networking library.
import CFetch
import Foundation
import QuizStore

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4, let url = URL(string: arguments[1]),
    let timeout = TimeInterval(arguments[2]), timeout > 0, timeout.isFinite,
    let maxBytes = arguments.count == 4 ? Int(arguments[3]) : RemoteBankLoader.defaultMaxBytes, maxBytes > 0
else {
    FileHandle.standardError.write(Data("usage: quiz-fetch URL SECONDS [MAXBYTES]\n".utf8))
    exit(2)
}

var result = cfetch_get(arguments[1], Int(min(timeout * 1000, 86_400_000).rounded(.up)), maxBytes)
defer { cfetch_free(&result) }
switch FetchOutcome(result, url: url, timeout: timeout, maxBytes: maxBytes) {
case .success:
    if let body = result.body, result.length > 0 {
        FileHandle.standardOutput.write(Data(bytes: body, count: result.length))
    }
    exit(0)
case .failure(let reason):
    FileHandle.standardError.write(Data((reason.wireText + "\n").utf8))
    exit(1)
}
