import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// The parts of remote banks that need no server: names, ages, ids, the cache's files.
@Suite struct RemoteBankUnitTests {
    @Test func cacheFileNamesAreReadableStableAndDistinct() {
        let api = BankCache.fileName(for: "https://opentdb.com/api.php?amount=10")
        #expect(api == "opentdb-com-api-php-e3993a7f.json", "as the README says")
        #expect(api == BankCache.fileName(for: "https://opentdb.com/api.php?amount=10"), "stable")
        #expect(api.count == "opentdb-com-api-php-".count + 8 + 5)
        #expect(api != BankCache.fileName(for: "https://opentdb.com/api.php?amount=20"), "the query counts")
        #expect(
            BankCache.fileName(for: "http://example.org/Banks/World%20Capitals.json").hasPrefix(
                "example-org-banks-world-capitals-"))
        #expect(BankCache.stableHash("") == 0x811C_9DC5)
        #expect(BankCache.stableHash("a") == 0xE40C_292C, "FNV-1a 32 test vector")
        let long = BankCache.fileName(for: "https://example.org/" + String(repeating: "x", count: 500))
        #expect(long.count <= 80 + 1 + 8 + 5)
    }

    @Test func theCacheFolderFollowsXDG() {
        #expect(BankCache.defaultFolder(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/c"]) == "/c/quiz")
        #expect(BankCache.defaultFolder(environment: ["HOME": "/h", "XDG_CACHE_HOME": "rel"]) == "/h/.cache/quiz")
        #expect(BankCache.defaultFolder(environment: ["HOME": "/h"]) == "/h/.cache/quiz")
    }

    @Test func quizIDsOfURLs() throws {
        func id(_ text: String) throws -> String { RemoteBankLoader.quizID(for: try #require(URL(string: text))) }
        #expect(try id("https://example.org/banks/capitals.json") == "capitals")
        #expect(try id("https://opentdb.com/api.php?amount=10&category=17") == "opentdb")
        #expect(try id("http://127.0.0.1:8080/api.php?amount=3") == "opentdb")
        #expect(try id("https://example.org/") == "example.org")
    }

    @Test func agesAreSaidInTheLargestWholeUnit() {
        #expect(StaleCopy.ageText(0) == "0 seconds ago")
        #expect(StaleCopy.ageText(1.5) == "1 second ago")
        #expect(StaleCopy.ageText(59) == "59 seconds ago")
        #expect(StaleCopy.ageText(60) == "1 minute ago")
        #expect(StaleCopy.ageText(3 * 3600 + 20) == "3 hours ago")
        #expect(StaleCopy.ageText(47 * 3600) == "47 hours ago")
        #expect(StaleCopy.ageText(5 * 86400) == "5 days ago")
        #expect(StaleCopy.ageText(-30) == "0 seconds ago", "a clock set back")
    }

    @Test func theTimeoutComesFromTheEnvironment() throws {
        #expect(try RemoteBankLoader.timeout(environment: [:]) == 10)
        #expect(try RemoteBankLoader.timeout(environment: ["QUIZ_FETCH_TIMEOUT": "0.5"]) == 0.5)
        for bad in ["0", "-1", "soon", "inf", "nan"] {
            #expect(throws: RemoteBankError.self) {
                try RemoteBankLoader.timeout(environment: ["QUIZ_FETCH_TIMEOUT": bad])
            }
        }
    }

    @Test func failuresReadAsOneLine() {
        #expect(FetchFailure.httpStatus(503).description == "HTTP 503 Service Unavailable")
        #expect(FetchFailure.timedOut(1).description == "timed out: not finished within 1 s (QUIZ_FETCH_TIMEOUT)")
        #expect(FetchFailure.timedOut(0.5).description == "timed out: not finished within 0.5 s (QUIZ_FETCH_TIMEOUT)")
        let error = RemoteBankError.unavailable(url: "http://x/y.json", reason: .hostNotFound("x"))
        #expect(
            error.description
                == "cannot download http://x/y.json: host x not found (DNS lookup failed); no cached copy to fall back on"
        )
    }

    @Test func aStoredCopyIsReadBackWithItsTimeAndWrittenPrivately() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-cache-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = BankCache(folder: folder + "/quiz")
        let url = "http://127.0.0.1/mini.json"
        #expect(cache.entry(for: url) == nil)
        // A temporary file left by a process killed mid-write is cleared by the next write.
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        try FileManager.default.createDirectory(atPath: folder + "/quiz", withIntermediateDirectories: true)
        let leftover = folder + "/quiz/.\(BankCache.fileName(for: url)).tmp-\(finished.processIdentifier)"
        try Data("{".utf8).write(to: URL(fileURLWithPath: leftover))
        let before = Date().addingTimeInterval(-1)
        cache.storeInBackground(Array("{\"a\": 1}".utf8), for: url)
        cache.storeInBackground(Array("{\"a\": 2}".utf8), for: url)
        #expect(cache.finishWrites().isEmpty)
        let entry = try #require(cache.entry(for: url))
        #expect(entry.bytes == Array("{\"a\": 2}".utf8), "writes happen in order")
        #expect(entry.fetched >= before && entry.fetched <= Date().addingTimeInterval(1))
        let attributes = try FileManager.default.attributesOfItem(atPath: entry.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/quiz").count == 1)
    }

    @Test func aHugeSparseCopyOrAPipeIsNoCopy() throws {
        let temporary = try TemporaryFolder()
        let cache = BankCache(folder: temporary.file("quiz"))
        let url = "http://127.0.0.1/mini.json"
        try cache.store(Array("{\"a\": 1}".utf8), for: url)
        #expect(cache.entry(for: url) != nil)
        #expect(truncate(cache.file(for: url), off_t(BankCache.largestCopy + 1)) == 0)
        #expect(cache.entry(for: url) == nil, "larger than the largest copy: not read")
        #expect(cache.entry(for: url, limit: BankCache.largestCopy + 1) != nil, "unless --max-download allows it")
        unlink(cache.file(for: url))
        #expect(mkfifo(cache.file(for: url), 0o600) == 0)
        #expect(cache.entry(for: url) == nil, "a pipe is not waited on")
    }

    @Test func aWriteThatFailsIsReportedByFinishWrites() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-not-a-folder-\(UUID())").path
        try Data().write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let cache = BankCache(folder: file + "/quiz")
        cache.storeInBackground([1], for: "http://h/b.json")
        let failures = cache.finishWrites()
        #expect(failures.count == 1)
        #expect(failures.first?.description.hasPrefix("cannot cache http://h/b.json in \(file)/quiz/") == true)
        #expect(cache.finishWrites().isEmpty, "reported once")
    }
}

