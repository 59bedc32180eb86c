import Foundation
import QuizCore
internal import QuizFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Where `HistoryStore.merge` takes games from, told by what is at the path:
/// another data folder (its archive, journal and pending file, read as this
/// store reads its own: `HistorySnapshot`), a lone archive (ours or the
/// classic pattern's), a lone journal, or a `--history --format json` export.
public struct MergeSource: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case folder, archive, journal, export
    }

    public let path: String
    public let kind: Kind

    /// A path that is no source at all.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not there, or not readable.
        case notFound(path: String, reason: String)
        /// There, but no history: neither a data folder, an archive, a journal nor an export.
        case notAHistory(path: String, reason: String)

        public var description: String {
            switch self {
            case .notFound(let path, let reason): "cannot read \(path): \(reason)"
            case .notAHistory(let path, let reason): "\(path) is not a quiz history: \(reason)"
            }
        }
    }

    public init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// The source at `path`: a folder holding a history's files, or a file
    /// told by its first bytes.
    public init(path: String) throws(Failure) {
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0 else { throw .notFound(path: path, reason: SystemReason.current) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            // A folder that cannot be listed is unreadable (66), not a folder without a history (65).
            guard let listing = opendir(path) else { throw .notFound(path: path, reason: SystemReason.current) }
            closedir(listing)
            let names = ["history.archive", "history.journal", "history.pending"]
            guard names.contains(where: { FileManager.default.fileExists(atPath: path + "/" + $0) }) else {
                throw .notAHistory(path: path, reason: "the folder holds no \(names.joined(separator: ", "))")
            }
            kind = .folder
            return
        case S_IFREG: break
        default: throw .notFound(path: path, reason: "it is not a regular file or a folder")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw .notFound(path: path, reason: SystemReason.current) }
        var head = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &head, head.count)
        close(fd)
        head = Array(head.prefix(max(0, count)))
        let text = head.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if head.starts(with: Array("bplist00".utf8)) || text.starts(with: Array("<?xml".utf8))
            || text.starts(with: Array("<plist".utf8))
        {
            kind = .archive
        } else if head.starts(with: Array("QUIZJRN1".utf8)) {
            kind = .journal
        } else if text.first == UInt8(ascii: "[") {
            kind = .export
        } else {
            throw .notAHistory(
                path: path, reason: "it is no data folder, archive, journal or --history --format json export")
        }
    }
}

extension HistoryStore {
    /// What `merge` did.
    public struct MergeReport: Sendable {
        /// Games of the source this history did not hold, added now.
        public var added: Int
        /// Games of the source it held already (each once, by `GameIdentity`).
        public var already: Int
        /// The answers of the games added (imported reviews: those the
        /// history did not hold).
        public var addedAnswers = 0
        /// The source's damage (a `.problem` each, naming the file), then
        /// what this history's own reading said.
        public var diagnostics: [Diagnostic]
        /// The journal is long: run `compact()` (off the player's path).
        public var needsCompaction: Bool
    }

