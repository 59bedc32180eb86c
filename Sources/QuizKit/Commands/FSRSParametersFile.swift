import Foundation
import QuizCore
import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// `--fsrs-parameters FILE`: the 21 numbers the FSRS optimizer fitted, in
/// any text around them (a JSON array, a Python list, `Parameters: [...]`,
/// numbers separated by commas or spaces). Tokens are separated by white
/// space and punctuation; a token that is a decimal number (`-1.5e-3`) is a
/// parameter, any other (a word) is ignored, and `#` starts a comment to the
/// end of its line. Exactly 21 numbers, or a list in square brackets of 21
/// (the optimizer's printed settings); a wrong count names the words that
/// look like numbers. The file at most 64 KiB. Without the option, FSRS's defaults.
public enum FSRSParametersFile {
    /// The largest file read: 21 numbers fit in far less.
    static let maximumBytes = 64 * 1024

    public static func scheduler(path: String?, retention: Double) throws(CommandFailure) -> FSRS {
        guard let path else {
            // The published parameters need no check (the bounds' first use was 1% of the menu's start).
            if retention == FSRS.defaultDesiredRetention { return .standard }
            return (try? FSRS(desiredRetention: retention)) ?? .standard
        }
        let read = try Self.numbers(in: try read(path), path: path)
        do {
            return try FSRS(parameters: read.numbers, desiredRetention: retention)
        } catch {
            // Tokens that look like numbers and are not (`0.212.5`, `NaN`) are the likely fault of a wrong count.
            let suspects = read.notNumbers.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
            let hint = read.notNumbers.isEmpty ? "" : " (not read as numbers: \(suspects))"
            throw CommandFailure(status: .dataError, message: "\(path): \(error.description)\(hint)")
        }
    }

    /// The numbers of `text`, in order (see the type's comment): the 21 of
    /// the first list in square brackets that holds 21 (the optimizer's
    /// printed settings, `"w": [ … ], "requestRetention": 0.9, …`, pasted
    /// whole), else every number. `notNumbers`: the words that look like
    /// numbers but are not (`0.212.5`, `1_000`, `15%`, `NaN`, `inf`), said
    /// when the count is wrong.
    static func numbers(in text: String, path: String) throws(CommandFailure) -> (
        numbers: [Double], notNumbers: [Substring]
    ) {
        var numbers: [Double] = []
        var notNumbers: [Substring] = []
        // Words with a digit in them (`0.2l2`, `O.4`, `1/2`, `−0.4` with a Unicode minus), said after those above.
        var weaker: [Substring] = []
        var lists: [[Double]] = []
        var depth = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let code = line.prefix { $0 != "#" }
            var token = code.startIndex
            // A byte order mark is a separator too: "\u{FEFF}0.212" must not hide the first number.
            for index in code.indices + [code.endIndex] {
                let character: Character? = index < code.endIndex ? code[index] : nil
                if let character, !character.isWhitespace, !",;:=[](){}\"'\u{FEFF}".contains(character) { continue }
                let word = code[token..<index]
                token = index < code.endIndex ? code.index(after: index) : index
                if !word.isEmpty {
                    if isNumber(word) {
                        guard let number = Double(word), number.isFinite else {
                            throw CommandFailure(status: .dataError, message: "\(path): '\(word)' is out of range")
                        }
                        numbers.append(number)
                        if depth == 1 { lists[lists.count - 1].append(number) }
                    } else if looksNumeric(word) {
                        notNumbers.append(word)
                    } else if holdsDigit(word) {
                        weaker.append(word)
                    }
                }
                if character == "[" {
                    depth += 1
                    if depth == 1 { lists.append([]) }
                } else if character == "]" {
                    depth = max(0, depth - 1)
                }
            }
        }
        let count = FSRS.defaultParameters.count
        if numbers.count != count, let list = lists.first(where: { $0.count == count }) { numbers = list }
        return (numbers, notNumbers + weaker)
    }

    /// A word with a digit in it that is not a date (`2026-03-01`).
    static func holdsDigit(_ word: Substring) -> Bool {
        guard word.contains(where: \.isNumber) else { return false }
        let date =
            word.count == 10
            && word.enumerated().allSatisfy {
                $0.offset == 4 || $0.offset == 7 ? $0.element == "-" : $0.element.isASCII && $0.element.isNumber
            }
        return !date
    }

    /// A word a person may have meant as a number: `nan` or `inf` (any
    /// case, any sign), or digits (of any script) with only points, `e`,
    /// `x`, `p`, `_`, `%` among them and a sign only after `e` or `p`
    /// (`0.212.5`, `1_000`, `15%`, `0x1p-1`); a date (`2026-03-01`) is a word.
    static func looksNumeric(_ word: Substring) -> Bool {
        let unsigned = word.drop { $0 == "+" || $0 == "-" }
        if ["nan", "inf", "infinity"].contains(unsigned.lowercased()) { return true }
        let start = unsigned.first == "." ? unsigned.dropFirst() : unsigned
        guard start.first?.isNumber == true else { return false }
        var previous: Character = " "
        for character in unsigned {
            let sign = (character == "+" || character == "-") && "eEpP".contains(previous)
            guard character.isNumber || ".eExXpP_%".contains(character) || sign else { return false }
            previous = character
        }
        return true
    }

    /// A decimal number: an optional sign, digits with at most one point
    /// (at least one digit), and an optional exponent `e` with digits.
    static func isNumber(_ token: Substring) -> Bool {
        var rest = token.utf8[...]
        if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        var digits = 0
        var point = false
        while let byte = rest.first, isDigit(byte) || (byte == UInt8(ascii: ".") && !point) {
            if byte == UInt8(ascii: ".") { point = true } else { digits += 1 }
            rest = rest.dropFirst()
        }
        guard digits > 0 else { return false }
        if let byte = rest.first, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { rest = rest.dropFirst() }
            guard let first = rest.first, isDigit(first) else { return false }
            rest = rest.drop { isDigit($0) }
        }
        return rest.isEmpty
    }

    /// The file's text: a regular file of at most `maximumBytes`; anything
    /// else is refused with its reason (66, or 65 for a file too large).
    static func read(_ path: String) throws(CommandFailure) -> String {
        func failure(_ reason: String) -> CommandFailure {
            CommandFailure(status: .noInput, message: "--fsrs-parameters \(path): \(reason)")
        }
        func kindProblem(_ mode: mode_t) -> String? {
            switch mode & S_IFMT {
            case S_IFREG: nil
            case S_IFDIR: "it is a folder, not a file"
            case S_IFIFO: "it is a pipe, not a file; save the parameters to a file first"
            case S_IFCHR, S_IFBLK: "it is a device, not a file"
            case S_IFSOCK: "it is a socket, not a file"
            default: "it is not a regular file"
            }
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw failure(code == ENOENT ? "no such file" : "cannot read it: " + SystemReason.of(code))
        }
        if let problem = kindProblem(info.st_mode) { throw failure(problem) }
        // O_NONBLOCK: should a FIFO take the file's place, opening it must not wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure("cannot read it: " + SystemReason.current) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw failure("cannot read it: " + SystemReason.current) }
        if let problem = kindProblem(info.st_mode) { throw failure(problem) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read it: " + SystemReason.current)
            }
            bytes += buffer[0..<count]
            if bytes.count > maximumBytes {
                throw CommandFailure(
                    status: .dataError,
                    message: "--fsrs-parameters \(path): larger than 64 KiB, too large for a list of 21 parameters")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
