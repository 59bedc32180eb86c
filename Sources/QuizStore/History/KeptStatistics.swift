import Foundation
import QuizCore
internal import QuizFormats

/// `history.statistics`: the `StatisticsTally` of every game in the archive,
/// so `quiz --stats` reads it and the journal's games instead of the whole
/// archive. Like `history.summary` it names the archive it describes by size,
/// modification time and journal sequence; any mismatch (the archive replaced
/// or repaired, another time zone) and it is rebuilt from the archive, which
/// stays the source of truth. Compaction carries it forward: the kept tally
/// plus the games folded in, without counting the archive again.
struct KeptStatistics: Codable {
    /// Bumped when the tally's shape or meaning changes: an older file is rebuilt.
    /// 2: a review's answers count for their questions' own quizzes.
    static let currentVersion = 2

    /// The largest file read (`FileContents.bounded`) or written: the tally
    /// grows with quizzes, days and hours played, about 45 KB at 100,000
    /// games (BENCHMARKS.md), so 64 MiB leaves a thousandfold room; anything
    /// larger is ignored, and the archive counted instead.
    static let maximumSize = 64 << 20

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

    /// The file's first line: a name, the version and a CRC-32 of the JSON
    /// after it, so damage that still parses is found too.
    static let magic = "quiz-statistics"

    /// The file's bytes: the first line, then the JSON.
    func fileData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(self)
        let check = json.withUnsafeBytes { CRC32.checksum($0) }
        return Data("\(Self.magic) \(version) \(String(check, radix: 16))\n".utf8) + json
    }

    /// The file at `path` when it is whole and describes the archive whose
    /// `stat` is `info`, in `timeZone`; nil otherwise (then it is rebuilt).
    static func read(_ path: String, describing info: stat, timeZone: TimeZone) -> KeptStatistics? {
        guard let data = FileContents.bounded(path, limit: maximumSize),
            let newline = data.firstIndex(of: 10),
            let header = String(data: data[data.startIndex..<newline], encoding: .utf8)
        else { return nil }
        let json = data[(newline + 1)...]
        let fields = header.split(separator: " ")
        guard fields.count == 3, fields[0] == magic, fields[1] == "\(currentVersion)",
            UInt32(fields[2], radix: 16) == json.withUnsafeBytes({ CRC32.checksum($0) }),
            let kept = try? JSONDecoder().decode(KeptStatistics.self, from: json),
            kept.version == currentVersion, LocalTimeZone.sameRules(kept.tally.timeZone, timeZone),
            kept.archiveSize == Int(info.st_size), kept.archiveModified == HistoryStore.modified(info)
        else { return nil }
        return kept
    }
}
