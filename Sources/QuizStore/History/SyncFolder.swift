import Foundation
import QuizCore
internal import QuizFormats

#if canImport(Glibc)
    import Glibc
#endif

/// The synced folder (`--sync-dir`, `QUIZ_SYNC_DIR`, `sync =`): a folder the
/// player's own engine (Syncthing, Dropbox, git) keeps alike on every machine.
///
/// Each machine writes only its own file there, `quiz-<machine id>.journal`,
/// in the journal's format (`HistoryJournal`: a header, then one checksummed
/// record a game), appended to after each game is recorded here; so the
/// engine never sees two writers of one file. Syncing is merging: every
/// other file that looks like one (`quiz-*.journal`, the engines' conflict
/// copies among them) is read, and the games this history lacks go in
/// through `HistoryStore.merging`, each once by `GameIdentity`, in one
/// atomic rewrite of the journal. A file cut mid-record is read up to its
/// last whole record, silently (it is still arriving); an old copy adds
/// nothing; a file that is no journal is ignored; damage is said once.
///
/// How far each file was read (`SyncState`, `sync.state` in the data folder:
/// its size and a checksum of its header and last bytes) makes a start with
/// nothing new a listing, a stat and two small reads a file; a file that
/// only grew is read from the end of its last whole record (`SyncRead`). The machine id
/// (`sync.machine`) is made once, at random, and kept: two machines may
/// share a host name; a copy of the data folder makes one of its own
/// (`machineID`). This machine's own file is written whole (every game
/// of the history) the first time, and again with the games it lacks when
/// it is not as this machine left it (an old copy came back, an append
/// failed); the games it holds that the history lacks (a data folder
/// restored from a backup) are merged like any other file's.
public struct SyncFolder: Sendable {
    /// The synced folder.
    public let path: String
    public let store: HistoryStore

    public init(path: String, store: HistoryStore) {
        self.path = path
        self.store = store
    }

    /// What `sync()` did.
    public struct Report: Sendable {
        /// Games of other machines added to this history now.
        public var added: Int
        /// What is said: the games added (a notice), damage of a file in the
        /// folder, a folder that cannot be read or written (each once, then
        /// remembered in the state file). Never a `.problem`: the history
        /// here is whole whatever the folder holds.
        public var diagnostics: [Diagnostic]
        /// The journal is long: run `compact()` (off the player's path).
        public var needsCompaction = false
    }

    var machinePath: String { store.folder + "/sync.machine" }
    var statePath: String { store.folder + "/sync.state" }

    /// This machine's id: read from the data folder, or made now (its host
    /// name, for the player to tell the files apart, and 8 random hex digits).
    /// `sync.machine` holds the id, then the data folder it was made for
    /// (`folder DEVICE INODE`): a data folder copied to another machine (a
    /// migration, a restored backup, a cloned VM) is another folder, so it
    /// gets an id of its own and writes a file of its own, never appending to
    /// the one the original still writes (two writers of one file, which the
    /// engines keep one version of). A file of one line (written before) is
    /// taken, and the folder added.
    func machineID() -> String? {
        let folder = Self.folderStamp(store.folder)
        if let data = FileContents.bounded(machinePath, limit: 256),
            let text = String(data: data, encoding: .utf8)
        {
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            if let id = lines.first, Self.isMachineID(id) {
                if lines.count > 1 {
                    if lines[1] == folder { return id }
                } else if let folder {
                    try? DurableFile(machinePath).replace(with: Data((id + "\n" + folder + "\n").utf8))
                    return id
                } else {
                    return id
                }
            }
        }
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        let host = String(
            String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .unicodeScalars.filter {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                }
                .prefix(24))
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let id = (host.isEmpty ? "machine" : host) + "-" + String(repeating: "0", count: 8 - random.count) + random
        do {
            try DurableFile(machinePath).replace(with: Data((id + "\n" + (folder.map { $0 + "\n" } ?? "")).utf8))
        } catch {
            return nil
        }
        return id
    }

    /// `folder DEVICE INODE` of the data folder, or nil when it cannot be read.
    static func folderStamp(_ folder: String) -> String? {
        var info = stat()
        guard stat(folder, &info) == 0 else { return nil }
        return "folder \(UInt64(info.st_dev)) \(UInt64(info.st_ino))"
    }

