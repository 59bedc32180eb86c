/// The bounds every imported file is held to, and the checks that make its
/// bytes text: what a hostile file (a binary named `.csv`, a 100 MB line,
/// invalid UTF-8, a note of 10,000 fields) meets before any card is read.
/// Documented in the README ("Bringing cards from Anki, Quizlet or a
/// spreadsheet") and the man page.
public enum ImportLimits {
    /// The largest file imported, in bytes: it is read whole, and its bank
    /// is written whole.
    public static let fileBytes = 64 << 20
    /// The longest line: the file is read a chunk at a time, and a line
    /// longer than this is refused when it passes it, before the rest of it
    /// is read (`LineGuard`).
    public static let lineBytes = 1 << 20
    /// The longest field (a card's side), in bytes.
    public static let fieldBytes = 64 << 10
    /// The most fields one record (a note, a row) may hold.
    public static let fields = 1000
    /// The most cards (questions, a package's cards or notes) one file may
    /// hold: a file of millions of tiny cards is refused when its reader
    /// passes this, before it holds them all. A 20,000-note deck is well inside.
    public static let cards = 200_000

    /// What is said of a file of more than `cards` cards.
    public static let tooManyCards = "more than \(cards) cards, the most a file imported may hold"

    /// What is said of a file larger than `fileBytes`.
    public static let fileTooLarge = "larger than \(size(fileBytes)), the most a file of cards imported may be"

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }

    /// Counts the bytes of the line being read across the chunks of a file,
    /// so a reader can stop at the first line longer than `lineBytes`
    /// without holding it.
    public struct LineGuard: Sendable {
        /// The 1-based number of the line being read.
        public private(set) var line = 1
        private var length = 0

        public init() {}

        /// Scans the next chunk; false when the line being read passed the bound in it.
        public mutating func scan(_ chunk: UnsafeRawBufferPointer) -> Bool {
            var start = 0
            while let newline = chunk[start...].firstIndex(of: 10) {
                if length + (newline - start) > ImportLimits.lineBytes { return false }
                line += 1
                length = 0
                start = newline + 1
            }
            length += chunk.count - start
            return length <= ImportLimits.lineBytes
        }

        /// What is said of the line that passed the bound.
        public var problem: String {
            "line \(line) is longer than \(ImportLimits.size(ImportLimits.lineBytes)), the most a line may hold"
        }
    }
}

/// A problem found in an imported file: its line (and column) when known.
struct ImportProblem: Error {
    var line: Int?
    var column: Int?
    var message: String

    init(line: Int? = nil, column: Int? = nil, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    func bankProblem(path: String) -> BankProblem {
        switch (line, column) {
        case (let line?, let column?):
            BankProblem(path: path, place: .position(line: line, column: column), message: message)
        case (let line?, nil): BankProblem(path: path, place: .file, message: "line \(line): " + message)
        default: BankProblem(path: path, place: .file, message: message)
        }
    }
}

/// The bytes of an imported file as text: not empty, no NUL (a binary
/// file), valid UTF-8 (the first bad byte named by its offset), a UTF-8
/// byte-order mark dropped, a UTF-16 one named.
enum ImportText {
    /// The file's bytes, checked, without a byte-order mark.
    static func checked(_ bytes: [UInt8]) throws(ImportProblem) -> ArraySlice<UInt8> {
        if bytes.isEmpty { throw ImportProblem("the file is empty") }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw ImportProblem("UTF-16 text; save it as UTF-8")
        }
        if bytes.count > ImportLimits.fileBytes {
            throw ImportProblem(ImportLimits.fileTooLarge)
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw ImportProblem("a binary file, not text (a NUL byte at byte offset \(nul))")
        }
        if let bad = firstInvalidUTF8(bytes) {
            let line = bytes[..<bad].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
            throw ImportProblem(
                "not UTF-8 text: byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at byte offset \(bad) "
                    + "(line \(line)) is not valid UTF-8; save the file as UTF-8")
        }
        return bytes[(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)...]
    }

    /// The offset of the first byte that does not begin a valid UTF-8
    /// sequence (overlong forms, surrogates and values past U+10FFFF
    /// included), or nil: the character at fault (a Latin-1 `é`, 0xE9, is
    /// named, not the comma after it), as Python names it.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + 1 < count, (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<length {
                guard i + k < count, (0x80...0xBF).contains(bytes[i + k]) else { return i }
            }
            i += length
        }
        return nil
    }
}

extension StringProtocol {
    /// Its pieces between each `separator` byte (an ASCII one: `|`, a
    /// space), empty ones left out. By bytes, not `Character`s: a separator
    /// followed by a combining mark or a joiner is one `Character` with it,
    /// and a split by characters would not see it.
    func pieces(apartBy separator: UInt8) -> [String] {
        utf8.split(separator: separator).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Where `separator` first is, by its bytes (see `pieces(apartBy:)`).
    func byteRange(of separator: String) -> Range<Index>? {
        let wanted = Array(separator.utf8)
        guard let first = wanted.first else { return nil }
        var start = utf8.startIndex
        while let found = utf8[start...].firstIndex(of: first) {
            var end = found
            var matched = true
            for byte in wanted {
                guard end < utf8.endIndex, utf8[end] == byte else {
                    matched = false
                    break
                }
                end = utf8.index(after: end)
            }
            if matched { return found..<end }
            start = utf8.index(after: found)
        }
        return nil
    }
}