/// `--category` and `--difficulty` as QuizKit applies them.
@Suite struct QuestionFilterTests {
    let bank = QuestionBank(
        id: "t", title: "T",
        questions: [
            Question(prompt: "a", kind: .trueFalse(true), difficulty: .easy, category: "Art"),
            Question(prompt: "b", kind: .trueFalse(true), difficulty: .hard, category: "Art"),
            Question(prompt: "c", kind: .trueFalse(true), difficulty: .hard, category: "Science & Nature"),
            Question(prompt: "d", kind: .trueFalse(true)),
        ], path: "t.json")

    @Test func categoriesAreCountedAndSortedIgnoringCase() {
        let categories = BankCategories(bank)
        #expect(categories.summary == "Art (2), Science & Nature (1)")
        #expect(categories.listing(width: 80) == ["  categories: Art (2), Science & Nature (1)"])
        #expect(categories.listing(width: 30) == ["  categories: Art (2),", "              Science & Nature (1)"])
        #expect(
            BankCategories(QuestionBank(id: "x", title: "X", questions: [bank.questions[0]], path: "")).listing(
                width: 80
            ).isEmpty)
    }

    @Test func filtersKeepMatchingQuestionsAndNameThemselvesInTheTitle() throws {
        let art = try QuestionFilter(category: " art ").apply(to: bank)
        #expect(art.questions.map(\.prompt) == ["a", "b"])
        #expect(art.title == "T · Art")
        let hard = try QuestionFilter(difficulty: .hard).apply(to: bank)
        #expect(hard.questions.map(\.prompt) == ["b", "c"])
        #expect(hard.title == "T · hard")
        let both = try QuestionFilter(category: "ART", difficulty: .hard).apply(to: bank)
        #expect(both.questions.map(\.prompt) == ["b"])
        #expect(try QuestionFilter().apply(to: bank).questions.count == 4)
    }

    @Test func nothingLeftIsAnError() {
        #expect(throws: QuestionFilterError.noSuchCategory("Sport", quiz: "t", categories: BankCategories(bank))) {
            try QuestionFilter(category: "Sport").apply(to: bank)
        }
        #expect(throws: QuestionFilterError.noQuestions(quiz: "t", category: "Art", difficulty: .medium)) {
            try QuestionFilter(category: "Art", difficulty: .medium).apply(to: bank)
        }
        #expect(
            QuestionFilterError.noQuestions(quiz: "t", category: "Art", difficulty: .medium).description
                == "no medium questions in category 'Art' of quiz t")
    }
}