    static func isMachineID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 40
            && id.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }
    }

    /// The name of this machine's own file in the folder.
    static func fileName(machine id: String) -> String { "quiz-\(id).journal" }

    /// A name a sync file of some machine may have: `quiz-*.journal`, which
    /// takes in Syncthing's `quiz-X.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.journal`
    /// and Dropbox's `quiz-X (conflicted copy …).journal`; not a hidden file
    /// (an engine's temporary, or ours), nor one whose name is not one line.
    static func looksSynced(_ name: String) -> Bool {
        name.hasPrefix("quiz-") && name.hasSuffix(".journal") && !name.contains("\n") && name.count > 13
    }

    // MARK: Syncing

    /// Adds the games of every other machine's file (and of this machine's
    /// own, should it hold games the history lacks) that the history lacks,
    /// and brings this machine's own file up to the history when it is not
    /// as this machine left it. Never throws: what goes wrong is said (once).
    public func sync() -> Report {
        var state = SyncState.read(statePath, folder: path)
        var report = Report(added: 0, diagnostics: [])
        // The data folder first: the state is kept there.
        var notices: [Diagnostic] = []
        try? store.makeFolder(notices: &notices)
        // Made when missing (its engine may not have made it yet on this machine).
        if mkdir(path, 0o700) == 0 { state.files = [:] }
        let names: [String]
        do {
            names = try FolderListing.names(in: path)
        } catch {
            say(
                .notice("cannot read the sync folder \(path): \(error.reason); games are not synced", file: path),
                key: "folder", in: &state, to: &report)
            state.write(statePath)
            return report
        }
        state.said.remove("folder")
        guard let id = knownMachineID(&state, &report) else { return report }
        let own = Self.fileName(machine: id)
        var changed: [(name: String, mark: SyncMark)] = []
        var seen: Set<String> = []
        for name in names where Self.looksSynced(name) {
            guard let mark = SyncMark.of(path + "/" + name) else { continue }
            seen.insert(name)
            if state.files[name]?.mark != mark { changed.append((name, mark)) }
        }
        let ownMark = seen.contains(own) ? SyncMark.of(path + "/" + own) : nil
        let ownStale = ownMark == nil || state.own == nil || state.own?.mark != ownMark
        // Files gone from the folder are forgotten.
        let forgotten = state.files.keys.filter { !seen.contains($0) }
        if changed.isEmpty && !ownStale && forgotten.isEmpty { return report }
        for name in forgotten { state.files[name] = nil }
        // This machine's games first, so that the first sync gives the others
        // the games played here before it.
        if ownStale { writeOwn(id: id, state: &state, report: &report) }
        // Then every file that changed (this machine's own among them: games
        // it holds that the history lacks), merged at once.
        if !changed.isEmpty { merge(changed.map(\.name), state: &state, report: &report) }
        state.write(statePath)
        return report
    }

    /// Appends `session`, just recorded in the history, to this machine's
    /// own file; when that file is not as this machine left it, brings it
    /// up to the history instead. What goes wrong is said once, as a
    /// notice: the game is in the history whatever happens here.
    public func append(_ session: Session) -> [Diagnostic] {
        var state = SyncState.read(statePath, folder: path)
        var report = Report(added: 0, diagnostics: [])
        guard let id = knownMachineID(&state, &report) else { return report.diagnostics }
        let name = Self.fileName(machine: id)
        let ownPath = path + "/" + name
        guard let own = state.own, SyncMark.of(ownPath) == own.mark else {
            writeOwn(id: id, state: &state, report: &report)
            state.write(statePath)
            return report.diagnostics
        }
        let lock: FileLock
        do {
            lock = try store.lock(.exclusive)
        } catch {
            return []
        }
        do throws(FileFailure) {
            // Cut back to where this machine left it: a kill inside an
            // append leaves part of a record, never acknowledged.
            let file = try DurableFile(ownPath).openForAppending(cuttingTo: own.mark.size)
            defer { file.close() }
            try file.append(HistoryJournal.record(session, sequence: own.last + 1))
            if let mark = SyncMark.of(ownPath) {
                // Merged up to its end before: it still is (the game is the history's).
                if state.files[name]?.mark == own.mark { state.files[name] = SyncState.File(mark: mark) }
                state.own = SyncState.Own(mark: mark, last: own.last + 1)
            }
            state.said.remove("write")
        } catch {
            state.own = nil
            say(writeFailure(ownPath, error.reason), key: "write", in: &state, to: &report)
        }
        lock.release()
        state.write(statePath)
        return report.diagnostics
    }

    /// Brings this machine's own file up to the history: the games it lacks
    /// appended (after games came in another way: `--merge-history`, games
    /// that waited in a pending file). What goes wrong is said once.
    public func publish() -> [Diagnostic] {
        var state = SyncState.read(statePath, folder: path)
        var report = Report(added: 0, diagnostics: [])
        guard let id = knownMachineID(&state, &report) else { return report.diagnostics }
        writeOwn(id: id, state: &state, report: &report)
        state.write(statePath)
        return report.diagnostics
    }

    /// The machine id, made when missing; nil (said once) when it cannot be kept.
    private func knownMachineID(_ state: inout SyncState, _ report: inout Report) -> String? {
        var notices: [Diagnostic] = []
        try? store.makeFolder(notices: &notices)
        if let id = machineID() { return id }
        say(
            .notice(
                "cannot keep this machine's id in \(machinePath): \(SystemReason.current); games are not synced",
                file: machinePath), key: "machine", in: &state, to: &report)
        return nil
    }

    private func writeFailure(_ file: String, _ reason: String) -> Diagnostic {
        .notice(
            "cannot write the sync file \(file): \(reason); the game is in the history here, "
                + "and goes to the sync folder when it can", file: file)
    }

    /// Says `diagnostic` unless it was said already (`key` in the state),
    /// and remembers that it was. A file that cannot be written in a folder
    /// that could not be read is not news.
    private func say(_ diagnostic: Diagnostic, key: String, in state: inout SyncState, to report: inout Report) {
        let news = key != "write" || !state.said.contains("folder")
        if state.said.insert(key).inserted && news { report.diagnostics.append(diagnostic) }
    }

    /// This machine's own file made to hold every game of the history: the
    /// games it lacks appended (after its last whole record), or, when there
    /// is none, written whole. Under the history's exclusive lock.
    private func writeOwn(id: String, state: inout SyncState, report: inout Report) {
        let name = Self.fileName(machine: id)
        let ownPath = path + "/" + name
        var notices: [Diagnostic] = []
        let lock: FileLock
        do throws(HistoryError) {
            try store.makeFolder(notices: &notices)
            lock = try store.lock(.exclusive)
        } catch {
            return
        }
        defer { lock.release() }
        // The games the file holds, read a record at a time (their identities kept, not the games).
        var held: Set<GameIdentity.Digest> = []
        var contents: JournalStream.Read?
        if let own = SyncRead(ownPath, after: nil) {
            contents = try? own.records { held.insert(GameIdentity($0).digest) }
            own.close()
        }
        var last = contents?.lastSequence ?? 0
        // The history's games the file lacks, written a MiB at a time.
        do throws(FileFailure) {
            if let contents {
                var file: AppendingFile?
                defer { file?.close() }
                var failure: FileFailure?
                guard
                    eachLacking(
                        &held, last: &last,
                        { bytes in
                            guard failure == nil else { return }
                            do throws(FileFailure) {
                                if file == nil {
                                    file = try DurableFile(ownPath).openForAppending(cuttingTo: contents.validLength)
                                }
                                try file?.append(bytes)
                            } catch {
                                failure = error
                            }
                        })
                else { return }
                if let failure { throw failure }
                if file == nil && contents.tail == .torn {
                    // Nothing to add; cut a torn last record of ours off all the same.
                    try DurableFile(ownPath).openForAppending(cuttingTo: contents.validLength).close()
                }
            } else {
                var complete = true
                _ = try DurableFile(ownPath, temporaryName: .hidden).replace { add in
                    add(HistoryJournal.header(base: 0))
                    complete = eachLacking(&held, last: &last, add)
                    return complete
                }
                guard complete else { return }
            }
        } catch {
            state.own = nil
            say(writeFailure(ownPath, error.reason), key: "write", in: &state, to: &report)
            return
        }
        state.said.remove("write")
        guard let mark = SyncMark.of(ownPath) else { return }
        state.own = SyncState.Own(mark: mark, last: last)
        // The games just written are the history's: the file need not be merged for them.
        if contents == nil { state.files[name] = SyncState.File(mark: mark) }
    }

    /// Hands the records of the history's games not in `held` to `write`, a
    /// MiB at a time, numbered after `last`; false when the history could not be read.
    private func eachLacking(
        _ held: inout Set<GameIdentity.Digest>, last: inout UInt64, _ write: ([UInt8]) -> Void
    ) -> Bool {
        var bytes: [UInt8] = []
        do {
            _ = try store.reading(damage: .repairLocked) { snapshot throws(ArchiveError) in
                try snapshot.forEach(results: true) { game in
                    guard held.insert(GameIdentity(game).digest).inserted else { return }
                    last += 1
                    bytes += HistoryJournal.record(game, sequence: last)
                    if bytes.count >= 1 << 20 {
                        write(bytes)
                        bytes.removeAll(keepingCapacity: true)
                    }
                }
            }
        } catch {
            return false
        }
        if !bytes.isEmpty { write(bytes) }
        return true
    }

    /// Merges the games of the files named `names` that the history lacks
    /// (`HistoryStore.merging`, one rewrite of the journal for them all).
    private func merge(_ names: [String], state: inout SyncState, report: inout Report) {
        var read: [(name: String, file: SyncState.File)] = []
        var damaged: [Diagnostic] = []
        let result: Result<HistoryStore.MergeReport, HistoryError>
        do {
            result = try store.merging(exported: false) { add throws(ArchiveError) in
                for name in names {
                    let file = path + "/" + name
                    guard let bytes = SyncRead(file, after: state.files[name]?.whole) else {
                        // Too large to read (or gone): said once, left alone until it changes.
                        var info = stat()
                        if stat(file, &info) == 0, Int(info.st_size) > HistoryStore.wholeReadLimit,
                            let mark = SyncMark.of(file)
                        {
                            if state.files[name]?.damaged != true {
                                damaged.append(
                                    .notice(
                                        "the sync file \(file) holds more than 1 GiB, more than a sync reads; "
                                            + "it is left alone", file: file))
                            }
                            read.append((name, SyncState.File(mark: mark, damaged: true)))
                        }
                        continue
                    }
                    defer { bytes.close() }
                    var entry = SyncState.File(mark: bytes.mark)
                    defer { read.append((name, entry)) }
                    // A file that is no journal at all (another program's) is ignored.
                    let contents: JournalStream.Read
                    do {
                        guard let records = try bytes.records(add) else { continue }
                        contents = records
                    } catch {
                        if state.files[name]?.damaged != true {
                            damaged.append(
                                .notice("the sync file \(file) cannot be read: \(error); it is left alone", file: file))
                        }
                        entry.damaged = true
                        continue
                    }
                    // A torn last record is a file still arriving: read up to it,
                    // silently, and from there next time.
                    if let rest = contents.rest, rest.isDamaged {
                        entry.damaged = true
                        if state.files[name]?.damaged != true {
                            damaged.append(
                                .notice(
                                    "the sync file \(file) is damaged: \(HistoryStore.damageWords(rest)); "
                                        + "the games that could be read are taken", file: file))
                        }
                    } else {
                        entry.whole = bytes.mark(upTo: contents.validLength)
                    }
                }
            }
        } catch {
            // Not thrown by the closure above.
            return
        }
        switch result {
        case .success(let merged):
            report.added += merged.added
            for (name, file) in read { state.files[name] = file }
            report.diagnostics += damaged
            if merged.added > 0 {
                report.diagnostics.append(
                    .notice(
                        "\(merged.added) game\(merged.added == 1 ? "" : "s") added from the sync folder \(path)",
                        file: path))
            }
            report.diagnostics += merged.diagnostics
            if merged.needsCompaction { report.needsCompaction = true }
        case .failure(let error):
            report.diagnostics.append(.notice("\(error); games are not synced now", file: store.folder))
        }
    }
}

