import Foundation
import QuizCore
import QuizKit
import QuizStore

/// What reading a line gave.
enum LineEvent: Equatable {
    case line(String)
    /// Ctrl-C at a terminal prompt; `partial` is what had been typed.
    case interrupted(partial: String)
    /// End of input (Ctrl-D on an empty line, or the end of a pipe).
    case end
}

/// Where typed lines come from: libedit on a terminal, plain reading
/// otherwise (a pipe or a file), so scripts and tests can play.
protocol LineInput: AnyObject {
    func readLine(prompt: String) -> LineEvent
    /// What Tab may complete the whole line to, for what is being asked now.
    var completions: [String] { get set }
    /// Adds a command to the Up/Down history (and to the saved history, if any).
    /// Answers are never passed here, so the saved file never gives them away.
    func remember(_ line: String)
    /// Whether input is there to be read without waiting for it (typed or
    /// piped ahead, or its end); false at a terminal's line editor.
    func inputWaiting() -> Bool
}

/// Reads standard input line by line, printing no prompt. Signals keep their
/// default actions here, so SIGINT ends a piped game with status 130.
///
/// A line is at most `maximumBytes` long: the rest of a longer one is read
/// and thrown away without being kept, and the line is refused with one line
/// on standard error and the next one read, so `</dev/zero` or a huge line
/// costs time but never memory. A line holding a NUL byte is refused the same way.
final class PlainLineInput: LineInput {
    static let maximumBytes = 4096
    var completions: [String] = []
    /// Prints the prompt before reading: at a terminal without libedit.
    private let prompting: Bool
    /// What was read from standard input and not yet taken (read(2), not
    /// stdio, so `inputWaiting` can see it).
    private var buffer = [UInt8](repeating: 0, count: 65536)
    private var start = 0
    private var end = 0

    init(prompting: Bool = false) {
        self.prompting = prompting
    }

    func readLine(prompt: String) -> LineEvent {
        while true {
            if prompting { StandardStreams.out(TerminalText.safe(prompt)) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(256)
            var tooLong = false
            var hasNUL = false
            var sawNewline = false
            while true {
                let character = nextByte()
                if character == EOF { break }
                if character == 10 {
                    sawNewline = true
                    break
                }
                if character == 0 { hasNUL = true }
                if bytes.count < Self.maximumBytes {
                    bytes.append(UInt8(truncatingIfNeeded: character))
                } else {
                    tooLong = true
                }
            }
            if !sawNewline && bytes.isEmpty && !tooLong { return .end }
            if tooLong {
                refuse("that line is longer than \(Self.maximumBytes) bytes; it was not read as an answer")
            } else if hasNUL {
                refuse("that line holds a NUL byte; it was not read as an answer")
            } else {
                if bytes.last == 13 { bytes.removeLast() }
                return .line(String(decoding: bytes, as: UTF8.self))
            }
            if !sawNewline { return .end }
        }
    }

    /// The next byte of standard input, or EOF at its end (or on an error).
    private func nextByte() -> Int32 {
        while start == end {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return EOF }
            start = 0
            end = count
        }
        start += 1
        return Int32(buffer[start - 1])
    }

    func inputWaiting() -> Bool {
        if start < end { return true }
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    private func refuse(_ message: String) {
        FileHandle.standardError.write(Data(Console.errorLine(message).utf8))
    }

    func remember(_ line: String) {}
}
