import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// A parsed copy of each bank file played, so that the 5,250 questions of an
/// Open Trivia file are not parsed, decoded and checked again before every
/// game (nor the 12 bundled banks before the menu): one file per bank in
/// `folder` (`~/.cache/quiz/parsed`), named after the bank's absolute path,
/// holding that path, the file's size, modification and status-change times
/// (nanoseconds), device and inode, and the bank in a compact binary form,
/// with a 64-bit check of it all. A copy whose file changed in any of these
/// (a bank edited in place with its size and modification time put back still
/// has a new change time; a bank replaced by another file has a new inode), or
/// that is damaged or of another version, is ignored and written again; a copy
/// that cannot be written costs only the next start-up. `quiz --validate`
/// never uses it.
public struct ParsedBankCache: Sendable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// `$XDG_CACHE_HOME/quiz/parsed`, else `~/.cache/quiz/parsed`.
    public static func defaultFolder(environment: [String: String]) -> String {
        BankCache.defaultFolder(environment: environment) + "/parsed"
    }

    /// 4: banks are refused that version 3 took (a quiz id `review` or with `#`, an `"id"` with `#` or over 200 characters).
    /// 5: and an empty quiz id (`.json`), or `review` in another case.
    /// 6: an Open Trivia file that asks one question twice keeps the first.
    /// 7: a question's `"added"` date.
    /// 8: a file of cards' list answers lose their `- ` and `1. ` markers (`CardImport`).
    static let magic = Array("quiz-parsed-bank 8\n".utf8)

    /// The largest copy read or written: the Open Trivia file's 5,250
    /// questions make a copy of 1.2 MB, so 64 MiB is some 270,000 questions.
    /// A larger copy is ignored (a file put there, or a sparse one, is never
    /// read and checked whole) and a bank whose copy would be larger is
    /// parsed each time instead.
    static let maximumSize = 64 << 20

    /// The bank at `path`: the cached copy when it is the file's, else the
    /// file parsed (and the copy written).
    public func load(path: String) throws(BankError) -> QuestionBank {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return try BankLoader.load(path: path) }
        let absolute = AbsolutePath.resolving(path)
        let stamp = Stamp(path: absolute, size: UInt64(info.st_size), info: info)
        let file = copyPath(for: absolute)
        if let bank = Self.stored(file, stamp: stamp, path: path) { return bank }
        let bank = try BankLoader.load(path: path)
        // Only when the file is still the one read.
        var after = stat()
        if stat(path, &after) == 0, Stamp(path: absolute, size: UInt64(after.st_size), info: after) == stamp {
            write(Self.encode(bank, stamp: stamp), to: file)
        }
        return bank
    }

    /// The questions `choose` picks (positions, given the number the bank
    /// has) of the copy of the bank at `path`, in that order, in a bank
    /// otherwise the same: what `load(path:)` gives with only those
    /// questions, without making the others (decoding the 5,250 questions
    /// of an Open Trivia file of which a game asks five was most of its
    /// start-up). Nil when there is no copy that is the file's, or a
    /// position is not in the bank: then `load(path:)`, which reads the file
    /// and makes the copy.
    public func load(path: String, choosing choose: (Int) -> [Int]) -> QuestionBank? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let absolute = AbsolutePath.resolving(path)
        let stamp = Stamp(path: absolute, size: UInt64(info.st_size), info: info)
        return Self.stored(copyPath(for: absolute), stamp: stamp, path: path, choosing: { choose($0) })
    }

    /// The copy's file: the bank file's name without its extension, in ASCII
    /// letters and digits only (40 at most), and the hash of its whole path.
    /// By bytes: `NSString`'s path methods and `CharacterSet` were 2% of the
    /// menu's start for 12 banks.
    func copyPath(for absolute: String) -> String {
        let hash = String(BankCache.stableHash(absolute), radix: 16)
        let bytes = Array(absolute.utf8)
        let start = (bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        var end = bytes.count
        if let dot = bytes[start...].lastIndex(of: UInt8(ascii: ".")), dot > start { end = dot }
        let kept = bytes[start..<end].filter { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        }
        let slug = String(decoding: kept.prefix(40), as: UTF8.self)
        return folder + "/" + (slug.isEmpty ? "bank" : slug) + "-" + String(repeating: "0", count: 8 - hash.count)
            + hash + ".bank"
    }

    /// What names the file a copy was made of: its path, size, modification
    /// and status-change times, device and inode.
    struct Stamp: Equatable {
        var path: String
        var size: UInt64
        var seconds: Int64
        var nanoseconds: Int64
        var changeSeconds: Int64
        var changeNanoseconds: Int64
        var device: UInt64
        var inode: UInt64

        init(path: String, size: UInt64, info: stat) {
            self.path = path
            self.size = size
            seconds = Int64(info.st_mtim.tv_sec)
            nanoseconds = Int64(info.st_mtim.tv_nsec)
            changeSeconds = Int64(info.st_ctim.tv_sec)
            changeNanoseconds = Int64(info.st_ctim.tv_nsec)
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        init(
            path: String, size: UInt64, seconds: Int64, nanoseconds: Int64, changeSeconds: Int64,
            changeNanoseconds: Int64, device: UInt64, inode: UInt64
        ) {
            self.path = path
            self.size = size
            self.seconds = seconds
            self.nanoseconds = nanoseconds
            self.changeSeconds = changeSeconds
            self.changeNanoseconds = changeNanoseconds
            self.device = device
            self.inode = inode
        }
    }

    /// Writes a temporary file and renames it over the copy: a reader sees
    /// the old copy or the new one. Not synced (`DurableFile`'s `sync: false`):
    /// the copy is checked whole when read and made again when it fails, so a
    /// power cut costs one slower start, while syncing would slow the first
    /// start after every change of a bank (CONTRIBUTING.md, "Measured choices
    /// in the code").
    private func write(_ bytes: [UInt8], to file: String) {
        guard bytes.count <= Self.maximumSize else { return }
        _ = try? PrivateFolder.make(folder)
        try? DurableFile(file).replace(with: bytes, sync: false)
    }

    // MARK: The binary form

    static func encode(_ bank: QuestionBank, stamp: Stamp) -> [UInt8] {
        var out = magic
        out.reserveCapacity(bank.questions.count * 160 + 256)
        func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        func string(_ text: String) {
            u64(UInt64(text.utf8.count))
            out += text.utf8
        }
        func optional(_ text: String?) {
            out.append(text == nil ? 0 : 1)
            if let text { string(text) }
        }
        func strings(_ list: [String]) {
            u64(UInt64(list.count))
            for text in list { string(text) }
        }
        string(stamp.path)
        u64(stamp.size)
        u64(UInt64(bitPattern: stamp.seconds))
        u64(UInt64(bitPattern: stamp.nanoseconds))
        u64(UInt64(bitPattern: stamp.changeSeconds))
        u64(UInt64(bitPattern: stamp.changeNanoseconds))
        u64(stamp.device)
        u64(stamp.inode)
        string(bank.id)
        string(bank.title)
        optional(bank.description)
        u64(UInt64(bank.questions.count))
        for question in bank.questions {
            string(question.prompt)
            switch question.kind {
            case .multipleChoice(let choices, let answer):
                out.append(0)
                strings(choices)
                u64(UInt64(answer))
            case .trueFalse(let value):
                out.append(value ? 2 : 1)
            case .freeText(let answer, let accepted):
                out.append(3)
                string(answer)
                strings(accepted)
            }
            optional(question.explanation)
            let difficulty: UInt8 =
                switch question.difficulty {
                case nil: 0
                case .easy: 1
                case .medium: 2
                case .hard: 3
                }
            out.append(difficulty)
            optional(question.category)
            strings(question.tags)
            optional(question.id)
            out.append(question.strict ? 1 : 0)
            strings(question.reject)
            optional(question.added)
            u64(QuestionIdentity.fingerprintValue(question.prompt))
        }
        let check = out.withUnsafeBytes { Self.checksum($0) }
        withUnsafeBytes(of: check.littleEndian) { out += $0 }
        return out
    }

    private struct Malformed: Error {}

    /// A 64-bit check of the copy, eight bytes at a time (a CRC-32 byte by
    /// byte took a fifth of the start-up): any changed byte changes it.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        return hash
    }

    /// The bank of the copy `file`; nil when there is no copy, or it is not
    /// the file's, or damaged. Read whole (`FileContents.bounded`: a regular
    /// file of at most `maximumSize`, a FIFO never waited on) into memory
    /// that a bank whose questions are made later keeps (a mapping,
    /// unmapped after, cost more for the bundled banks' small copies, and
    /// one kept could fault if the file were cut short under it).
    static func stored(_ file: String, stamp: Stamp, path: String, choosing choose: (Int) -> [Int]? = { _ in nil })
        -> QuestionBank?
    {
        guard let data = FileContents.bounded(file, limit: maximumSize) else { return nil }
        return decode(data, stamp: stamp, path: path, choosing: choose)
    }

    /// The bank of a copy whose stamp is `stamp`; nil when it is not, or is
    /// damaged. With `choose`, only the questions it picks (`load(path:choosing:)`).
    static func decode(
        _ data: Data, stamp: Stamp, path: String, choosing choose: (Int) -> [Int]? = { _ in nil }
    ) -> QuestionBank? {
        data.withUnsafeBytes { raw in
            guard raw.count > magic.count + 8, raw.starts(with: magic) else { return nil }
            let body = UnsafeRawBufferPointer(rebasing: raw[0..<(raw.count - 8)])
            let stored = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self).littleEndian
            guard checksum(body) == stored else { return nil }
            var reader = Reader(bytes: body, offset: magic.count)
            return try? reader.bank(stamp: stamp, path: path, owner: data, choosing: choose)
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset: Int

        mutating func u8() throws(Malformed) -> UInt8 {
            guard offset < bytes.count else { throw Malformed() }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func u64() throws(Malformed) -> UInt64 {
            guard bytes.count - offset >= 8 else { throw Malformed() }
            defer { offset += 8 }
            return bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
        }

        mutating func count() throws(Malformed) -> Int {
            let value = try u64()
            guard value <= UInt64(bytes.count - offset) else { throw Malformed() }
            return Int(value)
        }

        mutating func string() throws(Malformed) -> String {
            let length = try count()
            defer { offset += length }
            // Written from valid strings and checked whole: decoded as they are.
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
        }

        mutating func optional() throws(Malformed) -> String? {
            try u8() == 0 ? nil : try string()
        }

        /// Categories repeat (24 among the 5,250 Open Trivia questions): the
        /// first few dozen distinct ones are made once and shared after.
        var seen: [String] = []

        mutating func sharedOptional() throws(Malformed) -> String? {
            guard try u8() != 0 else { return nil }
            let length = try count()
            let field = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
            for known in seen where known.utf8.count == length {
                let same = known.utf8.withContiguousStorageIfAvailable { stored in
                    length == 0 || memcmp(stored.baseAddress!, field.baseAddress!, length) == 0
                }
                if same == true {
                    offset += length
                    return known
                }
            }
            offset += length
            let made = String(decoding: field, as: UTF8.self)
            if seen.count < 32 { seen.append(made) }
            return made
        }

        mutating func strings() throws(Malformed) -> [String] {
            let number = try count()
            var list: [String] = []
            list.reserveCapacity(number)
            for _ in 0..<number { list.append(try string()) }
            return list
        }

        /// `choose`: given the number of questions, the positions of those to
        /// make, in order; nil for all.
        /// `owner`: the data `bytes` is in, kept by a bank whose questions are made later.
        mutating func bank(stamp: Stamp, path: String, owner: Data, choosing choose: (Int) -> [Int]?)
            throws(Malformed) -> QuestionBank?
        {
            let found = Stamp(
                path: try string(), size: try u64(), seconds: Int64(bitPattern: try u64()),
                nanoseconds: Int64(bitPattern: try u64()), changeSeconds: Int64(bitPattern: try u64()),
                changeNanoseconds: Int64(bitPattern: try u64()), device: try u64(), inode: try u64())
            guard found == stamp else { return nil }
            let id = try string()
            // The copy is the resolved file's, and its id the name it was read
            // by: read by another name (a link), it is that name's bank, parsed
            // and checked as such (an id `review` is refused), not the copy's.
            guard id == BankLoader.quizID(forPath: path) else { return nil }
            let title = try string()
            let description = try optional()
            let number = try count()
            // Where each question starts and what names it, every one checked
            // as making it would; then only the chosen ones are made, or all
            // of them when first asked for (`BankQuestions`).
            var starts: [Int] = []
            var outlines: [BankQuestions.Outline] = []
            starts.reserveCapacity(number)
            outlines.reserveCapacity(number)
            for _ in 0..<number {
                starts.append(offset)
                outlines.append(try outline())
            }
            guard offset == bytes.count else { throw Malformed() }
            guard let chosen = choose(number) else {
                let positions = starts
                let storage = BankQuestions(count: number, outlines: outlines) {
                    owner.withUnsafeBytes { raw in
                        // The same bytes (`bytes` is `owner`'s but its last
                        // eight), checked whole by `outline()` above: nothing here throws.
                        var reader = Reader(bytes: raw, offset: 0)
                        return positions.compactMap { start -> Question? in
                            reader.offset = start
                            return try? reader.question()
                        }
                    }
                }
                return QuestionBank(id: id, title: title, description: description, storage: storage, path: path)
            }
            guard chosen.allSatisfy({ (0..<number).contains($0) }) else { return nil }
            var questions: [Question] = []
            questions.reserveCapacity(chosen.count)
            for position in chosen {
                offset = starts[position]
                questions.append(try question())
            }
            return QuestionBank(id: id, title: title, description: description, questions: questions, path: path)
        }

        mutating func question() throws(Malformed) -> Question {
            let prompt = try string()
            let kind: Question.Kind
            switch try u8() {
            case 0:
                let choices = try strings()
                let answer = try u64()
                guard answer < UInt64(choices.count) else { throw Malformed() }
                kind = .multipleChoice(choices: choices, answer: Int(answer))
            case 1: kind = .trueFalse(false)
            case 2: kind = .trueFalse(true)
            case 3: kind = .freeText(answer: try string(), accepted: try strings())
            default: throw Malformed()
            }
            let explanation = try optional()
            let difficulty: Difficulty?
            switch try u8() {
            case 0: difficulty = nil
            case 1: difficulty = .easy
            case 2: difficulty = .medium
            case 3: difficulty = .hard
            default: throw Malformed()
            }
            var question = Question(
                prompt: prompt, kind: kind, explanation: explanation, difficulty: difficulty,
                category: try sharedOptional(), tags: try strings(), id: try optional(), strict: try u8() != 0,
                reject: try strings(), added: try optional())
            question.knownFingerprint = Question.KnownFingerprint(prompt: prompt, value: try u64())
            return question
        }

        /// Past one question, checking what `question()` checks, making
        /// nothing but what names it: its `"id"` and prompt fingerprint.
        mutating func outline() throws(Malformed) -> BankQuestions.Outline {
            try skipString()
            switch try u8() {
            case 0:
                let choices = try skipStrings()
                guard try u64() < UInt64(choices) else { throw Malformed() }
            case 1, 2: break
            case 3:
                try skipString()
                try skipStrings()
            default: throw Malformed()
            }
            try skipOptional()
            guard try u8() <= 3 else { throw Malformed() }
            try skipOptional()
            try skipStrings()
            let id = try optional()
            _ = try u8()
            try skipStrings()
            try skipOptional()
            return BankQuestions.Outline(id: id?.isEmpty == false ? id : nil, fingerprint: try u64())
        }

        mutating func skipString() throws(Malformed) {
            offset += try count()
        }

        mutating func skipOptional() throws(Malformed) {
            if try u8() != 0 { try skipString() }
        }

        /// Past a list of strings; how many there were.
        @discardableResult
        mutating func skipStrings() throws(Malformed) -> Int {
            let number = try count()
            for _ in 0..<number { try skipString() }
            return number
        }
    }
}
