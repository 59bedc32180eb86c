import Foundation
import Testing

@testable import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// `Storage/`: what `DurableFile`, `AppendingFile`, `FileLock` and
/// `PrivateFolder` promise, each tested where it would break.
@Suite struct DurableFileTests {
    private func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    private func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    // MARK: Replacing

    @Test func replaceWritesTheWholeFile0600AndLeavesNoTemporary() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("file")
        let old = umask(0)
        try DurableFile(path).replace(with: Array("first".utf8))
        umask(old)
        try DurableFile(path).replace(with: Array("second, longer".utf8))
        #expect(read(path) == Array("second, longer".utf8))
        #expect(permissions(of: path) == 0o600)
        #expect(names(in: temporary.path) == ["file"])
    }

    /// A reader running beside the writer only ever sees one whole version:
    /// a file truncated and written in place would show it empty or part-written.
    @Test func aReaderSeesTheOldContentsOrTheNewNeverAPart() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("file")
        let versions = [[UInt8](repeating: 0x61, count: 300_000), [UInt8](repeating: 0x62, count: 700_000)]
        try DurableFile(path).replace(with: versions[0])
        let writing = Shared(true)
        let results = Shared((0, [String]()))
        let reader = Thread {
            var seen: [String] = []
            var reads = 0
            while writing.value || reads < 50 {
                guard let data = FileManager.default.contents(atPath: path) else {
                    if seen.count < 3 { seen.append("no file") }
                    continue
                }
                reads += 1
                let bytes = [UInt8](data)
                if !versions.contains(bytes) && seen.count < 3 {
                    seen.append("\(bytes.count) bytes starting \(bytes.first ?? 0)")
                }
            }
            results.value = (reads, seen)
        }
        reader.start()
        for round in 0..<60 { try DurableFile(path).replace(with: versions[(round + 1) % 2], sync: round % 4 == 0) }
        writing.value = false
        while results.value.0 == 0 { usleep(1_000) }
        let (reads, torn) = results.value
        #expect(reads >= 50)
        #expect(torn.isEmpty, "a reader saw \(torn)")
    }

    @Test func aReplaceThatCannotWriteItsTemporaryLeavesTheOldFile() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("file")
        try DurableFile(path).replace(with: Array("old".utf8))
        // A folder where the temporary file should go: open(2) fails even for root.
        let file = DurableFile(path)
        try FileManager.default.createDirectory(atPath: file.temporaryPath, withIntermediateDirectories: false)
        let failure = #expect(throws: FileFailure.self) { try file.replace(with: Array("new".utf8)) }
        #expect(failure?.step == .open)
        #expect(failure?.file == file.temporaryPath)
        #expect(failure?.reason == "Is a directory")
        #expect(read(path) == Array("old".utf8))
    }

    @Test func aReplaceThatCannotRenameRemovesItsTemporary() throws {
        let temporary = try TemporaryFolder()
        // A folder that is not empty cannot be replaced by a file.
        let path = temporary.file("folder")
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        let failure = #expect(throws: FileFailure.self) { try DurableFile(path).replace(with: [1, 2, 3]) }
        #expect(failure?.step == .rename)
        #expect(failure?.reason == SystemReason.of(EISDIR))
        #expect(names(in: temporary.path) == ["folder"])
    }

    @Test func hiddenTemporariesOfDeadWritersAreRemovedAndLiveOnesKept() throws {
        let temporary = try TemporaryFolder()
        let file = DurableFile(temporary.file("bank.json"), temporaryName: .hidden)
        #expect(file.temporaryPath == temporary.file(".bank.json.tmp-\(getpid())"))
        // pid 2^22 + 1 is above Linux's largest pid: no such process.
        let dead = temporary.file(".bank.json.tmp-4194305")
        let live = temporary.file(".bank.json.tmp-1")
        for path in [dead, live] { _ = FileManager.default.createFile(atPath: path, contents: Data([1])) }
        try file.replace(with: [1])
        file.removeAbandonedTemporaries()
        #expect(names(in: temporary.path) == [".bank.json.tmp-1", "bank.json"])
    }

    // MARK: Appending

    @Test func appendingCutsATornTailFirstAndThenAppendsSynced() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("journal")
        try DurableFile(path).replace(with: Array("good|torn".utf8))
        let file = try DurableFile(path).openForAppending(cuttingTo: 5)
        defer { file.close() }
        #expect(file.openedLength == 5)
        try file.append(Array("next|".utf8))
        #expect(read(path) == Array("good|next|".utf8))
        #expect(file.cutBack())
        #expect(read(path) == Array("good|".utf8))
    }

    @Test func appendingCreatesAPrivateFileWhenAsked() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("input_history")
        #expect(throws: FileFailure.self) { try DurableFile(path).openForAppending() }
        let file = try DurableFile(path).openForAppending(create: true)
        try file.append(Array("one\n".utf8))
        file.close()
        let again = try DurableFile(path).openForAppending(create: true)
        #expect(again.openedLength == 4)
        try again.append(Array("two\n".utf8))
        again.close()
        #expect(read(path) == Array("one\ntwo\n".utf8))
        #expect(permissions(of: path) == 0o600)
    }

    @Test func anAppendToAFullDeviceFailsWithTheSystemsReason() throws {
        let file = try DurableFile("/dev/full").openForAppending()
        defer { file.close() }
        let failure = #expect(throws: FileFailure.self) { try file.append([1, 2, 3]) }
        #expect(failure?.step == .write)
        #expect(failure?.reason == "No space left on device")
    }

    /// A write cut short half-way (the file-size limit, as a full disk would)
    /// is taken back off: the file is as it was, with no half record. In a
    /// process of its own, since the limit is the whole process's.
    @Test func anAppendCutShortIsTakenBackOff() async {
        await #expect(processExitsWith: .success) {
            guard let temporary = try? TemporaryFolder("cutShort") else { exit(10) }
            let path = temporary.file("journal")
            let before = [UInt8](repeating: 0x41, count: 1000)
            guard (try? DurableFile(path).replace(with: before)) != nil else { exit(11) }
            // Past 1,024 bytes a write fails with EFBIG, after writing what fits.
            signal(SIGXFSZ, SIG_IGN)
            let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
            var limit = rlimit()
            getrlimit(resource, &limit)
            limit.rlim_cur = 1024
            guard setrlimit(resource, &limit) == 0 else { exit(12) }
            guard let file = try? DurableFile(path).openForAppending() else { exit(13) }
            do throws(FileFailure) {
                try file.append([UInt8](repeating: 0x42, count: 100))
                exit(14)  // the append should have failed
            } catch {
                guard error.step == .write, error.reason == SystemReason.of(EFBIG) else { exit(15) }
            }
            file.close()
            exit(FileManager.default.contents(atPath: path) == Data(before) ? 0 : 16)
        }
    }

    // MARK: Locking

    @Test func waitingForALockHeldElsewhereSaysWhoHoldsItOnce() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("history.lock")
        // Another process takes the lock and keeps it until its input closes.
        let holder = Process()
        let input = Pipe()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--exclusive", path, "cat"]
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        func held() -> Bool {
            let probe = open(path, O_RDONLY | O_CLOEXEC)
            defer { if probe >= 0 { close(probe) } }
            return probe >= 0 && flock(probe, LOCK_SH | LOCK_NB) != 0
        }
        func wait(_ what: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while !what() && Date() < deadline { usleep(10_000) }
            return what()
        }
        try #require(wait(held), "the other process took the lock")
        let told = Shared([String]())
        let taken = Shared(false)
        Thread {
            if let lock = try? FileLock.acquire(path, .exclusive, patience: 0.2, onWait: { told.value.append($0) }) {
                taken.value = true
                lock.release()
            }
        }.start()
        #expect(wait { !told.value.isEmpty }, "told that it waits")
        #expect(!taken.value, "and waits on")
        try input.fileHandleForWriting.close()
        #expect(wait { taken.value }, "takes the lock once it is free")
        let notices = told.value
        #expect(notices.count == 1, "\(notices)")
        #expect(
            notices.first?.hasPrefix("another process (pid \(holder.processIdentifier), flock --exclusive ") == true,
            "\(notices)")
    }

    @Test func aFreeLockIsTakenWithoutAWord() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("history.lock")
        let told = Shared(0)
        let shared = try FileLock.acquire(path, .shared, patience: 0) { _ in told.value += 1 }
        let again = try FileLock.acquire(path, .shared, patience: 0) { _ in told.value += 1 }
        shared.release()
        again.release()
        #expect(told.value == 0)
        #expect(permissions(of: path) == 0o600)
    }

    @Test func aLockFileThatCannotBeOpenedIsAFailureNamingIt() throws {
        let failure = #expect(throws: FileFailure.self) {
            try FileLock.acquire("/nonexistent-quiz-folder/history.lock", .exclusive)
        }
        #expect(failure?.step == .lock)
        #expect(failure?.description == "/nonexistent-quiz-folder/history.lock: No such file or directory")
    }

    // MARK: Damage and folders

    @Test func aDamagedFileIsMovedAsideUnderANewNameEachTime() throws {
        let temporary = try TemporaryFolder()
        let path = temporary.file("history.archive")
        var moved: [String] = []
        for text in ["one", "two"] {
            try DurableFile(path).replace(with: Array(text.utf8))
            moved.append(try #require(DurableFile(path).moveAside()))
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        let pattern = try Regex(#"history\.archive\.damaged-\d{8}T\d{6}Z(-\d+)?$"#)
        #expect(moved.allSatisfy { $0.contains(pattern) }, "\(moved)")
        #expect(Set(moved).count == 2)
        #expect(moved.map { read($0) } == [Array("one".utf8), Array("two".utf8)])
        #expect(DurableFile(path).moveAside() == nil, "nothing left to move")
    }

    @Test func aPrivateFolderIsMadeLevelByLevel0700AndAFileInTheWayIsSaid() throws {
        let temporary = try TemporaryFolder()
        let old = umask(0)
        defer { umask(old) }
        let deep = temporary.file("a/b/c")
        #expect(try PrivateFolder.make(deep))
        #expect(try !PrivateFolder.make(deep), "there already")
        #expect(
            [temporary.file("a"), temporary.file("a/b"), deep].map { permissions(of: $0) } == [0o700, 0o700, 0o700])
        _ = FileManager.default.createFile(atPath: temporary.file("file"), contents: Data())
        let failure = #expect(throws: FileFailure.self) { try PrivateFolder.make(temporary.file("file")) }
        #expect(failure?.reason == "a file of that name is in the way")
        let below = #expect(throws: FileFailure.self) { try PrivateFolder.make(temporary.file("file/below")) }
        #expect(below?.reason == "Not a directory")
    }

    @Test func tighteningNeverFollowsALink() throws {
        let temporary = try TemporaryFolder()
        let target = temporary.file("target")
        _ = FileManager.default.createFile(atPath: target, contents: Data(), attributes: [.posixPermissions: 0o644])
        try FileManager.default.createSymbolicLink(atPath: temporary.file("link"), withDestinationPath: target)
        #expect(PrivateFolder.tighten(temporary.file("link"), to: 0o600) == nil)
        #expect(permissions(of: target) == 0o644)
        #expect(PrivateFolder.tighten(target, to: 0o600) == 0o644)
        #expect(permissions(of: target) == 0o600)
    }
}

/// A value shared between threads, behind a lock.
private final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