/// A sync file open to read what was not read before: when the file still
/// begins as it did up to the end of its last whole record (`after`, its
/// `SyncMark` there), its records from there; else the whole file. Read
/// through one descriptor, so the marks are of the same file, and a record
/// at a time (`JournalStream`).
struct SyncRead {
    /// Where reading begins in the file (0: at its header).
    var start: Int
    let path: String
    private let fd: Int32
    private let size: Int
    /// The mark of the whole file as read.
    private(set) var mark = SyncMark(size: 0, check: 0)

    init?(_ path: String, after whole: SyncMark?) {
        self.path = path
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 1 << 40 else {
            Glibc.close(fd)
            return nil
        }
        size = Int(info.st_size)
        var from = 0
        if let whole, whole.size >= HistoryJournal.headerSize, whole.size <= size,
            SyncMark.of(fd: fd, length: whole.size) == whole
        {
            from = whole.size
        }
        // No more than a merge reads whole.
        guard size - from <= HistoryStore.wholeReadLimit, let mark = SyncMark.of(fd: fd, length: size) else {
            Glibc.close(fd)
            return nil
        }
        start = from
        self.mark = mark
    }

    /// Its records, each game handed to `each` (`JournalStream.read`): nil
    /// when it is no journal.
    func records(_ each: (Session) -> Void) throws(HistoryError) -> JournalStream.Read? {
        try JournalStream.read(path, fd: fd, size: size, from: start, each: each)
    }

