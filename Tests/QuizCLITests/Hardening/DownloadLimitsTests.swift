import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A download is bounded in size (`--max-download`, 32 MiB
/// by default), in time (QUIZ_FETCH_TIMEOUT is a deadline for the whole
/// transfer, not for each read) and in CPU (waiting is sleeping), against
/// servers on 127.0.0.1 that send without end, trickle, or say nothing.
@Suite(.enabled(if: BankServer.python != nil, "python3 is needed to serve banks over HTTP; skipped"))
struct DownloadLimitsTests {
    let mini = QuizBinary.fixture("mini.json")

    /// What a run of quiz cost: its exit status, output, and the time and CPU
    /// it took, quiz-fetch included (wait4 counts the children quiz waited for).
    struct Measured {
        var status: Int32
        var stderr: String
        var elapsed: TimeInterval
        var cpu: TimeInterval
    }

    /// Runs quiz with its output in files, and measures it with wait4.
    func measure(_ arguments: [String], environment: [String: String], in scratch: Scratch) throws -> Measured {
        let errors = scratch.path + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var pid: pid_t = 0
        let started = Date()
        let spawned = spawnQuiz(arguments, environment: environment, actions: &actions, newSession: false, pid: &pid)
        try #require(spawned == 0, "posix_spawn: \(spawned)")
        var raw: Int32 = 0
        var usage = rusage()
        while wait4(pid, &raw, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = Date().timeIntervalSince(started)
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        let status = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        return Measured(status: status, stderr: text, elapsed: elapsed, cpu: cpu)
    }

    func server(_ scratch: Scratch, _ behaviour: BankServer.Behaviour) throws -> BankServer {
        let server = try BankServer(folder: scratch.path + "/www")
        try server.serve(try Data(contentsOf: URL(fileURLWithPath: mini)), as: "mini.json")
        try server.behave(behaviour)
        return server
    }

    @Test func anEndlessAnswerStopsAtTheCapWithOneLine() throws {
        let scratch = Scratch()
        let server = try server(scratch, .endless)
        defer { server.stop() }
        let url = server.url("mini.json")
        let run = try measure(
            ["--questions", url, "--max-download", "1M", "--list"],
            environment: scratch.networkEnvironment(["QUIZ_FETCH_TIMEOUT": "30"]), in: scratch)
        #expect(run.status == 66)
        #expect(
            run.stderr
                == "quiz: cannot download \(url): the answer is larger than the 1 MiB allowed (--max-download); no cached copy to fall back on\n"
        )
        #expect(run.elapsed < 10, "stopped at the cap, not at the 30 s deadline: \(run.elapsed) s")
        #expect(scratch.cachedFiles().isEmpty)
    }

    @Test(arguments: [BankServer.Behaviour.endless, .huge])
    func theDefaultCapIs32MiB(behaviour: BankServer.Behaviour) throws {
        let scratch = Scratch()
        let server = try server(scratch, behaviour)
        defer { server.stop() }
        let url = server.url("mini.json")
        let run = try measure(
            ["--questions", url, "--list"], environment: scratch.networkEnvironment(["QUIZ_FETCH_TIMEOUT": "30"]),
            in: scratch)
        #expect(run.status == 66)
        #expect(run.stderr.contains("\(url): the answer is larger than the 32 MiB allowed (--max-download)"))
        #expect(run.elapsed < 20, "\(run.elapsed) s")
    }

    @Test func quizFetchHoldsNoMoreThanTheCapInMemory() throws {
        let time = try #require(Tool.find("time", path: "/usr/bin:/bin"), "GNU time is needed to measure peak memory")
        let scratch = Scratch()
        let server = try server(scratch, .endless)
        defer { server.stop() }
        let fetch = (QuizBinary.path as NSString).deletingLastPathComponent + "/quiz-fetch"
        let result = try runProcess(
            time, ["-f", "peak %M", fetch, server.url("mini.json"), "30", String(8 << 20)],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("toolarge \(8 << 20)\n"), "\(result.stderr)")
        let peak = try #require(
            result.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) })
        #expect(peak < 80 * 1024, "peak RSS \(peak) KiB for an 8 MiB cap")
    }

    @Test func aTricklingServerMeetsTheDeadlineForTheWholeTransfer() throws {
        let scratch = Scratch()
        let server = try server(scratch, .trickle)
        defer { server.stop() }
        let url = server.url("mini.json")
        let run = try measure(
            ["--questions", url, "--list"], environment: scratch.networkEnvironment(["QUIZ_FETCH_TIMEOUT": "2"]),
            in: scratch)
        #expect(run.status == 66)
        #expect(
            run.stderr
                == "quiz: cannot download \(url): timed out: not finished within 2 s (QUIZ_FETCH_TIMEOUT); no cached copy to fall back on\n"
        )
        #expect(run.elapsed < 2 + 3, "a byte every half second must not keep it going: \(run.elapsed) s")
    }

    @Test func aSilentServerIsAwaitedWithoutSpinning() throws {
        let scratch = Scratch()
        let server = try server(scratch, .hang)
        defer { server.stop() }
        let run = try measure(
            ["--questions", server.url("mini.json"), "--list"],
            environment: scratch.networkEnvironment(["QUIZ_FETCH_TIMEOUT": "3"]), in: scratch)
        #expect(run.status == 66)
        #expect(run.stderr.contains("not finished within 3 s"))
        #expect(run.elapsed >= 2.9 && run.elapsed < 3 + 3, "\(run.elapsed) s")
        #expect(run.cpu < 0.6, "3 s of waiting cost \(run.cpu) s of CPU (quiz and quiz-fetch)")
    }

    @Test func aBankOfExactlyTheCapIsPlayedAndOneByteLessIsNot() throws {
        let scratch = Scratch()
        let server = try server(scratch, .ok)
        defer { server.stop() }
        let url = server.url("mini.json")
        let size = try Data(contentsOf: URL(fileURLWithPath: mini)).count
        let fits = try runQuiz(
            ["--questions", url, "--max-download", String(size), "--list"], environment: scratch.networkEnvironment())
        #expect(fits.status == 0, "\(fits.stderr)")
        #expect(fits.stdout.contains("Mini Test Quiz"))
        let cached = scratch.cachedFiles()
        #expect(cached.count == 1)
        let over = try runQuiz(
            ["--questions", url, "--max-download", String(size - 1), "--list"],
            environment: scratch.networkEnvironment())
        #expect(over.status == 0, "the cached copy stands in: \(over.stderr)")
        #expect(over.stderr.contains("of \(url): the answer is larger than the \(size - 1) bytes allowed"))
        #expect(scratch.cachedFiles() == cached)
    }

    @Test(arguments: [
        (["--max-download", "0"], "--max-download takes a size such as 32M, 512K or 1048576 (bytes), not '0'"),
        (["--max-download", "lots"], "not 'lots'"),
        (["--max-download", "1X"], "not '1X'"),
        (["--max-download", "-5"], "not '-5'"),
        (["--max-download", "99999999999999999999G"], "not '99999999999999999999G'"),
        (["--max-download", "9999999999G"], "not '9999999999G'"),
        (["--max-download", "1M", "--list"], "--max-download goes with --questions URL"),
        (["--max-download", "1M", "--history"], "--max-download goes with --questions URL"),
    ])
    func badSizesAndAUselessCapAreUsageErrors(arguments: [String], message: String) throws {
        let result = try runQuiz(arguments, environment: Scratch().environment())
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func sizesTakeUnitsOfKMAndG() throws {
        let scratch = Scratch()
        let server = try server(scratch, .ok)
        defer { server.stop() }
        for size in ["1K", "1k", "2KiB", "1M", "1G", "1mb"] {
            let result = try runQuiz(
                ["--questions", server.url("mini.json"), "--max-download=\(size)", "--list"],
                environment: scratch.networkEnvironment())
            #expect(result.status == 0, "\(size): \(result.stderr)")
        }
    }
}
