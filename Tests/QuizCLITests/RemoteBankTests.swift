import Foundation
import Testing

/// `--questions URL` against a real HTTP server on 127.0.0.1: downloads,
/// the cache, and every way the network or the server can fail.
@Suite(.enabled(if: BankServer.python != nil, "python3 is needed to serve banks over HTTP; skipped"))
struct RemoteBankTests {
    let mini = QuizBinary.fixture("mini.json")
    let openTrivia = QuizBinary.fixture("opentdb-small.json")

    /// Answers to the mini bank dealt with seed 3: two right of three.
    func miniAnswers() throws -> String {
        try answers(bank: mini, seed: 3, right: [0, 2]).joined(separator: "\n") + "\n"
    }

    func play(_ url: String, _ scratch: Scratch, _ extra: [String: String] = [:]) throws -> RunResult {
        try runQuiz(
            ["--questions", url, "mini", "--seed", "3"], input: try miniAnswers(),
            environment: scratch.networkEnvironment(extra))
    }

    func mode(_ path: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func aBankIsDownloadedPlayedAndCachedPrivately() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        try server.serve(try Data(contentsOf: URL(fileURLWithPath: mini)), as: "mini.json")
        let url = server.url("mini.json")

        let result = try play(url, scratch)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "a fresh download says nothing: \(result.stderr)")
        #expect(result.stdout.contains("Question 1/3"))
        #expect(result.stdout.contains("Mini Test Quiz: 2/3 right (67%)"))
        #expect(server.requests == ["/mini.json"])

        let files = scratch.cachedFiles()
        #expect(files.count == 1, "one file per URL and no temporary file left: \(files)")
        let name = try #require(files.first)
        #expect(name.hasPrefix("127-0-0-1-mini-") && name.hasSuffix(".json"), "\(name)")
        let cached = scratch.bankCache + "/" + name
        #expect(FileManager.default.contents(atPath: cached) == FileManager.default.contents(atPath: mini))
        #expect(mode(cached) == 0o600)
        #expect(mode(scratch.bankCache) == 0o700)

