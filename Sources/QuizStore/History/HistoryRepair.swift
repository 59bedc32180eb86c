import Foundation
import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// Damage repair, with the history's exclusive lock held: a damaged file is
/// first kept as `<name>.damaged-<UTC time>` (a copy, or the file itself
/// renamed when nothing of it can be read), then rewritten with everything
/// that could be read; each repair is one line for the reader. See
/// `HistoryStore`, and CONTRIBUTING.md ("Damage costs only what it touched").
extension HistoryStore {
    /// With the exclusive lock held: finds damage in the journal and the
    /// archive and repairs it, keeping a copy of each damaged file first, so
    /// that nothing readable leaves the history. Returns one line per damaged
    /// file. The archive (read whole) is checked only when `checkArchive`.
    func repairLocked(checkArchive: Bool = true) throws(HistoryError) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var archiveSequence: UInt64?
        if checkArchive {
            switch readArchive() {
            case .success(let read):
                archiveSequence = read.journalSequence
                if read.damaged {
                    let copy = try keepCopy(of: archivePath)
                    try writeAtomically(
                        KeyedArchive.data(for: read.sessions, journalSequence: read.journalSequence), to: archivePath)
                    problems.append(.problem(archiveDamage(read, keptAs: copy), file: archivePath))
                }
            case .failure(.damaged(_, _, let reason)):
                // Unreadable as a whole: moved aside; the journal's games stay.
                let moved = moveAside(archivePath, reason: reason)
                archiveSequence = 0
                problems.append(.problem(moved.description, file: archivePath))
            case .failure(let error): throw error
            }
        }
        guard let parsed = try parsedJournal() else { return problems }
        guard let journal = parsed.contents else {
            problems.append(
                .problem(moveAside(journalPath, reason: "not a quiz journal").description, file: journalPath))
            return problems
        }
        guard journal.isDamaged else { return problems }
        let copy = try keepCopy(of: journalPath)
        // The records that could be read, written again as they were (a
        // damaged length made right), after a header whose base is the last
        // sequence already folded when the header itself was the damage.
        let folded = archiveSequence ?? foldedSequence() ?? 0
        let base =
            journal.headerIntact
            ? journal.baseSequence : min(folded, journal.entries.first.map { $0.sequence - 1 } ?? folded)
        var bytes = HistoryJournal.header(base: base)
        for entry in journal.entries { bytes += HistoryJournal.record(entry.session, sequence: entry.sequence) }
        try writeAtomically(Data(bytes), to: journalPath)
        problems.append(.problem(journalDamage(journal, keptAs: copy), file: journalPath))
        return problems
    }

    /// One line: which games of the archive could not be read.
    func archiveDamage(_ read: ArchiveRead, keptAs copy: String? = nil) -> String {
        var parts: [String] = []
        if read.skipped > 0 {
            parts.append(
                "skipped \(read.skipped) game\(read.skipped == 1 ? "" : "s") that could not be read"
                    + (read.firstProblem.map { " (\($0))" } ?? "")
                    + (read.restored == 0
                        ? ""
                        : read.skipped == 1
                            ? ", read again from the journal"
                            : ", \(read.restored) of them read again from the journal"))
        }
        if let problem = read.journalProblem {
            parts.append(
                "its record of which journal games it holds was damaged (\(problem)), so each journal game was "
                    + "compared with its games and is kept once")
        }
        if read.resultsLost > 0 {
            parts.append(
                read.resultsLost == 1
                    ? "kept 1 game without its per-question results, which could not be read"
                    : "kept \(read.resultsLost) games without their per-question results, which could not be read")
        }
        let kept = copy.map { "; a copy of it as it was is kept as \($0)" } ?? ""
        let lost = read.skipped > read.restored || read.resultsLost > 0
        return "the history \(archivePath) is damaged: " + parts.joined(separator: ", ") + kept
            + (lost ? "; every other game is kept" : "; every game is kept")
    }

    /// One line: how much of the journal was skipped.
    func journalDamage(_ journal: HistoryJournal.Contents, keptAs copy: String?) -> String {
        let kept = copy.map { "; a copy of it as it was is kept as \($0)" } ?? ""
        return "the history's journal \(journalPath) is damaged: " + Self.damageWords(journal) + kept
            + "; every other game is kept"
    }

    /// What was skipped of a journal or a pending file and how many games
    /// that cost, in words: "skipped 40 damaged bytes, 1 game could not be read".
    static func damageWords(_ journal: HistoryJournal.Contents) -> String {
        let bytes = journal.damage.reduce(0) { $0 + $1.bytes.count }
        let (count, atLeast) = journal.lost
        let games = "\(count) game\(count == 1 ? "" : "s")"
        let lost =
            atLeast
            ? "at least \(count == 1 ? "one game" : games) could not be read"
            : count == 0 ? "every game could still be read" : "\(games) could not be read"
        let header = journal.headerIntact ? "" : " (its header among them)"
        var parts: [String] = []
        if journal.cutShort > 0 {
            let missing = journal.cutShort
            parts.append(
                "it was cut short (it ends \(missing) byte\(missing == 1 ? "" : "s") before the end of "
                    + "the games recorded in it)")
        }
        if bytes > 0 || (journal.cutShort == 0 && journal.repeated.isEmpty && !journal.disordered) {
            parts.append("skipped \(bytes) damaged byte\(bytes == 1 ? "" : "s")\(header)")
        }
        if !journal.repeated.isEmpty {
            let copies = journal.repeated.count
            parts.append("dropped \(copies) cop\(copies == 1 ? "y" : "ies") of a game it already held")
        }
        if journal.disordered { parts.append("put its games back in the order they were recorded") }
        return parts.joined(separator: ", ") + ", " + lost
    }

    /// Damaged pending files (`PendingGames.File.damaged`), each under its own
    /// lock as `keep` appends: kept as `<name>.damaged-<UTC time>` (a copy),
    /// then written again with the games that could be read from it, which
    /// wait as before (one with none is renamed aside). One line each; a
    /// file that cannot be set aside is left as it is, and said.
    func repairPending(_ files: [PendingGames.File]) -> [Diagnostic] {
        files.compactMap { file -> Diagnostic? in
            let fd = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { return nil }  // gone already
            defer { close(fd) }
            let what = "the pending file \(file.path) is damaged: "
            guard flock(fd, LOCK_EX) == 0 else {
                return .problem(what + "it could not be locked to set it aside, and is left as it is", file: file.path)
            }
            let durable = DurableFile(file.path)
            guard var journal = PendingGames.parsed(file.path), !journal.entries.isEmpty else {
                let kept = durable.moveAside()
                return .problem(
                    what + "no game could be read from it"
                        + (kept.map { "; it is kept as \($0)" } ?? "; it could not be renamed and is left as it is"),
                    file: file.path)
            }
            var info = stat()
            if fstat(fd, &info) == 0 { journal.markTorn(size: Int(info.st_size)) }
            var bytes = HistoryJournal.header(base: journal.headerIntact ? journal.baseSequence : 0)
            for entry in journal.entries { bytes += HistoryJournal.record(entry.session, sequence: entry.sequence) }
            let copy = durable.damagedName
            do throws(FileFailure) {
                try durable.copyKeepingHoles(to: copy)
                try durable.replace(with: Data(bytes))
            } catch {
                return .problem(
                    what + Self.damageWords(journal)
                        + "; it could not be set aside (\(error.reason)) and is left as it is",
                    file: file.path)
            }
            let waiting = journal.entries.count
            return .problem(
                what + Self.damageWords(journal) + "; a copy of it as it was is kept as \(copy); "
                    + (waiting == 1
                        ? "the one game read from it is kept" : "the \(waiting) games read from it are kept"),
                file: file.path)
        }
    }

    /// Copies `path` to a new `….damaged-<time>` name (synced), its holes
    /// kept holes (`DurableFile.copyKeepingHoles`); returns the name.
    private func keepCopy(of path: String) throws(HistoryError) -> String {
        let file = DurableFile(path)
        let copy = file.damagedName
        do {
            try file.copyKeepingHoles(to: copy)
        } catch {
            throw error.file == path
                ? .cannotRead(path: path, reason: error.reason) : .cannotWrite(path: copy, reason: error.reason)
        }
        return copy
    }

    /// Renames a damaged file to `<name>.damaged-<UTC time>`; never deletes it.
    private func moveAside(_ path: String, reason: String) -> HistoryError {
        .damaged(path: path, movedTo: DurableFile(path).moveAside(), reason: reason)
    }
}
