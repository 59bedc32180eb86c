import Foundation
import QuizCore
import QuizKit
import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `quiz-fetch` (beside this program, or in `../libexec/quiz/` when
/// installed) for one download, so `quiz` never links the networking library.
/// quiz-fetch keeps the deadline and the cap itself; quiz keeps them too, a
/// little later, so that nothing quiz-fetch does can hold a game up longer or
/// fill more memory: its output is read with `poll` up to the cap, and it is
/// killed when the deadline has passed by `slack` seconds.
enum FetchProgram {
    /// How long after the deadline quiz stops waiting for quiz-fetch.
    static let slack: TimeInterval = 2

    static func path() -> String? {
        let executable = ExecutablePath.current ?? ""
        let folder = (executable as NSString).deletingLastPathComponent
        let candidates = [
            folder + "/quiz-fetch",
            ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
                "libexec/quiz/quiz-fetch"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let fetch: RemoteBankLoader.Fetch = { url, timeout, maxBytes in
        guard let program = path() else {
            return .failure(.other("quiz-fetch, which downloads banks, is not installed beside quiz"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [url.absoluteString, String(timeout), String(maxBytes)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(.other("cannot run \(program): \(error.localizedDescription)"))
        }
        let deadline = Date().addingTimeInterval(timeout + slack)
        let read = readBoth(
            output: output.fileHandleForReading.fileDescriptor, errors: errors.fileHandleForReading.fileDescriptor,
            maxBytes: maxBytes, deadline: deadline)
        if read.stopped != nil { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        switch read.stopped {
        case .tooLarge: return .failure(.tooLarge(maxBytes))
        case .late: return .failure(.timedOut(timeout))
        case nil: break
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = String(decoding: read.errors, as: UTF8.self)
            return .failure(
                text.isEmpty
                    ? .other("the download program ended without saying why (status \(process.terminationStatus))")
                    : FetchFailure(wireText: text))
        }
        return .success(read.body)
    }

    enum Stop { case tooLarge, late }

    /// Reads both pipes to their ends, sleeping in `poll` between reads: the
    /// body up to `maxBytes` (one byte more stops it: `.tooLarge`), the error
    /// text up to 4 KiB; `.late` when `deadline` passes first.
    static func readBoth(output: Int32, errors: Int32, maxBytes: Int, deadline: Date) -> (
        body: [UInt8], errors: [UInt8], stopped: Stop?
    ) {
        var body: [UInt8] = []
        var errorText: [UInt8] = []
        var open = [output, errors]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return (body, errorText, .late) }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, 60_000).rounded(.up)))
            // poll itself failing (never seen) ends the wait as the deadline would.
            if ready < 0 && errno != EINTR { return (body, errorText, .late) }
            for entry in fds where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 {
                    open.removeAll { $0 == entry.fd }
                    continue
                }
                if entry.fd == output {
                    if body.count + count > maxBytes { return (body, errorText, .tooLarge) }
                    body += buffer[0..<count]
                } else if errorText.count < 4096 {
                    errorText += buffer[0..<min(count, 4096 - errorText.count)]
                }
            }
        }
        return (body, errorText, nil)
    }
}
