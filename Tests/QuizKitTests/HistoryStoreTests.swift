import Foundation
import Testing

@testable import QuizKit

private func session(_ n: Int) -> Session {
    Session(
        date: Date(timeIntervalSinceReferenceDate: 740_000_000 + Double(n) * 3_600), score: n % 5, total: 5,
        quiz: "quiz-\(n)", title: "Quiz \(n)", duration: Double(n), seed: Int64(n))
}

private let garbage = Data("this is not an archive \u{0}\u{1}\u{2} ✗".utf8)

private func contents(of folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

@Suite("HistoryStore")
struct HistoryStoreTests {
    @Test func absentArchiveIsAnEmptyHistory() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let store = HistoryStore(folder: temporary.file("never-created"))
        #expect(try store.load() == [])
        #expect(!FileManager.default.fileExists(atPath: store.folder))
    }

    @Test func recordAppendsAndReturnsEverySession() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let store = HistoryStore(folder: temporary.file("data/quiz"))
        #expect(store.archivePath == temporary.file("data/quiz/history.archive"))

        let first = try store.record(session(1))
        #expect(first.sessions == [session(1)])
        #expect(first.damage == nil)
        let second = try store.record(session(2))
        #expect(second.sessions == [session(1), session(2)])
        #expect(try store.load() == [session(1), session(2)])

        // A second store on the same folder (another terminal) appends to what is on disk.
        let other = HistoryStore(folder: temporary.file("data/quiz"))
        #expect(try other.record(session(3)).sessions == [session(1), session(2), session(3)])
        #expect(try store.load() == [session(1), session(2), session(3)])
    }

    @Test func archiveOnDiskIsAKeyedArchive() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let store = HistoryStore(folder: temporary.file("quiz"))
        _ = try store.record(session(1))
        let data = try Data(contentsOf: URL(fileURLWithPath: store.archivePath))
        #expect(data.starts(with: Array("bplist00".utf8)))
        #expect(try KeyedArchive.sessions(from: data) == [session(1)])
        #expect(!contents(of: store.folder).contains { $0.contains(".tmp-") })
    }

    @Test func folderIsCreated0700AndFiles0600() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let store = HistoryStore(folder: temporary.file("deep/data/quiz"))
        _ = try store.record(session(1))
        #expect(permissions(of: store.folder) == 0o700)
        #expect(permissions(of: store.archivePath) == 0o600)
        for name in contents(of: store.folder) {
            #expect(permissions(of: store.folder + "/" + name) == 0o600, "\(name)")
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: store.archivePath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    @Test func damagedArchiveIsMovedAsideByLoad() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let store = HistoryStore(folder: temporary.file("quiz"))
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        try garbage.write(to: URL(fileURLWithPath: store.archivePath))

        let error = #expect(throws: HistoryError.self) { try store.load() }
        guard case .damaged(let path, let movedTo, let reason) = error else {
            Issue.record("expected .damaged, got \(String(describing: error))")
            return
        }
        #expect(path == store.archivePath)
        let kept = try #require(movedTo)
        #expect((kept as NSString).deletingLastPathComponent == store.folder)
        #expect((kept as NSString).lastPathComponent.hasPrefix("history.archive.damaged-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == garbage)
        #expect(!FileManager.default.fileExists(atPath: store.archivePath))
        #expect(reason == "not a keyed archive (not a binary property list)")
        let message = try #require(error?.description)
        #expect(message.contains(store.archivePath))
        #expect(message.contains(kept))

        // The next game starts a new history and leaves the damaged file alone.
        let report = try store.record(session(4))
        #expect(report.sessions == [session(4)])
        #expect(report.damage == nil)
        #expect(try store.load() == [session(4)])
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == garbage)
    }

    @Test func recordOverADamagedArchiveSucceedsAndReportsIt() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let store = HistoryStore(folder: temporary.file("quiz"))
        _ = try store.record(session(1))
        let valid = try Data(contentsOf: URL(fileURLWithPath: store.archivePath))
        let truncated = valid.prefix(valid.count / 2)
        try truncated.write(to: URL(fileURLWithPath: store.archivePath))

        let report = try store.record(session(2))
        #expect(report.sessions == [session(2)])
        guard case .damaged(let path, let movedTo, _) = report.damage else {
            Issue.record("expected the damage to be reported, got \(String(describing: report.damage))")
            return
        }
        #expect(path == store.archivePath)
        let kept = try #require(movedTo)
        #expect((kept as NSString).lastPathComponent.hasPrefix("history.archive.damaged-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == truncated)
        #expect(try store.load() == [session(2)])
    }

    @Test func twoDamagedArchivesAreBothKept() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let store = HistoryStore(folder: temporary.file("quiz"))
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        let first = Data("first damage".utf8)
        let second = Data("second damage".utf8)
        try first.write(to: URL(fileURLWithPath: store.archivePath))
        _ = try store.record(session(1))
        try second.write(to: URL(fileURLWithPath: store.archivePath))
        _ = try store.record(session(2))
        let kept = contents(of: store.folder).filter { $0.hasPrefix("history.archive.damaged-") }
        #expect(kept.count == 2)
        let keptData = Set(try kept.map { try Data(contentsOf: URL(fileURLWithPath: store.folder + "/" + $0)) })
        #expect(keptData == [first, second])
    }

    @Test func folderThroughARegularFileCannotBeCreated() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        try temporary.write("just a file", to: "afile")
        let folder = temporary.file("afile/quiz")
        let store = HistoryStore(folder: folder)
        let error = #expect(throws: HistoryError.self) { try store.record(session(1)) }
        guard case .cannotCreateFolder(let path, let reason) = error else {
            Issue.record("expected .cannotCreateFolder, got \(String(describing: error))")
            return
        }
        #expect(path == folder)
        #expect(!reason.isEmpty)
        #expect(error?.description.hasPrefix("cannot create the data folder \(folder): ") == true)
    }

    @Test func folderThatIsAFileIsInTheWay() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        try temporary.write("just a file", to: "quiz")
        let store = HistoryStore(folder: temporary.file("quiz"))
        let error = #expect(throws: HistoryError.self) { try store.record(session(1)) }
        #expect(
            error?.description
                == "cannot create the data folder \(temporary.file("quiz")): a file of that name is in the way")
    }

    @Test func concurrentRecordsAreAllKept() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.file("quiz")
        DispatchQueue.concurrentPerform(iterations: 8) { n in
            _ = try? HistoryStore(folder: folder).record(session(n))
        }
        let loaded = try HistoryStore(folder: folder).load()
        #expect(loaded.count == 8)
        #expect(Set(loaded.compactMap(\.seed)) == Set(0..<8))
    }
}
