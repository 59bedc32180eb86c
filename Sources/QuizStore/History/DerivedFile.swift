import Foundation
import QuizCore
internal import QuizFormats

#if canImport(Glibc)
    import Glibc
#endif

/// A file derived from the history (`history.summary`, `history.statistics`,
/// `history.schedule`): never the only copy of anything, never trusted, and
/// rebuilt from the history when missing, stale or damaged. One layout for
/// all of them, a first line and then the kind's payload:
///
///     quiz-derived KIND VERSION CRC FILES SETTINGS
///
/// CRC is the CRC-32 (hexadecimal) of the payload, so damage that still
/// parses is found too. FILES is the stamp, one rule for every kind: what
/// the history's files are now (`HistoryStore.derivedStamp`: size and
/// modification time of the archive, the journal and every pending path).
/// SETTINGS is what else the payload depends on, the kind's own (the time
/// zone, the scheduler's parameters), with `%` escapes for spaces and
/// control characters. The file is used only when kind, version, stamp and
/// settings are those of now and the CRC matches; anything else reads as nil
/// (a file of an older layout too), and the caller rebuilds it.
///
/// The store keeps every kind it knows fresh itself, under its exclusive
/// lock: `record` applies the games it adds to each file that was fresh
/// before, `compact` re-stamps them (`HistoryStore.refreshDerived`).
struct DerivedFile: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case summary
        case statistics
        case schedule

        /// The file's name in the data folder.
        var fileName: String { "history." + rawValue }
    }

    static let magic = "quiz-derived"

    /// The largest file read (`FileContents.bounded`) or written: each kind
    /// holds about 45 to 90 KB at 100,000 games (BENCHMARKS.md), so 64 MiB
    /// leaves a large room; a larger one is not read (the history is, slower
    /// but right), and is replaced when rebuilt.
    static let maximumSize = 64 << 20

    let kind: Kind
    /// Bumped when the kind's payload changes shape or meaning: an older file is rebuilt.
    let version: Int
    let path: String
    /// What else the payload depends on (`%`-escaped when written).
    let settings: String

    init(_ kind: Kind, version: Int, folder: String, settings: String) {
        self.kind = kind
        self.version = version
        path = folder + "/" + kind.fileName
        self.settings = settings
    }

    /// The payload of the file when it is whole and describes the history
    /// whose stamp is `stamp` with these settings; nil otherwise.
    func payload(stamp: String) -> Data? {
        guard let data = FileContents.bounded(path, limit: Self.maximumSize),
            let parsed = Self.parse(data),
            parsed.kind == kind.rawValue, parsed.version == "\(version)", parsed.stamp == stamp,
            parsed.settings == Self.escape(settings)
        else { return nil }
        return parsed.payload
    }

    /// The file's bytes: the first line, then `payload`.
    func bytes(_ payload: Data, stamp: String) -> Data {
        Self.bytes(kind: kind.rawValue, version: "\(version)", stamp: stamp, settings: Self.escape(settings), payload)
    }

    static func bytes(kind: String, version: String, stamp: String, settings: String, _ payload: Data) -> Data {
        let check = payload.withUnsafeBytes { CRC32.checksum($0) }
        let line = "\(magic) \(kind) \(version) \(String(check, radix: 16)) \(stamp) \(settings)\n"
        return Data(line.utf8) + payload
    }

    /// A file's first line, read, and its payload when its CRC matches.
    struct Parsed {
        var kind: Substring
        var version: Substring
        var stamp: String
        var settings: Substring
        var payload: Data
    }

    /// `data` read as a derived file of any kind: nil when its first line
    /// is not one, or the payload fails its CRC.
    static func parse(_ data: Data) -> Parsed? {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let line = String(data: data[data.startIndex..<newline], encoding: .utf8)
        else { return nil }
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        let payload = data[(newline + 1)...]
        guard fields.count == 6, fields[0] == magic, let check = UInt32(fields[3], radix: 16),
            check == payload.withUnsafeBytes({ CRC32.checksum($0) })
        else { return nil }
        return Parsed(
            kind: fields[1], version: fields[2], stamp: String(fields[4]), settings: fields[5], payload: payload)
    }

    /// `text` with `%`, spaces and control characters as `%XX`, so it is one field of the first line.
    static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") {
                bytes.append(UInt8(ascii: "%"))
                bytes += Array(String(byte >> 4, radix: 16, uppercase: true).utf8)
                bytes += Array(String(byte & 15, radix: 16, uppercase: true).utf8)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What a kind of derived file is made of: its file (kind, version,
/// settings), how its payload is read and written, and how a game is added
/// to the value it holds. The value of a history is every game added in the
/// order recorded (`HistorySnapshot.forEach`), so the kept value plus the
/// games recorded since is the value rebuilt.
protocol DerivedKind {
    associatedtype Value
    var file: DerivedFile { get }
    /// The value of a history without games.
    var empty: Value { get }
    func decode(_ payload: Data) -> Value?
    func encode(_ value: Value) -> Data?
    func add(_ session: Session, to value: inout Value)
}

extension HistoryStore {
    /// The stamp of every derived file: what the history's files are now,
    /// the size and modification time (in nanoseconds) of the archive, the
    /// journal and every pending path (`-` for one that is not there).
    func derivedStamp() -> String {
        var parts: [String] = []
        for path in [archivePath, journalPath] + pendingPaths {
            var info = stat()
            if stat(path, &info) == 0 {
                parts.append("\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
            } else {
                parts.append("-")
            }
        }
        return parts.joined(separator: ",")
    }

    /// The value `kind`'s file holds, when it is fresh.
    func fresh<Kind: DerivedKind>(_ kind: Kind) -> Kind.Value? {
        kind.file.payload(stamp: derivedStamp()).flatMap(kind.decode)
    }

    /// Writes `value` in `kind`'s file with `stamp`, the history's when the
    /// value was read from it. Replaced atomically but not synced, as the
    /// parsed bank copies are: the file is checked whole and against the
    /// history's stamp when read, so a power cut costs one rebuild.
    func save<Kind: DerivedKind>(_ kind: Kind, _ value: Kind.Value, stamp: String) {
        guard let payload = kind.encode(value) else {
            removeDerived(kind.file.path)
            return
        }
        writeDerived(kind.file.bytes(payload, stamp: stamp), to: kind.file.path, sync: false)
    }

    /// The value of the whole history for `kind`: its file when fresh and
    /// the history read whole, else every game of `snapshot` added
    /// (`results`: whether the kind needs their questions), and the file
    /// written again.
    func derived<Kind: DerivedKind>(_ kind: Kind, from snapshot: HistorySnapshot, results: Bool) throws(ArchiveError)
        -> Kind.Value
    {
        let stamp = derivedStamp()
        if snapshot.problems.whole, let value = kind.file.payload(stamp: stamp).flatMap(kind.decode) { return value }
        var value = kind.empty
        try snapshot.forEach(results: results) { kind.add($0, to: &value) }
        // Stamped as the history was before it was read, and written only if
        // it still is: a game recorded meanwhile leaves the file stale.
        if snapshot.problems.whole, derivedStamp() == stamp { save(kind, value, stamp: stamp) }
        return value
    }

    /// Keeps the derived files of this store fresh while the history
    /// changes under the exclusive lock: `before` the change, what each
    /// kind's file holds when fresh; `after`, the games the change added
    /// applied and the files written with the new stamp (a file that was not
    /// fresh is removed: the next reader rebuilds it; with no history yet,
    /// each starts from the value of none).
    struct Refresh {
        var after: ([Session]) -> Void
    }

    /// The kinds this store keeps: the summary and the statistics always,
    /// the schedule when the store has a scheduler and the banks' `index`
    /// is given.
    func refreshes(index: QuestionIndex?) -> [Refresh] {
        let zone = LocalTimeZone.current
        var refreshes = [
            refresh(SummaryKind(folder: folder, timeZone: zone)),
            refresh(StatisticsKind(folder: folder, timeZone: zone)),
        ]
        if let scheduler, let index {
            refreshes.append(refresh(ScheduleKind(folder: folder, scheduler: scheduler, index: index)))
        } else {
            let path = folder + "/" + DerivedFile.Kind.schedule.fileName
            refreshes.append(Refresh { _ in removeDerived(path) })
        }
        return refreshes
    }

    private func refresh<Kind: DerivedKind>(_ kind: Kind) -> Refresh {
        let none = access(archivePath, F_OK) != 0 && access(journalPath, F_OK) != 0
        let before = none ? kind.empty : fresh(kind)
        return Refresh { games in
            guard var value = before else {
                removeDerived(kind.file.path)
                return
            }
            for game in games { kind.add(game, to: &value) }
            save(kind, value, stamp: derivedStamp())
        }
    }

    /// Every derived file fresh now, whatever its kind or settings, by its
    /// bytes: `compact` rewrites the history's files with no game added or
    /// lost, so these only need the new stamp (`restamp`).
    func freshDerivedFiles() -> [(path: String, parsed: DerivedFile.Parsed)] {
        let stamp = derivedStamp()
        return DerivedFile.Kind.allCases.compactMap { kind in
            let path = folder + "/" + kind.fileName
            guard let data = FileContents.bounded(path, limit: DerivedFile.maximumSize),
                let parsed = DerivedFile.parse(data), parsed.stamp == stamp
            else { return nil }
            return (path, parsed)
        }
    }

    /// Writes `files` (`freshDerivedFiles`) again with the history's stamp now.
    func restamp(_ files: [(path: String, parsed: DerivedFile.Parsed)]) {
        let stamp = derivedStamp()
        for (path, parsed) in files {
            let bytes = DerivedFile.bytes(
                kind: String(parsed.kind), version: String(parsed.version), stamp: stamp,
                settings: String(parsed.settings), parsed.payload)
            writeDerived(bytes, to: path, sync: false)
        }
    }
}
