import Foundation
import Testing

/// `quiz --stats --format html` from a generated history, in headless
/// Chromium (`scripts/stats_page.py check`): valid HTML (html5lib), every
/// chart and table in the DOM after load, the charts' colours on screenshots
/// 1200 and 400 px wide, the dark scheme, and no request from the page in
/// Chromium's net log. `make test` installs chromium, html5lib and Pillow;
/// without them these tests are skipped, and say why.
@Suite(.serialized) struct StatsPageBrowserTests {
    static let python = Tool.find("python3")
    static let browser = Tool.find("chromium") ?? Tool.find("chromium-browser")
    static let modules: Bool = {
        guard let python else { return false }
        return (try? Tool.run(python, ["-c", "import html5lib, PIL"]))?.status == 0
    }()
    static let ready = python != nil && browser != nil && modules
    static let script = QuizBinary.repositoryRoot + "/scripts/stats_page.py"

    /// A history of 1,500 games over five years up to now (`quiz-bench
    /// generate`, the benchmark's player) and its page.
    static func page(_ scratch: Scratch, configuration: String? = nil) throws -> String {
        let generator = (QuizBinary.path as NSString).deletingLastPathComponent + "/quiz-bench"
        let generated = try runProcess(
            generator,
            ["generate", "--sessions", "1500", "--data-dir", scratch.dataDir, "--csv", scratch.path + "/games.csv"],
            environment: scratch.environment())
        #expect(generated.status == 0, "\(generated.stderr)")
        var extra: [String: String] = [:]
        if let configuration {
            let folder = scratch.path + "/config/quiz"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(configuration.utf8).write(to: URL(fileURLWithPath: folder + "/config"))
            extra["XDG_CONFIG_HOME"] = scratch.path + "/config"
        }
        let stats = try runQuiz(["--stats", "--format", "html"], environment: scratch.environment(extra))
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stderr.isEmpty, "\(stats.stderr)")
        let path = scratch.path + "/page.html"
        try Data(stats.stdout.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func check(_ page: String, _ extra: [String] = []) throws -> RunResult {
        try Tool.run(try #require(Self.python), [Self.script, "check", page] + extra)
    }

    @Test(
        .enabled(
            if: ready,
            "needs chromium (apt-get install chromium) and Python's html5lib and pillow (pip install html5lib pillow)"
        ))
    func thePageHoldsEveryChartDrawsThemAndFetchesNothing() throws {
        let scratch = Scratch()
        let result = try check(try Self.page(scratch))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test(
        .enabled(
            if: ready,
            "needs chromium (apt-get install chromium) and Python's html5lib and pillow (pip install html5lib pillow)"
        ))
    func theColourBlindSettingDrawsTheOtherPalette() throws {
        let scratch = Scratch()
        let page = try Self.page(scratch, configuration: "squares = colorblind\n")
        let result = try check(page, ["--colorblind"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The checks can fail: the standard palette is not the colour-blind one.
        let wrong = try check(page)
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("the heatmap show 0 pixels"), "\(wrong.stdout)")
    }

    /// A page that fetches (no policy, an image from a server) and an
    /// invalid one are caught: the checks are real.
    @Test(
        .enabled(
            if: ready,
            "needs chromium (apt-get install chromium) and Python's html5lib and pillow (pip install html5lib pillow)"
        ))
    func aPageThatFetchesOrIsInvalidFails() throws {
        let scratch = Scratch()
        let page = try String(contentsOfFile: try Self.page(scratch), encoding: .utf8)
        let policy = try #require(
            page.range(of: "<meta http-equiv=\"Content-Security-Policy\"[^>]*>", options: .regularExpression))
        var fetching = page
        fetching.removeSubrange(policy)
        fetching = fetching.replacingOccurrences(
            of: "</main>", with: "<img src=\"http://quiz.invalid/tracker.png\" alt=\"\"></main>")
        let fetchingPath = scratch.path + "/fetching.html"
        try Data(fetching.utf8).write(to: URL(fileURLWithPath: fetchingPath))
        let fetched = try check(fetchingPath)
        #expect(fetched.status == 1)
        #expect(fetched.stdout.contains("the page fetched ['http://quiz.invalid/tracker.png']"), "\(fetched.stdout)")

        let invalidPath = scratch.path + "/invalid.html"
        try Data(page.replacingOccurrences(of: "</table>", with: "</tabel>").utf8).write(
            to: URL(fileURLWithPath: invalidPath))
        let invalid = try check(invalidPath)
        #expect(invalid.status == 1)
        #expect(invalid.stdout.contains("not valid HTML"), "\(invalid.stdout)")
    }
}