    /// Adds the games of `source` that this history does not hold, each
    /// once (`GameIdentity`, and an export's games as it keeps them:
    /// `KnownGames`), after its own, under the exclusive lock.
    ///
    /// All or nothing: the journal is rewritten whole, its records and then
    /// the new games', to a temporary file that is synced and renamed over
    /// it (`DurableFile.replace(streaming:)`), so a kill at any moment leaves
    /// the history as before or as after. A small history is then folded
    /// into one archive, as a game's record does; a large one's journal is
    /// left for a compaction (`needsCompaction`). The derived files are
    /// removed, for their readers to rebuild. The source is only read: its
    /// damage is said and what can be read of it is taken.
    public func merge(_ source: MergeSource) throws(HistoryError) -> MergeReport {
        switch source.kind {
        case .folder:
            let other = HistoryStore(folder: source.path, scheduler: nil)
            // The source's snapshot is opened under its shared lock, let go
            // of before this history's lock is taken: a folder merged into
            // itself, or two merges each way at once, never wait on each other.
            let read = try other.reading(damage: .readOnly) { snapshot throws(ArchiveError) in
                try merging(exported: false) { add throws(ArchiveError) in try snapshot.forEach(results: true, add) }
            }
            var report = try read.value.get()
            report.diagnostics = read.snapshot.problems + report.diagnostics
            return report
        case .archive:
            var problems: [Diagnostic] = []
            var result = mergingOnce(source, problems: []) { add throws(ArchiveError) in
                var salvaged = try KeyedArchive.mapped(source.path) { archive throws(ArchiveError) in
                    try archive.salvageEach(results: true, add)
                }
                if salvaged == nil {
                    // Not binary (XML): read whole.
                    let whole = try KeyedArchive.salvage((try? Self.whole(source.path)) ?? Data())
                    whole.sessions.forEach(add)
                    salvaged = whole
                }
                guard let salvaged else { return }
                if salvaged.skipped > 0 || salvaged.resultsLost > 0 {
                    let lost = salvaged.skipped > 0 ? salvaged.skipped : salvaged.resultsLost
                    let what = salvaged.skipped > 0 ? "game" : "game's results"
                    problems.append(
                        .problem(
                            "\(source.path) is damaged: \(lost) \(what)\(lost == 1 || salvaged.skipped == 0 ? "" : "s") "
                                + "could not be read (\(salvaged.firstProblem ?? "damaged")); the others are taken",
                            file: source.path))
                }
            }
            result = result.map { report in
                var report = report
                report.diagnostics = problems + report.diagnostics
                return report
            }
            return try result.get()
        case .journal:
            // Read a record at a time (`JournalStream`), each game merged as it is read.
            let fd = open(source.path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
            var info = stat()
            guard fd >= 0, fstat(fd, &info) == 0 else {
                throw .cannotRead(path: source.path, reason: SystemReason.current)
            }
            defer { close(fd) }
            var problems: [Diagnostic] = []
            var failure: HistoryError?
            var result = mergingOnce(source, problems: []) { add throws(ArchiveError) in
                let contents: JournalStream.Read?
                do throws(HistoryError) {
                    contents = try JournalStream.read(source.path, fd: fd, size: Int(info.st_size), from: 0, each: add)
                } catch {
                    failure = error
                    throw .notAnArchive("\(error)")
                }
                guard let contents, contents.isDamaged || contents.tail == .torn else { return }
                let words = contents.rest.map(Self.damageWords).flatMap { contents.isDamaged ? $0 : nil }
                problems.append(
                    .problem(
                        "\(source.path) is damaged: \(words ?? "its last record is cut short"); "
                            + "the games that could be read are taken", file: source.path))
            }
            if let failure { throw failure }
            result = result.map { report in
                var report = report
                report.diagnostics = problems + report.diagnostics
                return report
            }
            return try result.get()
        case .export:
            var problems: [Diagnostic] = []
            var games: [Session] = []
            do {
                let bytes = try [UInt8](Self.whole(source.path))
                let read = try HistoryExport.read(bytes)
                games = read.games
                if read.skipped > 0 {
                    problems.append(
                        .problem(
                            "\(source.path) is damaged: \(read.skipped) game\(read.skipped == 1 ? "" : "s") could not "
                                + "be read (\(read.firstProblem ?? "damaged")); the others are taken", file: source.path
                        ))
                }
            } catch let failure as HistoryExport.Failure {
                let why =
                    switch failure {
                    case .notJSON(let why), .notAnExport(let why): why
                    }
                problems.append(.problem("\(source.path) is damaged: \(why); no game could be read", file: source.path))
            } catch let failure as HistoryError {
                throw failure
            } catch {
                throw .cannotRead(path: source.path, reason: SystemReason.of(error))
            }
            return try mergingOnce(source, problems: problems) { add throws(ArchiveError) in games.forEach(add) }.get()
        }
    }

    /// Adds imported review games (`AnkiReviewImport.sessions`) through the
    /// one merge, each review once (`AnkiReviewImport.ReviewKey`): a game
    /// some of whose reviews the history holds is added as a game of the
    /// others (`AnkiReviewImport.game`), so importing the same package again,
    /// in another time zone, or exported again with more reviews on a day,
    /// adds only what is new.
    public func add(imported games: [Session]) throws(HistoryError) -> MergeReport {
        do {
            return try merging(exported: false, importedReviews: true) { add in games.forEach(add) }.get()
        } catch let error as HistoryError {
            throw error
        } catch {
            // Games in memory cannot be damaged; only the history can fail.
            throw .cannotWrite(path: journalPath, reason: "\(error)")
        }
    }

    /// The most a source read whole (an export, an XML archive) may hold:
    /// a million games exported with their results. A larger file is refused
    /// before a byte of it is read; its data folder merges in bounded memory.
    static let wholeReadLimit = 1 << 30

    /// The bytes of the file at `path`, read whole up to `wholeReadLimit`.
    static func whole(_ path: String) throws(HistoryError) -> Data {
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > wholeReadLimit {
            throw .cannotRead(
                path: path, reason: "it holds more than 1 GiB, more than a merge reads whole; merge its data folder")
        }
        guard let data = FileContents.bounded(path, limit: wholeReadLimit) else {
            throw .cannotRead(path: path, reason: SystemReason.current)
        }
        return data
    }

    /// `merging` a source read once, whose damage is said in `problems`
    /// (an archive that cannot be read at all: said, and nothing added).
    private func mergingOnce(
        _ source: MergeSource, problems: [Diagnostic],
        _ games: ((Session) -> Void) throws(ArchiveError) -> Void
    ) -> Result<MergeReport, HistoryError> {
        var problems = problems
        let result: Result<MergeReport, HistoryError>
        do {
            result = try merging(exported: source.kind == .export, games)
        } catch {
            problems.append(
                .problem("\(source.path) is damaged: \(error); no game could be read", file: source.path))
            return .success(MergeReport(added: 0, already: 0, diagnostics: problems, needsCompaction: false))
        }
        return result.map { report in
            var report = report
            report.diagnostics = problems + report.diagnostics
            return report
        }
    }

    /// The merge itself, under the exclusive lock (see `merge`): `games`
    /// hands over every game of the source; a source that turns out damaged
    /// there throws, and nothing is written. The synced folder merges
    /// through it too (`SyncFolder`).
    func merging(
        exported: Bool, importedReviews: Bool = false, _ games: ((Session) -> Void) throws(ArchiveError) -> Void
    ) throws(ArchiveError) -> Result<MergeReport, HistoryError> {
        var notices: [Diagnostic] = []
        let lock: FileLock
        do throws(HistoryError) {
            try makeFolder(notices: &notices)
            try refuseFilesThatAreNotRegular()
            lock = try self.lock(.exclusive)
        } catch {
            return .failure(error)
        }
        defer { lock.release() }
        removeStaleTemporaryFiles()
        let snapshot: HistorySnapshot
        var known = KnownGames(exported: exported, importedReviews: importedReviews)
        let folded: UInt64
        let count: Int
        do throws(HistoryError) {
            let read = try reading(damage: .repairLocked) { snapshot throws(ArchiveError) in
                var known = KnownGames(exported: exported, importedReviews: importedReviews)
                try snapshot.eachArchiveSession(results: importedReviews) { known.hold($0) }
                return (known, try snapshot.archiveSequence(), try snapshot.archiveCount())
            }
            snapshot = read.snapshot
            (known, folded, count) = read.value
        } catch {
            return .failure(error)
        }
        notices += snapshot.problems
        for game in snapshot.journalGames(after: folded) { known.hold(game) }
        // Pending games the history lacks go in with the merge, as a game's record adds them.
        var pendingKnown: Set<GameIdentity> = []
        let recovered = PendingGames.newGames(in: snapshot.pending, known: &pendingKnown)
        for game in recovered { known.hold(game) }
        // The journal as it is (repaired by the snapshot), copied a chunk at
        // a time, or a new one after the archive.
        var kept = Data()
        var buffer: [UInt8] = []
        var last: UInt64
        if let journal = snapshot.journal {
            let data: Data?
            do throws(HistoryError) {
                data = try journalData()?.data
            } catch {
                return .failure(error)
            }
            guard let data, data.count >= journal.validLength else {
                return .failure(.cannotRead(path: journalPath, reason: "it changed while the history was locked"))
            }
            kept = data.prefix(journal.validLength)
            last = journal.entries.isEmpty ? folded : journal.lastSequence
        } else {
            last = folded > 0 ? folded : UInt64(count)
            buffer = HistoryJournal.header(base: last)
        }
        for game in recovered {
            last += 1
            buffer += HistoryJournal.record(game, sequence: last)
        }
        var added = 0
        var addedAnswers = 0
        var already = 0
        var failure: ArchiveError?
        JournalMark.write(nil, lock: lockPath)
        defer { markJournal() }
        let committed: Bool
        do {
            committed = try DurableFile(journalPath).replace { write in
                // Handed on to `games`, which only calls it before it returns.
                withoutActuallyEscaping(write) { add in
                    var start = kept.startIndex
                    while start < kept.endIndex {
                        let end = min(start + (1 << 20), kept.endIndex)
                        add([UInt8](kept[start..<end]))
                        start = end
                    }
                    do throws(ArchiveError) {
                        try games { game in
                            guard let game = known.add(game) else {
                                already += 1
                                return
                            }
                            added += 1
                            addedAnswers += game.results.count
                            last += 1
                            buffer += HistoryJournal.record(game, sequence: last)
                            if buffer.count >= 1 << 20 {
                                add(buffer)
                                buffer.removeAll(keepingCapacity: true)
                            }
                        }
                    } catch {
                        failure = error
                        return false
                    }
                    guard added > 0 || !recovered.isEmpty else { return false }
                    add(buffer)
                    return true
                }
            }
        } catch {
            return .failure(.cannotWrite(path: journalPath, reason: error.reason))
        }
        if let failure { throw failure }
        var needsCompaction = false
        if committed {
            markJournal()
            let total = Int(clamping: last)
            if total <= inlineCompactionLimit {
                // One whole archive again, as after a game's record; the
                // games are in the journal already if this fails.
                notices += (try? compactLocked(repairing: true))?.notices ?? []
            } else {
                needsCompaction = Int(clamping: last - folded) >= min(1000, max(16, total / 32))
            }
            pending.remove(snapshot.waiting)
            notices += PendingGames.addedNotice(recovered.count)
            for path in [summaryPath, statisticsPath, schedulePath] { removeDerived(path) }
        }
        return .success(
            MergeReport(
                added: added, already: already, addedAnswers: addedAnswers, diagnostics: notices,
                needsCompaction: needsCompaction))
    }
}

/// The games a merge compares the source's with, each kept as a
/// `GameIdentity.Digest` (16 bytes a game, whatever its fields).
///
/// An export keeps less than the history (`HistoryExport.projection`), so a
/// game and its exported copy have different identities. From an export,
/// a game is held when some game of the history projects to it. From any
/// other source, a game is held when its identity is, or when its
/// projection is that of a game of the history that an export could have
/// given (one that is its own projection: an exported game merged before).
/// So an export and the folder it came from, merged in either order, add
/// each game once. Imported reviews are held each by its
/// `AnkiReviewImport.ReviewKey` too (`importedReviews`).
struct KnownGames {
    let exported: Bool
    /// The keys of the imported reviews in the history, when the source is
    /// an import (nil otherwise).
    private var reviews: Set<AnkiReviewImport.ReviewKey>?
    private let iso = HistoryExport.formatter()
    /// The identities of the games (unused for an export).
    private var identities: Set<GameIdentity.Digest> = []
    /// For an export, the projections of every game; otherwise, those of
    /// the games that are their own projection.
    private var projections: Set<GameIdentity.Digest> = []

