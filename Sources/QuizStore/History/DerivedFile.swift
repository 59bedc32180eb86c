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
///     quiz-derived KIND VERSION CRC STAMP SETTINGS
///
/// CRC is the CRC-32 (hexadecimal) of the payload, so damage that still
/// parses is found too. STAMP (`DerivedStamp`) is one rule for every kind:
/// the payload describes the archive as it was (size, modification time)
/// and the journal's records up to a sequence (the journal named by device,
/// inode and size then), never pending games. SETTINGS is what else the
/// payload depends on, the kind's own (the time zone, the scheduler's
/// parameters), with `%` escapes for spaces and control characters. A file
/// whose kind, version, settings or CRC is not now's reads as nil (a file of
/// an older layout too), and the caller rebuilds it.
///
/// A reader takes the payload when the archive is the one stamped and the
/// journal the one stamped, grown only by appends, and adds the journal's
/// records after the sequence and the pending games (`HistoryStore.derived`);
/// it writes the file again only when that tail is long
/// (`rewritesAfter`). `record` keeps the summary and the schedule caught up
/// to the journal's end, which the cheap readers (`HistoryStore.fresh`: the
/// menu's due line, the end of a game) need without reading the journal;
/// the statistics, whose JSON costs more to write than the journal's games to
/// add, are caught up by `--stats` and by `compact`.
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

    /// The file's stamp and payload when it is whole, of this kind, version
    /// and settings; nil otherwise.
    func read() -> (stamp: DerivedStamp, payload: Data)? {
        guard let data = FileContents.bounded(path, limit: Self.maximumSize), let parsed = Self.parse(data),
            matches(parsed), let stamp = DerivedStamp(parsed.stamp)
        else { return nil }
        return (stamp, parsed.payload)
    }

    /// Whether `parsed` is a file of this kind, version and settings.
    func matches(_ parsed: Parsed) -> Bool {
        parsed.kind == kind.rawValue && parsed.version == "\(version)" && parsed.settings == Self.escape(settings)
    }

    /// The file's bytes: the first line, then `payload`.
    func bytes(_ payload: Data, stamp: DerivedStamp) -> Data {
        Self.bytes(
            kind: kind.rawValue, version: "\(version)", stamp: stamp.text, settings: Self.escape(settings), payload)
    }

    /// Whether a reader that added `added` journal records to the payload
    /// writes the file again, in a history of `games`: beyond 1/32 of the
    /// games (as compaction), at least 16 and at most 500 records. Below, adding
    /// them costs less than writing the file (the statistics' JSON is about
    /// 220 KB at 100,000 games), and compaction, at the same share, catches
    /// the file up first.
    static func rewritesAfter(added: Int, games: Int) -> Bool {
        added > max(16, min(500, games / 32))
    }

    /// The CRC-32 of the first line's other fields and the payload: a
    /// changed byte anywhere (a stamp's time, a setting) is damage, read as
    /// no file, and the file is made again. (A file whose CRC covered only
    /// its payload, as once, fails it: made again, once.)
    static func check(
        kind: some StringProtocol, version: some StringProtocol, stamp: some StringProtocol,
        settings: some StringProtocol, _ payload: Data
    ) -> UInt32 {
        let covered = Data("\(kind) \(version) \(stamp) \(settings)\n".utf8) + payload
        return covered.withUnsafeBytes { CRC32.checksum($0) }
    }

    static func bytes(kind: String, version: String, stamp: String, settings: String, _ payload: Data) -> Data {
        let check = Self.check(kind: kind, version: version, stamp: stamp, settings: settings, payload)
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
            check
                == Self.check(kind: fields[1], version: fields[2], stamp: fields[4], settings: fields[5], Data(payload))
        else { return nil }
        return Parsed(
            kind: fields[1], version: fields[2], stamp: String(fields[4]), settings: fields[5], payload: payload)
    }

    /// `text` with `%`, spaces and control characters as `%XX`, so it is one field of the first line.
    static func escape(_ text: String) -> String {
        let bytes = PercentEscape.bytes(text) { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "%") }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What a derived file's payload describes (the STAMP of its first line,