    /// The mark of the file up to `length` bytes of what `records` read (the end of its last whole record).
    func mark(upTo length: Int) -> SyncMark? {
        SyncMark.of(fd: fd, length: start > 0 ? start + length - HistoryJournal.headerSize : length)
    }

    func close() { Glibc.close(fd) }
}

/// A sync file as it was read: its size, and a CRC-32 of its first 16
/// bytes (the header) and its last 4 KiB (the newest records). A file only
/// ever appended to changes its size; one replaced by another of the same
/// size (an old copy with the same number of records, a conflict copy)
/// changes its last bytes.
struct SyncMark: Equatable, Sendable {
    var size: Int
    var check: UInt32

    static let tailSize = 4096

    init(size: Int, check: UInt32) {
        self.size = size
        self.check = check
    }

    /// The mark of the regular file at `path`, from two small reads; nil
    /// when it is not one or cannot be read.
    static func of(_ path: String) -> SyncMark? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return of(fd: fd, length: Int(info.st_size))
    }

    /// The mark of the first `size` bytes of the file open as `fd`; nil when
    /// it is shorter.
    static func of(fd: Int32, length size: Int) -> SyncMark? {
        let headCount = min(HistoryJournal.headerSize, size)
        let tailCount = min(tailSize, size - headCount)
        var bytes = [UInt8](repeating: 0, count: headCount + tailCount)
        let done = bytes.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            return pread(fd, base, headCount, 0) == headCount
                && pread(fd, base + headCount, tailCount, off_t(size - tailCount)) == tailCount
        }
        guard done else { return nil }
        return SyncMark(size: size, check: bytes.withUnsafeBytes { CRC32.checksum($0) })
    }
}

