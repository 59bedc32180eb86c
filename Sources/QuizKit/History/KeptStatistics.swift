import Foundation

/// `history.statistics`: the `StatisticsTally` of every game in the archive,
/// so `quiz --stats` reads it and the journal's games instead of the whole
/// archive. Like `history.summary` it names the archive it describes by size,
/// modification time and journal sequence; any mismatch (the archive replaced
/// or repaired, another time zone) and it is rebuilt from the archive, which
/// stays the source of truth. Compaction carries it forward: the kept tally
/// plus the games folded in, without counting the archive again.
struct KeptStatistics: Codable {
    /// Bumped when the tally's shape or meaning changes: an older file is rebuilt.
    static let currentVersion = 1

    var version: Int
    var archiveSize: Int
    var archiveModified: Double
    var journalSequence: UInt64
    var tally: StatisticsTally

    init(archiveSize: Int, archiveModified: Double, journalSequence: UInt64, tally: StatisticsTally) {
        version = Self.currentVersion
        self.archiveSize = archiveSize
        self.archiveModified = archiveModified
        self.journalSequence = journalSequence
        self.tally = tally
    }

    /// The file at `path` when it describes the archive whose `stat` is
    /// `info` (nil for no archive) in `timeZone`; nil otherwise.
    static func read(_ path: String, describing info: stat?, timeZone: TimeZone) -> KeptStatistics? {
        guard let data = FileManager.default.contents(atPath: path),
            let kept = try? JSONDecoder().decode(KeptStatistics.self, from: data),
            kept.version == currentVersion, kept.tally.timeZone == timeZone.identifier
        else { return nil }
        if let info {
            guard kept.archiveSize == Int(info.st_size), kept.archiveModified == HistoryStore.modified(info) else {
                return nil
            }
        } else {
            guard kept.archiveSize == -1 else { return nil }
        }
        return kept
    }
}
