import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `--questions URL` says of its cached copy when the download fails:
/// a damaged copy was called "no cached copy", and a copy dated in the
/// future (a clock set back) "cached 0 seconds ago".
@Suite(.enabled(if: BankServer.python != nil, "python3 is needed to serve banks over HTTP; skipped"))
struct DownloadCacheHonestyTests {
    let mini = QuizBinary.fixture("mini.json")

    func play(_ url: String, _ scratch: Scratch) throws -> RunResult {
        try runQuiz(
            ["--questions", url, "mini", "--seed", "3"],
            input: try answers(bank: mini, seed: 3, right: [0, 2]).joined(separator: "\n") + "\n",
            environment: scratch.networkEnvironment())
    }

    /// A bank downloaded once and cached, then the server gone; the cached file.
    func cachedThenOffline(_ scratch: Scratch) throws -> (url: String, copy: String) {
        let server = try BankServer(folder: scratch.path + "/www")
        try server.serve(try Data(contentsOf: URL(fileURLWithPath: mini)), as: "mini.json")
        let url = server.url("mini.json")
        let first = try play(url, scratch)
        #expect(first.status == 0, "\(first.stderr)")
        server.stop()
        let files = scratch.cachedFiles()
        #expect(files.count == 1, "\(files)")
        return (url, scratch.bankCache + "/" + (files.first ?? "?"))
    }

    /// Cut short (a disk filled while it was written by another program, a
    /// bad sector), made not JSON, made a folder: the line says the copy is
    /// damaged (or cannot be used), names it, and that the next download
    /// replaces it; 66 as for no copy.
    @Test(arguments: ["cut", "garbage", "folder"])
    func aDamagedCachedCopyIsCalledDamagedNotMissing(_ damage: String) throws {
        let scratch = Scratch()
        let (url, copy) = try cachedThenOffline(scratch)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
        switch damage {
        case "cut": try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: copy))
        case "garbage": try Data("not a bank\u{0}\u{1}".utf8).write(to: URL(fileURLWithPath: copy))
        default:
            try FileManager.default.removeItem(atPath: copy)
            try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        }
        let result = try play(url, scratch)
        #expect(result.status == 66, "\(damage): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let lines = nonEmptyLines(result.stderr)
        #expect(lines.count == 1, "one line: \(result.stderr)")
        let line = lines.first ?? ""
        #expect(line.hasPrefix("quiz: cannot download \(url): could not connect"), "\(line)")
        #expect(!line.contains("no cached copy"), "\(line)")
        #expect(line.contains("the cached copy \(copy) "), "names the copy: \(line)")
        let why = damage == "folder" ? "is not a regular file" : "is damaged ("
        #expect(line.contains(why), "\(damage): \(line)")
        #expect(line.contains("the next download replaces it"), "\(line)")
    }

    /// A copy whose date is ahead of the clock: its date said, not "0 seconds ago".
    @Test func aCopyDatedInTheFutureSaysSoNotZeroSecondsAgo() throws {
        let scratch = Scratch()
        let (url, copy) = try cachedThenOffline(scratch)
        // 2099-01-01 03:04:05 UTC.
        var times = [
            timespec(tv_sec: 4_070_919_845, tv_nsec: 0), timespec(tv_sec: 4_070_919_845, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, copy, &times, 0) == 0)
        let result = try play(url, scratch)
        #expect(result.status == 0, "the copy is played: \(result.stderr)")
        #expect(result.stdout.contains("Mini Test Quiz: 2/3 right (67%)"))
        let lines = nonEmptyLines(result.stderr)
        #expect(lines.count == 1, "one line: \(result.stderr)")
        let line = lines.first ?? ""
        #expect(!line.contains(" ago"), "\(line)")
        #expect(
            line.hasPrefix("quiz: using the copy of \(url) dated in the future (2099-01-01 03:04:05 UTC; "),
            "\(line)")
        #expect(line.contains("could not connect"), "\(line)")
    }
}