/// `ARCHIVE,JOURNAL,SEQUENCE`): the archive as it was (`size:seconds.nanoseconds`
/// of its modification time, `-` for none), the journal as it was
/// (`device:inode:size:mtime`, `-` for none) and the last journal record the
/// payload holds. quiz only appends to a journal file in place (a rewrite,
/// a repair or a compaction, is a new file by rename), so while the journal
/// has that device and inode and is no shorter, its records up to the
/// sequence are the ones the payload holds, and the records after it are
/// the games recorded since.
struct DerivedStamp: Equatable, Sendable {
    struct Journal: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        /// The modification time (`seconds.nanoseconds`): `fresh` compares
        /// it, so a journal changed in place without growing (damage) is
        /// not taken for the one stamped; a reader of the journal compares
        /// its records' checksums instead.
        var modified: String
    }

    var archive: String
    var journal: Journal?
    var sequence: UInt64

    init(archive: String, journal: Journal?, sequence: UInt64) {
        self.archive = archive
        self.journal = journal
        self.sequence = sequence
    }

    init?(_ text: String) {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 3, !fields[0].isEmpty, let sequence = UInt64(fields[2]) else { return nil }
        archive = String(fields[0])
        self.sequence = sequence
        if fields[1] == "-" {
            journal = nil
        } else {
            let parts = fields[1].split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 4, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
                let size = Int64(parts[2]), !parts[3].isEmpty
            else { return nil }
            journal = Journal(device: device, inode: inode, size: size, modified: String(parts[3]))
        }
    }

    var text: String {
        let file = journal.map { "\($0.device):\($0.inode):\($0.size):\($0.modified)" } ?? "-"
        return "\(archive),\(file),\(sequence)"
    }

    /// Whether the journal `now` still holds this stamp's records as they
    /// were: none was stamped, or the same file, no shorter.
    func journalHolds(_ now: Journal?) -> Bool {
        guard let journal else { return true }
        guard let now else { return false }
        return now.device == journal.device && now.inode == journal.inode && now.size >= journal.size
    }
}

/// What a kind of derived file is made of: its file (kind, version,
/// settings), how its payload is read and written, and how a game is added
/// to the value it holds. The value of a history is every game added in the
/// order recorded (`HistorySnapshot.forEach`), or by date for a kind that is
/// `ordered`, so the kept value plus the games recorded since is the value
/// rebuilt.
protocol DerivedKind {
    associatedtype Value
    var file: DerivedFile { get }
    /// The value of a history without games.
    var empty: Value { get }
    func decode(_ payload: Data) -> Value?
    func encode(_ value: Value) -> Data?
    func add(_ session: Session, to value: inout Value)
    /// Whether the file may lag behind the journal: its readers read the
    /// journal anyway (`--stats`), so one writes it again only when the games
    /// it added are many (`DerivedFile.rewritesAfter`). A kind that does not
    /// lag is read by readers that do not read the journal (the menu, the end
    /// of a game: `HistoryStore.fresh`), and is written again whenever a
    /// reader added a game to it.
    var lags: Bool { get }
    /// Whether the value depends on the order its games are added in (the
    /// schedule): then they are added by `ReviewSchedule.Order` (by date),
    /// whatever order each machine recorded them in, and a game that goes
    /// before one the value holds (not `follows`) has it built again.
    var ordered: Bool { get }
    /// Whether `session` may be added to `value` now (an `ordered` kind's
    /// value holds no game that goes after it).
    func follows(_ session: Session, _ value: Value) -> Bool
}

extension DerivedKind {
    var lags: Bool { false }
    var ordered: Bool { false }
    func follows(_ session: Session, _ value: Value) -> Bool { true }

    /// `games` in the order they are added: as given, or by date when `ordered`.
    func inOrder(_ games: [Session]) -> [Session] {
        ordered ? ReviewSchedule.ordered(games).map { games[$0] } : games
    }

    /// `games` added to `value` (`inOrder`); false, and `value` left as it
    /// was, when the first of them does not follow it (see `ordered`).
    func add(_ games: [Session], to value: inout Value) -> Bool {
        let games = inOrder(games)
        guard let first = games.first else { return true }
        guard follows(first, value) else { return false }
        for game in games { add(game, to: &value) }
        return true
    }
}

