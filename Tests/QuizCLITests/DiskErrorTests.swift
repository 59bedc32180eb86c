import Foundation
import QuizStore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// When the history cannot be written: the game's result is still shown in
/// full, the status is 74, one line says which path and why, the game waits
/// in a pending file outside the data folder, and the next good run adds it.
@Suite struct DiskErrorTests {
    let bank = QuizBinary.fixture("mini.json")

    /// Root, `unshare -m` and tmpfs mounts, as a scenario inside a mount
    /// namespace needs; false on a developer's machine without root, or in a
    /// container without CAP_SYS_ADMIN.
    static let canMountTmpfs: Bool = {
        guard getuid() == 0, let unshare = Tool.find("unshare", path: "/usr/bin:/bin:/usr/sbin:/sbin") else {
            return false
        }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-probe-\(UUID().uuidString)")
            .path
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: probe) }
        let script = "mount -t tmpfs -o size=64k tmpfs \"$1\" && touch \"$1/x\" && mount -o remount,ro \"$1\""
        guard
            let process = try? BackgroundProcess(
                ["-m", "sh", "-c", script, "sh", probe], executable: unshare,
                environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"], outputPrefix: probe + "-probe")
        else { return false }
        defer {
            unlink(probe + "-probe.out")
            unlink(probe + "-probe.err")
        }
        return process.wait(until: Date().addingTimeInterval(20))?.status == 0
    }()

    /// The answers to the mini quiz dealt by `seed`, the first one right.
    func input(seed: UInt64) throws -> String {
        try answers(bank: bank, seed: seed, right: [0]).joined(separator: "\n") + "\n"
    }

    /// Where quiz keeps a game it could not record in `dataDir` (the scratch
    /// folder's own by default), when the data folder cannot hold it: the
    /// state folder, under a name that carries the data folder's checksum.
    func pendingFile(_ scratch: Scratch, dataDir: String? = nil) -> String {
        let state = scratch.path + "/.local/state/quiz"
        return HistoryStore(folder: dataDir ?? scratch.dataDir, pendingFolders: [state]).pendingPaths[1]
    }

    /// The whole game on standard output: every question dealt and the score.
    func expectFullResult(_ result: RunResult, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(result.stdout.contains("Mini Test Quiz · 3 questions · seed \(seed)"), sourceLocation: sourceLocation)
        for prompt in try prompts(bank: bank, seed: seed) {
            #expect(result.stdout.contains(prompt), sourceLocation: sourceLocation)
        }
        #expect(result.stdout.contains("Mini Test Quiz: 1/3 right (33%)"), sourceLocation: sourceLocation)
    }

    @Test func aDataFolderThatCannotBeCreatedKeepsTheGamePendingUntilTheNextGoodRun() throws {
        let scratch = Scratch()
        let file = scratch.path + "/a-file"
        try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: file))
        let impossible = file + "/data"

        let failed = try runQuiz(
            ["--questions", bank, "mini", "--seed", "31", "--data-dir", impossible], input: try input(seed: 31),
            environment: scratch.privateEnvironment())
        #expect(failed.status == 74, "\(failed.stderr)")
        try expectFullResult(failed, seed: 31)
        let message = nonEmptyLines(failed.stderr)
        #expect(message.count == 1, "one line: \(failed.stderr)")
        let reason = String(cString: strerror(ENOTDIR))
        #expect(
            message.first.map { $0.contains(impossible) && $0.contains(reason) } == true,
            "the path and the system's reason (\(reason)): \(failed.stderr)")
        let pending = pendingFile(scratch, dataDir: impossible)
        #expect(FileManager.default.fileExists(atPath: pending), "pending: \(failed.stderr)")
        #expect(failed.stderr.contains(pending), "says where: \(failed.stderr)")

        // Another data folder's game does not take it (item 5): it waits for its own.
        let other = try runQuiz(
            ["--questions", bank, "mini", "--seed", "32"], input: try input(seed: 32),
            environment: scratch.privateEnvironment())
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stderr.isEmpty, "\(other.stderr)")
        #expect(FileManager.default.fileExists(atPath: pending))

        try FileManager.default.removeItem(atPath: file)
        let next = try runQuiz(
            ["--questions", bank, "mini", "--seed", "33", "--data-dir", impossible], input: try input(seed: 33),
            environment: scratch.privateEnvironment())
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("added 1 game"), "\(next.stderr)")
        let shown = try runQuiz(
            ["--history", "--format", "json", "--data-dir", impossible], environment: scratch.privateEnvironment())
        let games = (try? JSONSerialization.jsonObject(with: Data(shown.stdout.utf8))) as? [[String: Any]] ?? []
        #expect(shown.stderr.isEmpty, "\(shown.stderr)")
        #expect(games.count == 2, "\(shown.stdout)")
        #expect(Set(games.compactMap { $0["seed"] as? Int }) == [31, 33])
        #expect(!FileManager.default.fileExists(atPath: pending), "the pending file is gone once added")
    }

    /// How the tmpfs holding the data folder is made unwritable, and made writable again.
    enum Breakage: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case diskFull
        case readOnly

        var testDescription: String { rawValue }

        var shellToBreak: String {
            switch self {
            case .diskFull: "dd if=/dev/zero of=\"$MNT/filler\" bs=4096 2>/dev/null || true"
            case .readOnly: "mount -o remount,ro \"$MNT\""
            }
        }

        var shellToRepair: String {
            switch self {
            case .diskFull: "rm -f \"$MNT/filler\""
            case .readOnly: "mount -o remount,rw \"$MNT\""
            }
        }

        var reason: String { String(cString: strerror(self == .diskFull ? ENOSPC : EROFS)) }
    }

    /// The scenario runs in one mount namespace, whose tmpfs vanishes with it;
    /// every output lands in the scratch folder (outside the tmpfs) as
    /// `<step>.out`, `.err` and `.status`, with copies of the history files.
    @Test(
        .enabled(
            if: DiskErrorTests.canMountTmpfs,
            "needs root with `unshare -m` and tmpfs mounts (CAP_SYS_ADMIN); skipped"),
        arguments: Breakage.allCases)
    func anUnwritableHistoryKeepsTheGamePendingAndTheFilesAsTheyWere(_ breakage: Breakage) throws {
        let scratch = Scratch()
        let out = scratch.path + "/steps"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for seed: UInt64 in [41, 42, 43] {
            try input(seed: seed).write(toFile: "\(out)/input-\(seed)", atomically: true, encoding: .utf8)
        }
        let script = """
            set -u
            MNT="$SCRATCH/mnt"
            DATA="$MNT/data"
            OUT="$SCRATCH/steps"
            mkdir -p "$MNT" && mount -t tmpfs -o size=512k,mode=0700 tmpfs "$MNT" || exit 90
            export QUIZ_DATA_DIR="$DATA"
            step() {
                name=$1; shift
                "$QUIZ" "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"
                echo $? > "$OUT/$name.status"
            }
            step first --questions "$BANK" mini --seed 41 < "$OUT/input-41"
            cp "$DATA/history.archive" "$OUT/archive-before"
            cp "$DATA/history.journal" "$OUT/journal-before"
            \(breakage.shellToBreak)
            step broken --questions "$BANK" mini --seed 42 < "$OUT/input-42"
            cp "$DATA/history.archive" "$OUT/archive-after"
            cp "$DATA/history.journal" "$OUT/journal-after"
            ls -a "$DATA" > "$OUT/data-files-broken"
            step history-broken --history --format json
            \(breakage.shellToRepair)
            step repaired --questions "$BANK" mini --seed 43 < "$OUT/input-43"
            step history --history --format csv
            ls -a "$DATA" > "$OUT/data-files-repaired"
            """
        let unshare = try #require(Tool.find("unshare", path: "/usr/bin:/bin:/usr/sbin:/sbin"))
        let environment = scratch.privateEnvironment([
            "QUIZ": QuizBinary.path, "BANK": bank, "SCRATCH": scratch.path, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin",
        ])
        let namespace = try BackgroundProcess(
            ["-m", "sh", "-c", script], executable: unshare, environment: environment,
            outputPrefix: scratch.path + "/namespace")
        let finished = try #require(
            namespace.wait(until: Date().addingTimeInterval(120)), "the scenario did not end within 2 minutes")
        #expect(finished.status == 0, "the scenario script: \(finished.stderr)")

        func step(_ name: String) -> RunResult {
            func text(_ suffix: String) -> String {
                String(
                    decoding: FileManager.default.contents(atPath: "\(out)/\(name).\(suffix)") ?? Data(), as: UTF8.self)
            }
            let status = Int32(text("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            return RunResult(status: status, stdout: text("out"), stderr: text("err"))
        }
        func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: "\(out)/\(name)") }

        let first = step("first")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty, "\(first.stderr)")

        let broken = step("broken")
        #expect(broken.status == 74, "\(broken.stderr)")
        try expectFullResult(broken, seed: 42)
        let message = nonEmptyLines(broken.stderr)
        #expect(message.count == 1, "one line: \(broken.stderr)")
        #expect(
            message.first.map { $0.contains(scratch.path + "/mnt/data/history.") && $0.contains(breakage.reason) }
                == true,
            "the path and \"\(breakage.reason)\": \(broken.stderr)")
        let pending = pendingFile(scratch, dataDir: scratch.path + "/mnt/data")
        #expect(broken.stderr.contains(pending), "says where the game waits: \(broken.stderr)")
        #expect(bytes("archive-before") != nil)
        #expect(bytes("archive-after") == bytes("archive-before"), "the archive is unchanged")
        #expect(bytes("journal-after") == bytes("journal-before"), "the journal is unchanged")
        let brokenFiles = String(decoding: bytes("data-files-broken") ?? Data(), as: UTF8.self)
        #expect(
            nonEmptyLines(brokenFiles).sorted() == [
                ".", "..", "history.archive", "history.journal", "history.lock", "history.schedule",
                "history.summary",
            ],
            "no pending or temporary file left in the data folder")

        let historyBroken = step("history-broken")
        let shown = (try? JSONSerialization.jsonObject(with: Data(historyBroken.stdout.utf8))) as? [[String: Any]]
        #expect(historyBroken.status == 0, "\(historyBroken.stderr)")
        #expect(
            shown.map { Set($0.compactMap { $0["seed"] as? Int }) } == [41, 42] && shown?.count == 2,
            "the recorded game and the pending one, once each: \(historyBroken.stdout)")

        let repaired = step("repaired")
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(repaired.stderr.contains("added 1 game"), "\(repaired.stderr)")
        let history = step("history")
        #expect(history.status == 0, "\(history.stderr)")
        let rows = history.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }.dropFirst()
        #expect(rows.count == 3, "\(history.stdout)")
        #expect(Set(rows.compactMap { $0.split(separator: ",").last.map(String.init) }) == ["41", "42", "43"])
        #expect(!FileManager.default.fileExists(atPath: pending), "the pending file is gone once added")
    }
}
