import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// `JournalStream` (sync files and journals given to `--merge-history`, read
/// a record at a time) against `HistoryJournal.parse` of the whole file:
/// the same games, and for a file without damage the same end of its last
/// whole record and the same tail, whatever was done to it (cut anywhere, a
/// byte changed, a record copied, records larger than its buffer), read from
/// its start or from a record's end as a sync reads a file that grew.
@Suite struct JournalStreamTests {
    func game(_ index: Int, results: Int) -> Session {
        Session(
            date: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index) * 60), score: index % 3, total: 3,
            quiz: "q", title: "Q", duration: 5, seed: Int64(index),
            results: (0..<results).map { number in
                QuestionResult(
                    prompt: "Prompt \(number) " + String(repeating: "x", count: number % 10), outcome: .right,
                    given: "a", answer: "a")
            })
    }

    func stream(_ bytes: [UInt8], from start: Int = 0) throws -> (read: JournalStream.Read?, games: [Session]) {
        let temporary = try TemporaryFolder()
        let path = temporary.file("j.journal")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var games: [Session] = []
        let read = try JournalStream.read(path, fd: fd, size: bytes.count, from: start) { games.append($0) }
        return (read, games)
    }

    @Test(arguments: 0..<40) func theGamesAreThoseOfTheWholeFile(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) + 5)
        // A large game too: a record longer than the buffer read at once.
        let large = seed % 5 == 0
        var records: [[UInt8]] = (0..<(5 + random.below(30))).map { index in
            let results = large && index == 2 ? 50_000 : random.below(8)
            return HistoryJournal.record(game(index, results: results), sequence: UInt64(index + 1))
        }
        if large { #expect(records[2].count > JournalStream.chunkSize) }
        if seed % 4 == 1 { records.append(records[random.below(records.count)]) }  // a copy
        var bytes = HistoryJournal.header(base: 0) + records.joined()
        switch seed % 4 {
        case 2: bytes = Array(bytes.prefix(random.below(bytes.count + 1)))  // cut anywhere
        case 3: bytes[random.below(bytes.count)] ^= 0x5A  // a byte changed
        default: break
        }
        let whole = HistoryJournal.parse(Data(bytes))
        let (read, games) = try stream(bytes)
        #expect((read == nil) == (whole == nil), "seed \(seed)")
        guard let whole, let read else { return }
        #expect(
            Set(games.map(GameIdentity.init)) == Set(whole.entries.map { GameIdentity($0.session) }), "seed \(seed)")
        #expect(games.count == whole.entries.count, "seed \(seed)")
        #expect(read.isDamaged == whole.isDamaged, "seed \(seed)")
        if !whole.isDamaged {
            #expect(read.validLength == whole.validLength && read.tail == whole.tail, "seed \(seed)")
            #expect(read.lastSequence == whole.lastSequence, "seed \(seed)")
        }
        // From the end of a whole record, as a file that grew is read.
        if !whole.isDamaged, whole.entries.count > 2 {
            let start = whole.entries[1].bytes.upperBound
            let (later, rest) = try stream(bytes, from: start)
            #expect(rest.map(GameIdentity.init) == whole.entries.dropFirst(2).map { GameIdentity($0.session) })
            let shown = try #require(later)
            #expect(shown.validLength == whole.validLength - start + HistoryJournal.headerSize)
        }
    }
}
