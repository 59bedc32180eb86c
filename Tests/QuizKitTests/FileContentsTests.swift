import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// `FileContents` (bounded reads, the journal's holes) and what relies on
/// it: `HistoryJournal.parse` jumping over holes finds exactly what trying
/// every offset finds, and `DurableFile.copyKeepingHoles` copies the bytes
/// and keeps the holes.
@Suite struct FileContentsTests {
    func journal(_ games: Int) -> [UInt8] {
        var bytes = HistoryJournal.header(base: 0)
        for n in 1...games {
            let game = Session(
                date: Date(timeIntervalSinceReferenceDate: 740_000_000 + Double(n) * 3_600), score: n % 5, total: 5,
                quiz: "quiz-\(n)", title: "Quiz \(n)", duration: 10, seed: Int64(n),
                results: [QuestionResult(prompt: "Q\(n)?", outcome: .right, given: "A", answer: "A")])
            bytes += HistoryJournal.record(game, sequence: UInt64(n))
        }
        return bytes
    }

    func same(_ a: HistoryJournal.Contents?, _ b: HistoryJournal.Contents?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.entries.map(\.sequence) == b.entries.map(\.sequence)
            && a.entries.map(\.bytes) == b.entries.map(\.bytes)
            && a.damage == b.damage && a.validLength == b.validLength && a.tail == b.tail
            && a.baseSequence == b.baseSequence && a.headerIntact == b.headerIntact
    }

    @Test func parsingOverHolesFindsWhatEveryOffsetFinds() {
        var generator = SeededGenerator(seed: 41)
        for _ in 0..<300 {
            var bytes = journal(Int.random(in: 1...12, using: &generator))
            // Zeros, as holes, anywhere, 1 to 3 of them; sometimes to the end.
            var holes: [Range<Int>] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let start = Int.random(in: 0..<bytes.count, using: &generator)
                let end =
                    Bool.random(using: &generator)
                    ? bytes.count : min(bytes.count, start + Int.random(in: 1...200, using: &generator))
                holes.append(start..<end)
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {  // `truncate -s` past the end
                holes.append(bytes.count..<(bytes.count + 5000))
                bytes += [UInt8](repeating: 0, count: 5000)
            }
            for hole in holes { for i in hole { bytes[i] = 0 } }
            // Sorted and merged, as the file system gives them.
            var merged: [Range<Int>] = []
            for hole in holes.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, hole.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, hole.upperBound)
                } else {
                    merged.append(hole)
                }
            }
            let data = Data(bytes)
            #expect(same(HistoryJournal.parse(data, holes: merged), HistoryJournal.parse(data)), "\(merged)")
        }
    }

    @Test func aSparseFileIsReadWithItsHolesAndCopiedWithThem() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("sparse")
        let data = Data(journal(3))
        try data.write(to: URL(fileURLWithPath: path))
        #expect(truncate(path, 64 << 20) == 0)
        let read = try #require(try FileContents.skippingHoles(path))
        #expect(read.data.count == 64 << 20)
        #expect(read.data.prefix(data.count) == data)
        let hole = try #require(read.holes.last)
        #expect(hole.upperBound == 64 << 20 && hole.lowerBound >= data.count && hole.lowerBound <= 1 << 20)
        let copy = temporary.file("copy")
        try DurableFile(path).copyKeepingHoles(to: copy)
        var info = stat()
        #expect(stat(copy, &info) == 0 && info.st_size == 64 << 20 && Int(info.st_blocks) * 512 <= 1 << 20)
        #expect(info.st_mode & 0o777 == 0o600)
        let copied = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(copied == read.data)
    }

    @Test func aBoundedReadRefusesWhatIsLargerOrNotAFile() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("file")
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        #expect(FileContents.bounded(path, limit: 5) == Data("hello".utf8))
        #expect(FileContents.bounded(path, limit: 4) == nil)
        #expect(FileContents.bounded(temporary.file("missing"), limit: 5) == nil)
        let folder = temporary.file("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(FileContents.bounded(folder, limit: 5) == nil && FileContents.isNotRegular(folder))
        let pipe = temporary.file("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(FileContents.bounded(pipe, limit: 5) == nil && FileContents.isNotRegular(pipe))
        #expect(!FileContents.isNotRegular(path) && !FileContents.isNotRegular(temporary.file("missing")))
        #expect(throws: FileFailure.self) { try FileContents.skippingHoles(folder) }
    }
}