/// `sync.state` in the data folder: the synced folder it describes, how far
/// each file in it was read (`SyncMark`) and whether its damage was said,
/// this machine's own file as it left it, and what was said once already.
/// Lines of text; a file of another folder, another layout or none reads as
/// empty, which costs one reading of every file (merging is idempotent).
struct SyncState {
    struct File: Equatable {
        var mark: SyncMark
        var damaged = false
        /// The mark up to the end of its last whole record, where the next
        /// read starts when the file still begins so; nil: read it whole.
        var whole: SyncMark?
    }

    struct Own: Equatable {
        var mark: SyncMark
        /// The sequence of its last record.
        var last: UInt64
    }

    var folder: String
    var files: [String: File] = [:]
    var own: Own?
    /// What was said and is not said again until it is over: "folder",
    /// "write", "machine".
    var said: Set<String> = []

    static let magic = "quiz-sync 1"

    static func read(_ path: String, folder: String) -> SyncState {
        var state = SyncState(folder: folder)
        guard let data = FileContents.bounded(path, limit: 1 << 20),
            let text = String(data: data, encoding: .utf8)
        else { return state }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[0] == magic, lines[1] == "folder " + folder else { return state }
        for line in lines.dropFirst(2) {
            let words = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false)
            guard let kind = words.first else { continue }
            switch kind {
            case "file" where words.count == 7:
                guard let size = Int(words[1]), let check = UInt32(words[2]) else { continue }
                let whole = Int(words[4]).flatMap { size in UInt32(words[5]).map { SyncMark(size: size, check: $0) } }
                state.files[String(words[6])] = File(
                    mark: SyncMark(size: size, check: check), damaged: words[3] == "damaged", whole: whole)
            case "own" where words.count == 4:
                guard let size = Int(words[1]), let check = UInt32(words[2]), let last = UInt64(words[3]) else {
                    continue
                }
                state.own = Own(mark: SyncMark(size: size, check: check), last: last)
            case "said" where words.count == 2:
                state.said.insert(String(words[1]))
            default: continue
            }
        }
        return state
    }

    /// Written atomically, not synced: a state lost costs a reading of every file.
    func write(_ path: String) {
        var text = Self.magic + "\nfolder " + folder + "\n"
        if let own { text += "own \(own.mark.size) \(own.mark.check) \(own.last)\n" }
        for said in said.sorted() { text += "said \(said)\n" }
        for (name, file) in files.sorted(by: { $0.key < $1.key }) {
            let whole = file.whole.map { "\($0.size) \($0.check)" } ?? "- -"
            text += "file \(file.mark.size) \(file.mark.check) \(file.damaged ? "damaged" : "read") \(whole) \(name)\n"
        }
        try? DurableFile(path).replace(with: Data(text.utf8), sync: false)
    }
}