        let history = try runQuiz(["--history", "--format", "csv"], environment: scratch.networkEnvironment())
        #expect(history.stdout.contains(",mini,Mini Test Quiz,2,3,67,"))
    }

    @Test func listingIntoAPipeClosedEarlyStillCaches() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        try server.serve(try Data(contentsOf: URL(fileURLWithPath: mini)), as: "mini.json")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", #"env --default-signal=PIPE "$0" --questions "$1" --list | head -n 1 >/dev/null"#, QuizBinary.path,
            server.url("mini.json"),
        ]
        shell.environment = scratch.networkEnvironment()
        try shell.run()
        shell.waitUntilExit()
        #expect(
            scratch.cachedFiles().count == 1,
            "quiz dies of SIGPIPE after head exits (the test runner's children ignore it, hence env); the cache is written before"
        )
    }

    @Test func withTheServerGoneTheCachedCopyIsPlayedAndItsAgeShown() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        try server.serve(try Data(contentsOf: URL(fileURLWithPath: mini)), as: "mini.json")
        let url = server.url("mini.json")
        #expect(try play(url, scratch).status == 0)

        server.stop()
        let offline = try play(url, scratch)
        #expect(offline.status == 0, "stderr: \(offline.stderr)")
        #expect(offline.stdout.contains("Mini Test Quiz: 2/3 right (67%)"))
        let lines = offline.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(offline.stderr)")
        #expect(
            offline.stderr.range(
                of:
                    #"^quiz: using the copy cached [0-9]+ seconds? ago of \#(url): could not connect to 127\.0\.0\.1 port"#,
                options: .regularExpression) != nil, "\(offline.stderr)")
    }

    @Test func withNoServerAndNoCacheItExits66NamingTheURL() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        let url = server.url("mini.json")
        server.stop()
        let result = try play(url, scratch)
        #expect(result.status == 66)
        #expect(result.stderr.contains("quiz: cannot download \(url): could not connect"), "\(result.stderr)")
        #expect(result.stderr.contains("no cached copy"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
        #expect(scratch.cachedFiles().isEmpty)
    }

    @Test func aServerErrorFallsBackOnTheCache() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        try server.serve(try Data(contentsOf: URL(fileURLWithPath: mini)), as: "mini.json")
        let url = server.url("mini.json")

        try server.behave(.serverError)
        let first = try play(url, scratch)
        #expect(first.status == 66, "no cache yet")
        #expect(first.stderr.contains("cannot download \(url): HTTP 500 Internal Server Error"), "\(first.stderr)")

        try server.behave(.ok)
        #expect(try play(url, scratch).status == 0)
        try server.behave(.serverError)
        let second = try play(url, scratch)
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(second.stdout.contains("Mini Test Quiz: 2/3 right (67%)"))
        #expect(second.stderr.contains(" ago of \(url): HTTP 500 Internal Server Error"), "\(second.stderr)")
        #expect(server.requests.count == 3)
    }

    @Test func aServerThatHangsTimesOut() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        try server.serve(try Data(contentsOf: URL(fileURLWithPath: mini)), as: "mini.json")
        let url = server.url("mini.json")
        let quick = ["QUIZ_FETCH_TIMEOUT": "1"]

        try server.behave(.hang)
        var started = Date()
        let uncached = try play(url, scratch, quick)
        #expect(Date().timeIntervalSince(started) < 6)
        #expect(uncached.status == 66)
        #expect(
            uncached.stderr.contains("cannot download \(url): timed out: not finished within 1 s (QUIZ_FETCH_TIMEOUT)"),
            "\(uncached.stderr)")

        try server.behave(.ok)
        #expect(try play(url, scratch, quick).status == 0)
        try server.behave(.hang)
        started = Date()
        let cached = try play(url, scratch, quick)
        #expect(Date().timeIntervalSince(started) < 6)
        #expect(cached.status == 0, "stderr: \(cached.stderr)")
        #expect(
            cached.stderr.contains(" ago of \(url): timed out: not finished within 1 s (QUIZ_FETCH_TIMEOUT)"),
            "\(cached.stderr)")
        #expect(cached.stdout.contains("Mini Test Quiz: 2/3 right (67%)"))
    }

    @Test func aBadBodyExits65AndKeepsTheCachedCopy() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        let good = try Data(contentsOf: URL(fileURLWithPath: mini))
        try server.serve(good, as: "mini.json")
        let url = server.url("mini.json")
        #expect(try play(url, scratch).status == 0)
        let name = try #require(scratch.cachedFiles().first)

        try server.serve(Data("<html>Service moved</html>\n".utf8), as: "mini.json")
        let bad = try play(url, scratch)
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("quiz: \(url):1:1: "), "\(bad.stderr)")
        #expect(bad.stderr.contains("not cached"))
        #expect(bad.stdout.isEmpty)
        #expect(scratch.cachedFiles() == [name])
        #expect(FileManager.default.contents(atPath: scratch.bankCache + "/" + name) == good)

        // The kept copy still stands in when the server fails.
        try server.behave(.serverError)
        let fallback = try play(url, scratch)
        #expect(fallback.status == 0)
        #expect(fallback.stdout.contains("Mini Test Quiz: 2/3 right (67%)"))
    }

    @Test func anOpenTriviaAPIURLIsTheQuizOpentdb() throws {
        let scratch = Scratch()
        let server = try BankServer(folder: scratch.path + "/www")
        defer { server.stop() }
        try server.serve(try Data(contentsOf: URL(fileURLWithPath: openTrivia)), as: "api.php")
        let url = server.url("api.php?amount=3")

        let list = try runQuiz(["--questions", url, "--list"], environment: scratch.networkEnvironment())
        #expect(list.status == 0, "stderr: \(list.stderr)")
        let line = list.stdout.split(separator: "\n").first { $0.hasPrefix("opentdb ") } ?? ""
        #expect(line.hasSuffix(" 6 questions  Open Trivia (opentdb)"), "\(list.stdout)")
        #expect(list.stdout.contains("  categories: History (3), Science & Nature (3)"))

        let game = try runQuiz(
            ["--questions", url, "opentdb", "-n", "3", "--seed", "4"], input: "1\n1\n1\n",
            environment: scratch.networkEnvironment())
        #expect(game.status == 0, "stderr: \(game.stderr)")
        #expect(game.stdout.contains("Open Trivia (opentdb) · 3 questions · seed 4"))
        #expect(game.stdout.contains("Open Trivia (opentdb): "))
        #expect(!game.stdout.contains("&quot;") && !game.stdout.contains("&#039;"))
        #expect(server.requests == ["/api.php?amount=3", "/api.php?amount=3"])
        let files = scratch.cachedFiles()
        #expect(files.count == 1 && files[0].hasPrefix("127-0-0-1-api-php-"), "\(files)")
    }

    @Test(arguments: ["ftp://127.0.0.1/mini.json", "http://", "https:///mini.json"])
    func aURLThatIsNotHTTPWithAHostIsRefused(url: String) throws {
        let result = try runQuiz(["--questions", url, "--list"], environment: Scratch().networkEnvironment())
        #expect(result.status == 64 || result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains(url))
    }

    @Test func aBadTimeoutIsAUsageError() throws {
        let result = try runQuiz(
            ["--questions", "http://127.0.0.1:9/mini.json", "--list"],
            environment: Scratch().networkEnvironment(["QUIZ_FETCH_TIMEOUT": "soon"]))
        #expect(result.status == 64)
        #expect(result.stderr.contains("QUIZ_FETCH_TIMEOUT must be a number of seconds above 0, not 'soon'"))
    }
}
