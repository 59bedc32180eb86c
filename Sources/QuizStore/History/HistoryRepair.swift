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
                if read.skipped > 0 || read.resultsLost > 0 {
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
        guard !journal.damage.isEmpty else { return problems }
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
                    + (read.firstProblem.map { " (\($0))" } ?? ""))
        }
        if read.resultsLost > 0 {
            parts.append(
                read.resultsLost == 1
                    ? "kept 1 game without its per-question results, which could not be read"
                    : "kept \(read.resultsLost) games without their per-question results, which could not be read")
        }
        let kept = copy.map { "; a copy of it as it was is kept as \($0)" } ?? ""
        return "the history \(archivePath) is damaged: " + parts.joined(separator: ", ") + kept
            + "; every other game is kept"
    }

    /// One line: how much of the journal was skipped.
    func journalDamage(_ journal: HistoryJournal.Contents, keptAs copy: String?) -> String {
        let bytes = journal.damage.reduce(0) { $0 + $1.bytes.count }
        let known = journal.damage.compactMap(\.records).reduce(0, +)
        let open = journal.damage.contains { $0.records == nil }
        let lost =
            open
            ? (known > 0 ? "at least \(known + 1) games" : "at least one game") + " could not be read"
            : known == 0 ? "every game could still be read" : "\(known) game\(known == 1 ? "" : "s") could not be read"
        let header = journal.headerIntact ? "" : " (its header among them)"
        let kept = copy.map { "; a copy of it as it was is kept as \($0)" } ?? ""
        var parts: [String] = []
        if journal.cutShort > 0 {
            let missing = journal.cutShort
            parts.append(
                "it was cut short (it ends \(missing) byte\(missing == 1 ? "" : "s") before the end of "
                    + "the games recorded in it)")
        }
        if bytes > 0 || journal.cutShort == 0 {
            parts.append("skipped \(bytes) damaged byte\(bytes == 1 ? "" : "s")\(header)")
        }
        return "the history's journal \(journalPath) is damaged: " + parts.joined(separator: ", ") + ", \(lost)" + kept
            + "; every other game is kept"
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
