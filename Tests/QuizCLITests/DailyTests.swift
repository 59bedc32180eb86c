import Foundation
import QuizCore
import Testing

/// `quiz --daily`, `daily` at the menu, `--compare` and `--ghost`, through
/// the binary with the clock (`QUIZ_NOW`) and the zone (`TZ`) set.
@Suite struct DailyTests {
    static let skips = String(repeating: ":skip\n", count: 10)

    /// Plays a daily skipping every question; the prompts asked, in order, and the run.
    @discardableResult
    func play(
        _ scratch: Scratch, now: String, tz: String = "UTC", date: String? = nil, extra: [String] = [],
        binary: String = QuizBinary.path, input: String = DailyTests.skips
    ) throws -> (prompts: [String], run: RunResult) {
        let run = try runProcess(
            binary, ["--daily"] + (date.map { [$0] } ?? []) + extra,
            environment: scratch.environment(["QUIZ_NOW": now, "TZ": tz]),
            input: input)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let prompts = lines.indices.filter { lines[$0].hasPrefix("Question ") && lines[$0].contains("/10") }
            .map { String(lines[$0 + 1]) }
        #expect(prompts.count == 10, "\(run.stdout)")
        return (prompts, run)
    }

    func quiz(_ scratch: Scratch, _ arguments: [String], now: String, input: String = "") throws -> RunResult {
        try runQuiz(arguments, input: input, environment: scratch.environment(["QUIZ_NOW": now]))
    }

    @Test func twoPlayersOneDateSameQuestionsNextDayOthers() throws {
        let alice = try play(Scratch(), now: "2026-12-09T08:00:00Z")
        let bob = try play(Scratch(), now: "2026-12-09T23:59:00Z")
        #expect(alice.prompts == bob.prompts)
        #expect(alice.run.stdout.hasPrefix("Daily #9 "))
        let next = try play(Scratch(), now: "2026-12-10T00:00:00Z")
        #expect(next.run.stdout.hasPrefix("Daily #10 "))
        #expect(next.prompts != alice.prompts)
    }

    /// Local midnight: at 11:30 UTC on 9 December Auckland (UTC+13) has
    /// daily #10 while London has #9; London gets #10 at its own midnight.
    @Test func aucklandGetsTheNextNumberBeforeLondon() throws {
        let auckland = try play(Scratch(), now: "2026-12-09T11:30:00Z", tz: "Pacific/Auckland")
        let london = try play(Scratch(), now: "2026-12-09T11:30:00Z", tz: "Europe/London")
        #expect(auckland.run.stdout.hasPrefix("Daily #10 "))
        #expect(london.run.stdout.hasPrefix("Daily #9 "))
        let londonLater = try play(Scratch(), now: "2026-12-10T00:00:01Z", tz: "Europe/London")
        #expect(londonLater.run.stdout.hasPrefix("Daily #10 "))
        #expect(londonLater.prompts == auckland.prompts)
        let aucklandBefore = try play(Scratch(), now: "2026-12-09T10:59:59Z", tz: "Pacific/Auckland")
        #expect(aucklandBefore.prompts == london.prompts)
    }