    init(exported: Bool, importedReviews: Bool = false) {
        self.exported = exported
        if importedReviews { reviews = [] }
    }

    /// `game` is in the history.
    mutating func hold(_ game: Session) {
        if reviews != nil, game.fields.source == AnkiReviewImport.source {
            for result in game.results {
                if let key = AnkiReviewImport.ReviewKey(result) { reviews!.insert(key) }
            }
        }
        if exported {
            projections.insert(projection(game))
            return
        }
        identities.insert(GameIdentity(game).digest)
        if let exportable = exportable(game) { projections.insert(exportable) }
    }

    /// `game` of the source when it is new (and from now on held), nil when
    /// the history holds it. From an import, the game of its reviews the
    /// history does not hold, nil when it holds them all.
    mutating func add(_ game: Session) -> Session? {
        var game = game
        if reviews != nil {
            let new = game.results.filter { result in
                AnkiReviewImport.ReviewKey(result).map { reviews!.insert($0).inserted } ?? true
            }
            if new.isEmpty { return nil }
            if new.count < game.results.count { game = AnkiReviewImport.game(of: new) }
            // Its reviews decide, not the game's fields: the same day's
            // reviews imported to a bank of another name are its questions'.
            identities.insert(GameIdentity(game).digest)
            return game
        }
        if exported { return projections.insert(projection(game)).inserted ? game : nil }
        guard identities.insert(GameIdentity(game).digest).inserted else { return nil }
        if !projections.isEmpty && projections.contains(projection(game)) { return nil }
        if let exportable = exportable(game) { projections.insert(exportable) }
        return game
    }

    private func projection(_ game: Session) -> GameIdentity.Digest {
        GameIdentity(HistoryExport.projection(game, iso: iso)).digest
    }

    /// The projection of `game` when it is its own (the title aside, which
    /// an export may give as its bank's): what an exported game merged is.
    private func exportable(_ game: Session) -> GameIdentity.Digest? {
        let fields = game.fields
        let time = fields.date.timeIntervalSinceReferenceDate
        // The cheap tests first: most games have a fraction of a second.
        guard time.rounded(.down) == time, fields.category == nil, fields.difficulty == nil, fields.source == nil
        else { return nil }
        let projected = HistoryExport.projection(game, iso: iso, keepingTitle: true)
        guard GameIdentity(projected) == GameIdentity(game) else { return nil }
        return projection(game)
    }
}