extension HistoryStore {
    /// The archive's part of a stamp: its size and modification time (in
    /// nanoseconds), `-` when there is none.
    static func archiveStamp(_ info: stat?) -> String {
        guard let info else { return "-" }
        return "\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The archive's `stat` now, nil when there is none.
    func archiveInfo() -> stat? {
        var info = stat()
        return stat(archivePath, &info) == 0 ? info : nil
    }

    /// The journal's part of a stamp now, nil when there is none.
    func journalFile() -> DerivedStamp.Journal? {
        var info = stat()
        guard stat(journalPath, &info) == 0 else { return nil }
        return DerivedStamp.Journal(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
    }

    /// The stamp of a payload holding every game of the history now but the
    /// pending ones, the journal's last record being `sequence`.
    func derivedStamp(sequence: UInt64) -> DerivedStamp {
        DerivedStamp(archive: Self.archiveStamp(archiveInfo()), journal: journalFile(), sequence: sequence)
    }

    /// `file`'s payload when it holds every game now, without reading the
    /// journal: the archive and the journal are those stamped (the journal
    /// not one byte longer) and no pending game waits. What the menu's due
    /// line and the end of a game read; `record` keeps the summary and the
    /// schedule so.
    func freshPayload(_ file: DerivedFile) -> Data? {
        guard let read = file.read(), read.stamp.archive == Self.archiveStamp(archiveInfo()),
            read.stamp.journal == journalFile(), !gamesWait()
        else { return nil }
        return read.payload
    }

    /// The value `kind`'s file holds, when it holds every game now (`freshPayload`).
    func fresh<Kind: DerivedKind>(_ kind: Kind) -> Kind.Value? {
        freshPayload(kind.file).flatMap(kind.decode)
    }

    /// Writes `value` in `kind`'s file with `stamp`. Replaced atomically but
    /// not synced, as the parsed bank copies are: the file is checked whole
    /// and against the history when read, so a power cut costs one rebuild.
    func save<Kind: DerivedKind>(_ kind: Kind, _ value: Kind.Value, stamp: DerivedStamp) {
        guard let payload = kind.encode(value) else {
            removeDerived(kind.file.path)
            return
        }
        writeDerived(kind.file.bytes(payload, stamp: stamp), to: kind.file.path, sync: false)
    }

    /// The value of the archive and the journal of `snapshot` for `kind`
    /// from its file, when the file describes them (the archive the
    /// snapshot's, the journal the same file, no shorter): the payload, and
    /// the journal's games after its stamp's sequence added (`added` of them).
    /// Nil when it does not, or the history did not read whole. Called with
    /// the history's lock held (`reading`), so the journal is the snapshot's.
    func kept<Kind: DerivedKind>(_ kind: Kind, in snapshot: HistorySnapshot) -> (value: Kind.Value, added: Int)? {
        guard snapshot.problems.whole, let read = kind.file.read(),
            read.stamp.archive == Self.archiveStamp(snapshot.archiveInfo), read.stamp.journalHolds(journalFile()),
            read.stamp.sequence <= snapshot.journal?.lastSequence ?? read.stamp.sequence,
            var value = kind.decode(read.payload)
        else { return nil }
        let games = snapshot.journalGames(after: read.stamp.sequence)
        guard kind.add(games, to: &value) else { return nil }
        return (value, games.count)
    }

    /// The value of `snapshot`'s games for `kind`, built from none: every
    /// game of the archive and the journal (`results`: with their
    /// questions), and `pending` after them. An `ordered` kind's are added
    /// by date: their orders read in a first pass without their results, then
    /// each game read again in that order (the archive's by its position),
    /// so no more than one game is in memory at a time.
    func built<Kind: DerivedKind>(
        _ kind: Kind, from snapshot: HistorySnapshot, results: Bool, pending: [Session] = []
    ) throws(ArchiveError) -> Kind.Value {
        var value = kind.empty
        guard kind.ordered else {
            try snapshot.eachArchiveSession(results: results) { kind.add($0, to: &value) }
            for game in try snapshot.journalGames() + pending { kind.add(game, to: &value) }
            return value
        }
        var scratch: [UInt8] = []
        var orders: [ReviewSchedule.Order] = []
        try snapshot.eachArchiveSession(results: false) { orders.append(ReviewSchedule.Order($0, scratch: &scratch)) }
        let stored = orders.count
        let later = try snapshot.journalGames() + pending
        for game in later { orders.append(ReviewSchedule.Order(game, scratch: &scratch)) }
        let positions = orders.indices.sorted { orders[$0] != orders[$1] ? orders[$0] < orders[$1] : $0 < $1 }
        orders = []
        for position in positions {
            let game =
                position < stored
                ? try snapshot.archiveSession(at: position, results: results) : later[position - stored]
            kind.add(game, to: &value)
        }
        return value
    }

    /// The value of the whole history for `kind`: its file and the journal's
    /// games after it (`kept`), else every game of the archive and the
    /// journal of `snapshot` added (`results`: whether the kind needs their
    /// questions); then the pending games. The file is written again, with
    /// the snapshot's stamp, when the history read whole and the file was
    /// not kept, or games were added to it (many, for a kind that `lags`).
    func derived<Kind: DerivedKind>(_ kind: Kind, from snapshot: HistorySnapshot, results: Bool) throws(ArchiveError)
        -> Kind.Value
    {
        var value: Kind.Value
        var write = snapshot.problems.whole
        if let kept = kept(kind, in: snapshot) {
            value = kept.value
            let games = ((try? snapshot.archiveCount()) ?? 0) + (snapshot.journal?.entries.count ?? 0)
            write = kind.lags ? DerivedFile.rewritesAfter(added: kept.added, games: games) : kept.added > 0
        } else {
            value = try built(kind, from: snapshot, results: results)
        }
        // The snapshot's stamp, written only while the archive is the one read.
        let archive = Self.archiveStamp(snapshot.archiveInfo)
        if write, archive == Self.archiveStamp(archiveInfo()) {
            let sequence = max(try snapshot.archiveSequence(), snapshot.journal?.lastSequence ?? 0)
            save(kind, value, stamp: DerivedStamp(archive: archive, journal: journalFile(), sequence: sequence))
        }
        if !kind.add(snapshot.pendingGames, to: &value) {
            value = try built(kind, from: snapshot, results: results, pending: snapshot.pendingGames)
        }
        return value
    }

    /// Keeps the summary and the schedule caught up while `record` adds a
    /// game under the exclusive lock: made before, with what the file holds
    /// when fresh (or the value of none, with no history yet); `after`, with
    /// the games added and the journal's last sequence, the games applied
    /// and the file written with the new stamp (one that was not fresh is
    /// removed: the next reader rebuilds it).
    struct Refresh {
        var after: ([Session], UInt64) -> Void
    }

    /// The kinds `record` keeps caught up: the summary always, the schedule
    /// when the store has a scheduler and the banks' `index` is given (else
    /// it is removed). Not the statistics: `--stats` adds the journal's games
    /// to its file (`derived`).
    func refreshes(index: QuestionIndex?) -> [Refresh] {
        var refreshes = [refresh(SummaryKind(folder: folder, timeZone: LocalTimeZone.current))]
        if let scheduler, let index {
            refreshes.append(refresh(ScheduleKind(folder: folder, scheduler: scheduler, index: index)))
        } else {
            refreshes.append(Refresh { _, _ in removeDerived(schedulePath) })
        }
        return refreshes
    }

    private func refresh<Kind: DerivedKind>(_ kind: Kind) -> Refresh {
        let none = access(archivePath, F_OK) != 0 && access(journalPath, F_OK) != 0
        let before = none ? kind.empty : fresh(kind)
        return Refresh { games, sequence in
            // A game that goes before one the file holds (an `ordered` kind):
            // removed, for the next reader to build again.
            guard var value = before, kind.add(games, to: &value) else {
                removeDerived(kind.file.path)
                return
            }
            save(kind, value, stamp: derivedStamp(sequence: sequence))
        }
    }

    /// A derived file that describes the history now (`kept`'s rule, the
    /// journal's records up to `stamp.sequence`), read by its bytes, whatever
    /// its kind or settings: what `compact` carries over.
    struct KeptFile {
        var path: String
        var parsed: DerivedFile.Parsed
        var stamp: DerivedStamp
    }

    /// Every derived file that describes the history now (`KeptFile`).
    func keptDerivedFiles() -> [KeptFile] {
        let archive = Self.archiveStamp(archiveInfo())
        let journal = journalFile()
        return DerivedFile.Kind.allCases.compactMap { kind in
            let path = folder + "/" + kind.fileName
            guard let data = FileContents.bounded(path, limit: DerivedFile.maximumSize),
                let parsed = DerivedFile.parse(data), let stamp = DerivedStamp(parsed.stamp),
                stamp.archive == archive, stamp.journalHolds(journal)
            else { return nil }
            return KeptFile(path: path, parsed: parsed, stamp: stamp)
        }
    }

    /// Writes `files` (`keptDerivedFiles`, taken before `compact` folded
    /// `journal` into the archive) again for the history now, the journal's
    /// records up to `sequence` in the archive: a file that held them all by
    /// its bytes with the new stamp; one that held fewer with the journal's
    /// games after its own sequence added, when its kind can add them here
    /// (the summary and the statistics in this time zone; not the schedule,
    /// which needs the banks, and which `record` keeps caught up); any other
    /// is left, stale.
    func carry(_ files: [KeptFile], journal: HistoryJournal.Contents, sequence: UInt64) {
        let stamp = derivedStamp(sequence: sequence)
        let zone = LocalTimeZone.current
        for file in files {
            if file.stamp.sequence == sequence {
                let bytes = DerivedFile.bytes(
                    kind: String(file.parsed.kind), version: String(file.parsed.version), stamp: stamp.text,
                    settings: String(file.parsed.settings), file.parsed.payload)
                writeDerived(bytes, to: file.path, sync: false)
                continue
            }
            let games = journal.entries.games(after: file.stamp.sequence)
            carry(SummaryKind(folder: folder, timeZone: zone), file, adding: games, stamp: stamp)
            carry(StatisticsKind(folder: folder, timeZone: zone), file, adding: games, stamp: stamp)
        }
    }

    /// `file` with `games` added, written with `stamp`, when it is `kind`'s.
    private func carry<Kind: DerivedKind>(_ kind: Kind, _ file: KeptFile, adding games: [Session], stamp: DerivedStamp)
    {
        guard file.path == kind.file.path, kind.file.matches(file.parsed), var value = kind.decode(file.parsed.payload),
            kind.add(games, to: &value)
        else { return }
        save(kind, value, stamp: stamp)
    }
}