    /// A past day by date is that day's quiz, recorded as practice; the
    /// second daily of a day is practice; the card says so.
    @Test func pastDaysAndSecondAttemptsArePractice() throws {
        let scratch = Scratch()
        let then = try play(Scratch(), now: "2026-12-03T12:00:00Z")
        let past = try play(scratch, now: "2026-12-09T12:00:00Z", date: "2026-12-03")
        #expect(past.prompts == then.prompts)
        #expect(past.run.stdout.contains("Practice: daily #3 is recorded, not counted"))
        #expect(
            try quiz(scratch, ["--share"], now: "2026-12-09T12:00:00Z").stdout.hasPrefix(
                "quiz daily #3 · 0/10 · 2026-12-03 · practice\n"))
        let first = try play(scratch, now: "2026-12-09T12:00:00Z")
        #expect(first.run.stdout.contains("Daily #9 counted"))
        #expect(
            try quiz(scratch, ["--share"], now: "2026-12-09T12:00:00Z").stdout.hasPrefix(
                "quiz daily #9 · 0/10 · 2026-12-09\n"))
        let second = try play(scratch, now: "2026-12-09T18:00:00Z")
        #expect(second.prompts == first.prompts)
        #expect(second.run.stdout.contains("Practice: Daily #9 (2026-12-09) was counted already today."))
        #expect(try quiz(scratch, ["--share"], now: "2026-12-09T18:00:00Z").stdout.contains("· practice\n"))
        let future = try quiz(scratch, ["--daily", "2026-12-10"], now: "2026-12-09T18:00:00Z")
        #expect(future.status == 64)
        #expect(future.stderr == "quiz: daily #10 (2026-12-10) is not out yet: today's is #9\n")
    }

    /// The daily streak counts counted dailies only: practice of a missed
    /// day does not fill the gap.
    @Test func theStreakCountsOnlyCountedDailies() throws {
        let scratch = Scratch()
        try play(scratch, now: "2026-12-05T12:00:00Z")
        try play(scratch, now: "2026-12-07T12:00:00Z")
        try play(scratch, now: "2026-12-07T13:00:00Z", date: "2026-12-06")
        try play(scratch, now: "2026-12-08T12:00:00Z")
        try play(scratch, now: "2026-12-08T13:00:00Z")
        let stats = try quiz(scratch, ["--stats"], now: "2026-12-08T14:00:00Z")
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("Daily quiz: 3 counted · streak 2 days · longest 2 days"), "\(stats.stdout)")
        #expect(stats.stdout.contains("last #8 0/10 · 2 practice"), "\(stats.stdout)")
        let json = try quiz(scratch, ["--stats", "--format", "json"], now: "2026-12-08T14:00:00Z")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let daily = try #require(object["daily"] as? [String: Any])
        #expect(daily["streak"] as? Int == 2)
        #expect((daily["counted"] as? [Any])?.count == 3)
    }

    /// An installed copy whose bundled bank gains questions (dated, as the
    /// README says they must be) deals every past day's daily as before.
    @Test func aBankGainingAQuestionLeavesPastDaysUnchanged() throws {
        let scratch = Scratch()
        let prefix = scratch.path + "/usr"
        let questions = prefix + "/share/quiz/Questions"
        let files = FileManager.default
        try files.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try files.createDirectory(atPath: prefix + "/share/quiz", withIntermediateDirectories: true)
        try Executable.copy(QuizBinary.path, to: prefix + "/bin/quiz")
        try files.copyItem(atPath: QuizBinary.repositoryRoot + "/Questions", toPath: questions)
        let days = ["2026-12-01", "2026-12-02", "2026-12-05", "2026-12-09"]
        let before = try days.map {
            try play(scratch, now: "2026-12-10T12:00:00Z", date: $0, binary: prefix + "/bin/quiz").prompts
        }
        // Every bank gains 20 questions on 2026-12-10.
        for file in try files.contentsOfDirectory(atPath: questions)
        where file.hasSuffix(".json") && file != "bank.schema.json" {
            let path = questions + "/" + file
            var bank = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            var list = try #require(bank["questions"] as? [[String: Any]])
            for number in 0..<20 {
                list.append([
                    "id": "new-\(number)", "prompt": "New question \(number) of \(file)?", "answer": true,
                    "difficulty": ["easy", "medium", "hard"][number % 3], "added": "2026-12-10",
                ])
            }
            bank["questions"] = list
            try JSONSerialization.data(withJSONObject: bank).write(to: URL(fileURLWithPath: path))
        }
        let after = try days.map {
            try play(scratch, now: "2026-12-10T12:00:00Z", date: $0, binary: prefix + "/bin/quiz").prompts
        }
        #expect(after == before)
        let today = try play(scratch, now: "2026-12-10T12:00:00Z", binary: prefix + "/bin/quiz").prompts
        #expect(today.contains { $0.hasPrefix("New question") }, "from their day on, the new questions may be asked")
    }

    /// The bundled questions without an `"added"` date are the library of
    /// daily #1: adding, removing or renaming one changes past days'
    /// dailies. A question added to a bundled bank carries `"added"`.
    @Test func theUndatedBundledQuestionsAreDailyOnesLibrary() throws {
        let folder = QuizBinary.repositoryRoot + "/Questions"
        var identities: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        where file.hasSuffix(".json") && file != "bank.schema.json" {
            let bank = try BankLoader.load(path: folder + "/" + file)
            identities += bank.questions.filter { $0.added == nil }.map { QuestionIdentity.of($0, bank: bank.id) }
        }
        #expect(identities.count == 441)
        #expect(DailyQuiz.fingerprint(identities.sorted()) == "339b670d")
    }

    /// `--compare` reads a friend's card in every form with chat around it.
    @Test func compareReadsEveryFormWithChatAround() throws {
        let friend = Scratch()
        let now = "2026-12-09T12:00:00Z"
        // Right but the third, skipped.
        let folder = QuizBinary.repositoryRoot + "/Questions"
        let banks = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".json") && $0 != "bank.schema.json" }
            .map { try BankLoader.load(path: folder + "/" + $0) }
        var answers = DailyQuiz.questions(on: DailyDay(number: 9), from: banks).map(\.answerText)
        answers[2] = ":skip"
        try play(friend, now: now, input: answers.joined(separator: "\n") + "\n")
        let me = Scratch()
        let notYet = try quiz(me, ["--compare"], now: now, input: try quiz(friend, ["--share"], now: now).stdout)
        #expect(notYet.status == 0)
        #expect(
            notYet.stdout == "You have not played Daily #9 (2026-12-09) yet: play it with quiz --daily 2026-12-09\n")
        // A card of a day not out here yet is not offered as one to play.
        let friendsCard = try quiz(friend, ["--share"], now: now).stdout
        let early = try quiz(me, ["--compare"], now: "2026-12-08T12:00:00Z", input: friendsCard)
        #expect(early.status == 0 && !early.stdout.contains("play it with"), "\(early.stdout)")
        #expect(early.stdout.contains("it is not out yet here (today's is #8)"), "\(early.stdout)")
        // An SVG card asked for with no game yet: nothing on standard output, one line, 66.
        let noCard = try quiz(me, ["--share", "--format", "svg"], now: now)
        #expect(noCard.status == 66 && noCard.stdout.isEmpty, "\(noCard.stdout)")
        #expect(noCard.stderr == "quiz: no games yet, so no card to draw\n", "\(noCard.stderr)")
        try play(me, now: now)
        let svg = try quiz(me, ["--share", "--format", "svg"], now: now).stdout
        #expect(svg.contains(">Daily #9</text>") && svg.contains("quiz --daily 2026-12-09</text>"), "\(svg)")
        for form in [["--share"], ["--share", "--ascii"], ["--share", "--colorblind"], ["--share", "--text"]] {
            let card = try quiz(friend, form, now: now).stdout
            let chat =
                "[12:01] Bob: daily done!\n"
                + card.split(separator: "\n").map { "[12:01] Bob: " + $0 }.joined(separator: "\n")
                + "\n[12:02] Bob: your turn"
            let file = me.path + "/card.txt"
            try chat.write(toFile: file, atomically: true, encoding: .utf8)
            let compared = try quiz(me, ["--compare", file], now: now)
            #expect(compared.status == 0, "\(form): \(compared.stderr)")
            #expect(compared.stdout.hasPrefix("Daily #9 (2026-12-09) · fp "), "\(form): \(compared.stdout)")
            #expect(compared.stdout.contains("\n  3   →"), "\(compared.stdout)")
            #expect(compared.stdout.contains("      0/10 "), "\(compared.stdout)")
            #expect(compared.stdout.contains("Your friend wins by"), "\(compared.stdout)")
        }
        let card = try quiz(friend, ["--share"], now: now).stdout
        let other = card.replacingOccurrences(of: #"fp [0-9a-f]{8}"#, with: "fp 0badf00d", options: .regularExpression)
        let differs = try quiz(me, ["--compare"], now: now, input: other)
        #expect(differs.status == 0)
        #expect(differs.stdout.contains("had other questions for your friend (fp 0badf00d, yours fp "))
        #expect(differs.stdout.contains("not compared"))
        let garbage = try quiz(me, ["--compare"], now: now, input: "lol what is this\n🟩🟩\n")
        #expect(garbage.status == 65)
        #expect(garbage.stdout.isEmpty)
        #expect(garbage.stderr.split(separator: "\n").count == 1)
        #expect(garbage.stderr.hasPrefix("quiz: no daily card in standard input"))
        // A folder, a missing file, and a card past the first MiB of chat: each said as it is.
        let aFolder = try quiz(me, ["--compare", me.path], now: now)
        #expect(aFolder.status == 66 && aFolder.stderr.hasSuffix(": it is a folder, not a file\n"), "\(aFolder.stderr)")
        let noFile = try quiz(me, ["--compare", me.path + "/none.txt"], now: now)
        #expect(noFile.status == 66 && noFile.stderr.hasSuffix(": no such file\n"), "\(noFile.stderr)")
        let late = try quiz(
            me, ["--compare"], now: now, input: String(repeating: "chat\n", count: 220_000) + friendsCard)
        #expect(late.status == 65, "\(late.stderr)")
        #expect(late.stderr.hasPrefix("quiz: no daily card in the first MiB of standard input"), "\(late.stderr)")
        let missing = try quiz(me, ["--compare", me.path + "/nothing.txt"], now: now)
        #expect(missing.status == 66)
        let ghostGarbage = try quiz(me, ["--daily", "--ghost"], now: now, input: "no card here\n")
        #expect(ghostGarbage.status == 65)
        #expect(ghostGarbage.stderr.hasPrefix("quiz: no daily card in standard input"))
    }

    /// With `ghost = on` the card carries the answers' times, and `--ghost`
    /// races them: after each answer, the friend's result and the gap.
    @Test func raceAFriendsGhost() throws {
        let friend = Scratch()
        let now = "2026-12-09T12:00:00Z"
        try friend.writeConfig("ghost = on\n")
        try play(friend, now: now)
        let card = try quiz(friend, ["--share"], now: now).stdout
        #expect(card.contains("\nghost "), "\(card)")
        let me = Scratch()
        let file = me.path + "/ghost.txt"
        try card.write(toFile: file, atomically: true, encoding: .utf8)
        let raced = try play(me, now: now, extra: ["--ghost", file])
        let ghostLines = raced.run.stdout.split(separator: "\n").filter {
            $0.hasPrefix("  Ghost: your friend skipped it in ")
        }
        #expect(ghostLines.count == 10, "\(raced.run.stdout)")
        let without = try quiz(me, ["--share"], now: now)
        #expect(without.stdout.hasPrefix("quiz daily #9 · 0/10 · 2026-12-09\n"))
        #expect(!without.stdout.contains("ghost"), "off by default")
    }

    /// A daily's number and practice mark survive the JSON export and a
    /// merge of it: into its own history it adds nothing, into another it
    /// adds the dailies as they were.
    @Test func theExportKeepsDailiesAndMergesThemOnce() throws {
        let now = "2026-12-09T12:00:00Z"
        let scratch = Scratch()
        try play(scratch, now: now)
        try play(scratch, now: "2026-12-09T13:00:00Z")
        let export = try quiz(scratch, ["--history", "--format", "json"], now: now)
        let games = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [[String: Any]])
        #expect(games.map { $0["daily"] as? Int } == [9, 9])
        #expect(games.map { $0["practice"] as? Bool } == [true, false])
        #expect(games.allSatisfy { $0["quiz"] is NSNull })
        let file = scratch.path + "/export.json"
        try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let again = try quiz(scratch, ["--merge-history", file], now: now)
        #expect(again.stdout.hasSuffix(": 0 games added, 2 already in the history\n"), "\(again.stdout)\(again.stderr)")
        let other = Scratch()
        let merged = try quiz(other, ["--merge-history", file], now: now)
        #expect(merged.stdout.hasSuffix(": 2 games added, 0 already in the history\n"), "\(merged.stderr)")
        #expect(
            try quiz(other, ["--share"], now: now).stdout.hasPrefix("quiz daily #9 · 0/10 · 2026-12-09 · practice\n"))
        #expect(try quiz(other, ["--stats"], now: now).stdout.contains("Daily quiz: 1 counted · streak 1 day"))
    }

    /// `daily` at the menu plays today's; `daily DATE` a past day's, as practice.
    @Test func dailyAtTheMenu() throws {
        let scratch = Scratch()
        let now = "2026-12-09T12:00:00Z"
        let menu = try quiz(
            scratch, [], now: now,
            input: "daily\n" + Self.skips + "daily 2026-12-02\n" + Self.skips + "daily 12/02\nquit\n")
        #expect(menu.status == 0, "\(menu.stderr)")
        #expect(menu.stdout.contains("Daily #9 · 10 questions · 2026-12-09"))
        #expect(menu.stdout.contains("Daily #9 counted: today's result."))
        #expect(menu.stdout.contains("Practice: Daily #2 (2026-12-02) is a past day's."))
        #expect(menu.stderr == "quiz: '12/02' is not a date such as 2026-12-09\n")
        #expect(menu.stdout.contains("Share this game: type share."))
    }
}
