import Foundation
import QuizCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `quiz --import` and `--questions` on files of cards, through the binary:
/// each format imported, validated and played; each format played directly;
/// hostile files refused with one line and their status, the output untouched.
@Suite struct ImportTests {
    /// A text export as Anki 2.1.66 and later writes "Notes in Plain Text"
    /// with every option on (rslib/src/import_export/text/csv/export.rs:
    /// `write_file_header`, `write_column_header` in guid, notetype, deck,
    /// tags order, the tags column after the widest note type's fields, each
    /// note's fields padded to that width; the `csv` crate's writer with a tab
    /// delimiter, `QuoteStyle::Necessary`: a field holding a tab, a quote or
    /// a line break is quoted and its quotes doubled, and `#` the comment
    /// byte, so a guid starting with it is quoted).
    static let ankiExport = """
        #separator:tab
        #html:true
        #guid column:1
        #notetype column:2
        #deck column:3
        #tags column:6
        "#Jb3]k"\tBasic\tGeography::Europe\tWhat is the capital of <b>France</b>?\tParis&nbsp;\tgeo europe
        f;2Lq_\tCloze\tGeography\t{{c1::Canberra}} is the capital of {{c2::Australia::country}}\tBack <i>extra</i>\t
        "x""7Yv"\tBasic\tGeography::Europe\t<img src="heart.png">\tA heart\t
        Ab9!@\tBasic (and reversed card)\tGeography\tLargest ocean<br>on Earth\t"<div>The ""Pacific""</div>"\tgeo
        Qw12e\tBasic (type in the answer)\tGeography::Asia\tCapital of Japan &amp; its largest city?\tTokyo [sound:tokyo.mp3]\t

        """

    static let quizletExport = "Hund\tdog\nKatze\tcat\nHaus\thouse\nsomething you live in\nBaum\ttree\n"

    static let csv = """
        Question,Answer,Choices,Explanation,Category
        "Which planet is red, and why?",Mars,Venus|Mars|Jupiter,"Iron oxide, or rust",Astronomy
        Capital of Peru,Lima,,,Geography
        "A ""quoted"" word",quoted,,,

        """

    static let markdown = """
        # Biology

        Some prose the import leaves out.

        Q: What is the largest planet?
        A: Jupiter

        Q: What gas do plants
        take in?
        A: Carbon dioxide

        C: The [mitochondria] is the powerhouse of the [cell].

        """

    func write(_ text: String, _ name: String, in scratch: Scratch) throws -> String {
        let path = scratch.path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func bank(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    func questions(_ path: String) throws -> [[String: Any]] {
        try bank(path)["questions"] as! [[String: Any]]
    }

    /// Imports `name`, validates the bank written, then plays it whole with every answer right.
    func roundTrip(_ text: String, _ name: String, extra: [String] = [], in scratch: Scratch) throws -> String {
        let input = try write(text, name, in: scratch)
        let output = scratch.path + "/bank.json"
        let imported = try runQuiz(["--import", input, "--output", output] + extra, environment: scratch.environment())
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.isEmpty)
        let validated = try runQuiz(["--validate", output], environment: scratch.environment())
        #expect(validated.status == 0, "\(validated.stdout)")
        let count = try questions(output).count
        let lines = try answers(bank: output, seed: 5, count: count, right: Set(0..<count))
        let played = try runQuiz(
            ["--questions", output, "bank", "--seed", "5", "-n", "all"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout.contains("\(count)/\(count) right (100%)"), "\(played.stdout)")
        return imported.stdout
    }

    @Test func ankisTextExportImportsValidatesAndPlays() throws {
        let scratch = Scratch()
        let said = try roundTrip(Self.ankiExport, "Geography.txt", in: scratch)
        let output = scratch.path + "/bank.json"
        #expect(
            said
                == "imported \(scratch.path)/Geography.txt (Anki's text export): 6 questions in \(output); "
                + "skipped 1 that need their picture or sound\n")
        let bank = try bank(output)
        #expect(bank["title"] as? String == "Geography")
        let questions = try questions(output)
        let pairs = questions.map { "\($0["prompt"]!) → \($0["answer"]!)" }
        #expect(
            pairs == [
                "What is the capital of France? → Paris",
                "____ is the capital of Australia → Canberra",
                "Canberra is the capital of ____ [country] → Australia",
                "Largest ocean\non Earth → The \"Pacific\"",
                "The \"Pacific\" → Largest ocean; on Earth",
                "Capital of Japan & its largest city? → Tokyo",
            ])
        #expect(questions[0]["category"] as? String == "Europe")
        #expect(questions[0]["tags"] as? [String] == ["geo", "europe"])
        #expect(questions[1]["explanation"] as? String == "Back extra")
        #expect(questions[1]["category"] == nil, "the top deck is the title, not a category")
        #expect(questions[5]["category"] as? String == "Asia")
    }

    /// The back as a quizmaster reads it: a gloss on its own line is
    /// accepted without it, and what follows a blank line (Anki's editor
    /// makes one of `<br><br>` or an empty `<div>`) is the explanation.
    @Test func aGlossIsAcceptedWithoutItAndANoteIsTheExplanation() throws {
        let scratch = Scratch()
        let export = """
            #separator:tab
            #html:true
            Capital of Japan?	Tokyo<br>(東京)
            Capital of Kenya?	Nairobi<br><br><i>since 1963</i>
            Capital of Peru?	<div>Lima</div><div><br></div><div>Founded in 1535.</div>

            """
        let input = try write(export, "capitals.txt", in: scratch)
        let output = scratch.path + "/capitals.json"
        let imported = try runQuiz(["--import", input, "--output", output], environment: scratch.environment())
        #expect(imported.status == 0, "\(imported.stderr)")
        let asked = try prompts(bank: output, seed: 3)
        let typed = asked.map {
            ["Capital of Japan?": "tokyo", "Capital of Kenya?": "Nairobi", "Capital of Peru?": "Lima"][$0]!
        }
        let played = try runQuiz(
            ["--questions", output, "capitals", "--seed", "3", "-n", "all"],
            input: typed.joined(separator: "\n") + "\n", environment: scratch.environment())
        #expect(played.stdout.contains("3/3 right (100%)"), "\(played.stdout)")
        #expect(played.stdout.contains("since 1963") && played.stdout.contains("Founded in 1535."), "\(played.stdout)")
        #expect(played.stdout.contains("Tokyo (東京)"), "the answer is shown whole: \(played.stdout)")
    }

    @Test func quizletsExportImportsWithDefinitionsThatSpanLines() throws {
        let scratch = Scratch()
        _ = try roundTrip(Self.quizletExport, "German.tsv", in: scratch)
        let questions = try questions(scratch.path + "/bank.json")
        #expect(questions.map { $0["prompt"] as! String } == ["Hund", "Katze", "Haus", "Baum"])
        #expect(questions[2]["answer"] as? String == "house; something you live in")
        #expect(try bank(scratch.path + "/bank.json")["title"] as? String == "German")
    }

    @Test func quizletsCustomSeparatorsAreTaken() throws {
        let scratch = Scratch()
        let text = "sun - the star we orbit;;moon - what orbits us;;\n"
        _ = try roundTrip(
            text, "sky.txt", extra: ["--import-separator", " - ", "--import-card-separator", ";;"], in: scratch)
        let questions = try questions(scratch.path + "/bank.json")
        #expect(questions.map { $0["answer"] as! String } == ["the star we orbit", "what orbits us"])
    }

    @Test func csvWithAHeaderImportsItsNamedColumns() throws {
        let scratch = Scratch()
        _ = try roundTrip(Self.csv, "sheet.csv", in: scratch)
        let questions = try questions(scratch.path + "/bank.json")
        #expect(questions.count == 3)
        #expect(questions[0]["prompt"] as? String == "Which planet is red, and why?")
        #expect(questions[0]["choices"] as? [String] == ["Venus", "Mars", "Jupiter"])
        #expect(questions[0]["explanation"] as? String == "Iron oxide, or rust")
        #expect(questions[1]["category"] as? String == "Geography")
        #expect(questions[2]["prompt"] as? String == "A \"quoted\" word")
    }

    @Test func markdownQuestionsAnswersAndClozesImport() throws {
        let scratch = Scratch()
        _ = try roundTrip(Self.markdown, "biology.md", in: scratch)
        let questions = try questions(scratch.path + "/bank.json")
        #expect(
            questions.map { "\($0["prompt"]!) → \($0["answer"]!)" } == [
                "What is the largest planet? → Jupiter",
                "What gas do plants\ntake in? → Carbon dioxide",
                "The ____ is the powerhouse of the cell. → mitochondria",
                "The mitochondria is the powerhouse of the ____. → cell",
            ])
    }

    /// `--questions` plays each format as it is, under the file's name without its extension.
    @Test(arguments: [
        ("Geography.txt", ImportTests.ankiExport, 6), ("German.tsv", ImportTests.quizletExport, 4),
        ("sheet.csv", ImportTests.csv, 3), ("biology.md", ImportTests.markdown, 4),
    ])
    func questionsPlaysEachFormatDirectly(name: String, text: String, count: Int) throws {
        let scratch = Scratch()
        let path = try write(text, name, in: scratch)
        let id = String(name.prefix { $0 != "." })
        let listed = try runQuiz(["--questions", path, "--list"], environment: scratch.environment())
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains(id) && listed.stdout.contains("\(count) questions"), "\(listed.stdout)")
        let lines = try answers(bank: path, seed: 2, count: count, right: Set(0..<count))
        for _ in 0..<2 {  // the second game is dealt from the parsed copy
            let played = try runQuiz(
                ["--questions", path, id, "--seed", "2", "-n", "all"], input: lines.joined(separator: "\n") + "\n",
                environment: scratch.environment())
            #expect(played.status == 0, "\(played.stderr)")
            #expect(played.stdout.contains("\(count)/\(count) right (100%)"), "\(played.stdout)")
        }
        let history = try runQuiz(["--history", "--format", "csv"], environment: scratch.environment())
        #expect(history.stdout.contains(",\(id),"), "recorded under the file's name: \(history.stdout)")
    }

    // MARK: Hostile files

    /// One line naming the file, the status, and the output as it was.
    func refused(
        _ bytes: [UInt8], _ name: String, status: Int32, message: String, in scratch: Scratch,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let input = scratch.path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let output = scratch.path + "/kept.json"
        try Data("{\"title\": \"Kept\", \"questions\": []}".utf8).write(to: URL(fileURLWithPath: output))
        let run = try runQuiz(["--import", input, "--output", output], environment: scratch.environment())
        #expect(run.status == status, sourceLocation: sourceLocation)
        #expect(run.stderr == "quiz: \(input): \(message)\n", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(
            try String(contentsOfFile: output, encoding: .utf8) == "{\"title\": \"Kept\", \"questions\": []}",
            "the output is untouched", sourceLocation: sourceLocation)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty, sourceLocation: sourceLocation)
    }

    /// A separator never makes a file another format: given for a format
    /// that does not take it, it is bad usage (64), the format named.
    @Test(arguments: [
        ("k.csv", "question,answer\nQ,A\n", ["--import-card-separator", "newline"], "--import-card-separator", "CSV"),
        ("k.md", "Q: one\nA: 1\n", ["--import-separator", "tab"], "--import-separator", "Q:/A: markdown"),
        (
            "anki.txt", "#separator:tab\n#html:true\nQ\tA\n", ["--import-separator", "tab"], "--import-separator",
            "Anki's text export"
        ),
        ("deck.apkg", "PK\u{3}\u{4}", ["--import-separator", "comma"], "--import-separator", "an Anki package"),
        (
            "c.csv", "question,answer\nQ,A\n", ["--import-format", "anki-package", "--import-separator", ":"],
            "--import-separator", "an Anki package"
        ),
        (
            "k.md", "Q: one\nA: 1\n", ["--import-format", "csv", "--import-card-separator", ";"],
            "--import-card-separator", "CSV"
        ),
    ])
    func aSeparatorForAnotherFormatIsBadUsage(
        name: String, text: String, options: [String], option: String, format: String
    )
        throws
    {
        let scratch = Scratch()
        let input = try write(text, name, in: scratch)
        let output = scratch.path + "/out.json"
        let run = try runQuiz(["--import", input, "--output", output] + options, environment: scratch.environment())
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("quiz: \(option) goes with Quizlet's export"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(run.stderr.contains("\(input) is read as \(format)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        // Said as Quizlet's, the same file is read so.
        if name.hasSuffix(".md") {
            let quizlet = try runQuiz(
                ["--import", input, "--output", output, "--import-format", "quizlet", "--import-separator", ":"],
                environment: scratch.environment())
            #expect(quizlet.status == 0, "\(quizlet.stderr)")
        }
    }

    @Test func invalidUTF8IsNamedWithItsOffset() throws {
        try refused(
            Array("question,answer\nab".utf8) + [0xC3, 0x28] + Array(",d\n".utf8), "bad.csv", status: 65,
            message: "not UTF-8 text: byte 0xC3 at byte offset 18 (line 2) is not valid UTF-8; save the file as UTF-8",
            in: Scratch())
    }

    @Test func aBinaryFileNamedAsTextIsRefused() throws {
        let scratch = Scratch()
        let binary = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        try refused(
            binary, "photo.csv", status: 65, message: "a binary file, not text (a NUL byte at byte offset 0)",
            in: scratch)
        try refused(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "image.txt", status: 65,
            message: "a binary file, not text (a NUL byte at byte offset 8)", in: scratch)
    }

    @Test func anEmptyFileAndAFileWithNoCardAreRefused() throws {
        let scratch = Scratch()
        try refused([], "empty.csv", status: 65, message: "the file is empty", in: scratch)
        try refused(
            Array("question,answer\n\n,\n".utf8), "header.csv", status: 65, message: "no card to import", in: scratch)
        try refused(
            Array("# Notes\n\nJust prose, no Q: lines.\n".utf8), "prose.md", status: 65, message: "no card to import",
            in: scratch)
        try refused(
            Array("#separator:tab\n#html:true\n<img src=\"a.png\">\tA\n".utf8), "pictures.txt", status: 65,
            message: "no card to import (skipped: 1 that need their picture or sound)", in: scratch)
    }

    @Test func aFileOfNoKnownFormatIsRefused() throws {
        let scratch = Scratch()
        try refused(
            Array("{\"title\": \"T\", \"questions\": []}".utf8), "bank.json", status: 65,
            message: "a JSON bank already: play it with --questions, check it with --validate", in: scratch)
        try refused(
            Array("a\tb\n".utf8), "cards.dat", status: 65,
            message: "its format is not told by its name: name it .txt, .tsv, .csv or .md, or say --import-format",
            in: scratch)
        let named = try write("a\tb\n", "cards.dat", in: scratch)
        let run = try runQuiz(
            ["--import", named, "--output", scratch.path + "/cards.json", "--import-format", "quizlet"],
            environment: scratch.environment())
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func aCSVWithoutTheNamedColumnsSaysWhich() throws {
        try refused(
            Array("term;meaning\nx;y\n".utf8), "sheet.csv", status: 65,
            message: "line 1: the header row names no answer column (answer, back or definition)", in: Scratch())
        // The header is quoted as written.
        try refused(
            Array("Word,Meaning\nx,y\n".utf8), "words.csv", status: 65,
            message: "line 1: the header row names no question column (question, prompt, front or term), "
                + "but: \"Word\", \"Meaning\"", in: Scratch())
    }

    @Test func aNoteWith10000FieldsIsRefused() throws {
        let note = (0..<10_000).map { "f\($0)" }.joined(separator: "\t")
        try refused(
            Array("#separator:tab\n#html:false\n\(note)\n".utf8), "wide.txt", status: 65,
            message: "line 3: more than 1000 fields, the most a card may have", in: Scratch())
    }

    @Test func aFieldPastItsBoundIsRefused() throws {
        try refused(
            Array("question,answer\n\"\(String(repeating: "x", count: 70_000))\",y\n".utf8), "long.csv", status: 65,
            message: "line 2: a field longer than 64 KiB, the most a card's side may hold", in: Scratch())
    }

    @Test func markdownAndQuizletFieldsPastTheirBoundAreRefused() throws {
        let scratch = Scratch()
        let long = String(repeating: "a", count: 70_000)
        try refused(
            Array("Q: fine\nA: yes\n\nQ: \(long)\nA: x\n".utf8), "long.md", status: 65,
            message: "line 4: a field longer than 64 KiB, the most a card's side may hold", in: scratch)
        try refused(
            Array("Q: short\nA: \(long.prefix(40_000))\n\(long.prefix(40_000))\n".utf8), "lines.md", status: 65,
            message: "line 2: a field longer than 64 KiB, the most a card's side may hold", in: scratch)
        try refused(
            Array("Hund\tdog\n\(long)\tx\n".utf8), "term.tsv", status: 65,
            message: "line 2: a field longer than 64 KiB, the most a card's side may hold", in: scratch)
        try refused(
            Array("Hund\tdog\n\(long.prefix(40_000))\n\(long.prefix(40_000))\n".utf8), "definition.tsv",
            status: 65, message: "line 1: a field longer than 64 KiB, the most a card's side may hold", in: scratch)
        let just = String(repeating: "a", count: ImportLimits.fieldBytes)
        _ = try roundTrip("Q: \(just)\nA: x\n", "just.md", in: scratch)
    }

    /// A file of more cards than `ImportLimits.cards` is refused at the card past it.
    @Test func aFileOfTooManyCardsIsRefused() throws {
        let cards = (1...ImportLimits.cards + 1).map { "Q:\($0)\nA:a\n" }.joined()
        try refused(
            Array(cards.utf8), "max.md", status: 65,
            message: "line \(2 * ImportLimits.cards + 1): more than 200000 cards, the most a file imported may hold",
            in: Scratch())
    }

    /// Choices quiz cannot ask make the card a typed answer, and the line
    /// says how many: fewer than two, more than 26, one over 500 characters.
    /// Two the same but for case are one (the first's text, the answer
    /// written as it), and one that shows nothing is left out.
    @Test func choicesThatCannotBeAskedAreSaid() throws {
        let scratch = Scratch()
        let many = (0..<30).map { "c\($0)" }.joined(separator: "|")
        let long = String(repeating: "x", count: 501)
        let text =
            "question,answer,choices\nQ1?,c0,\(many)\nQ2?,Ans,ans \nQ3?,y,y|\(long)\nQ4?,b,a|b|c\nQ5?,us,US|us|them\n"
            + "Q6?,x,x|\u{200B}|y\n"
        let output = try roundTrip(text, "choices.csv", in: scratch)
        #expect(
            output.contains(
                "6 questions in \(scratch.path)/bank.json; 3 with choices quiz cannot ask (fewer than two, "
                    + "more than 26, or one over 500 characters) asked as typed answers"), "\(output)")
        let choices = try questions(scratch.path + "/bank.json").map { $0["choices"] as? [String] }
        #expect(choices == [nil, nil, nil, ["a", "b", "c"], ["US", "them"], ["x", "y"]])
        // The answer is the choice shown (`us` among `US` and `them` is `US`).
        #expect(try questions(scratch.path + "/bank.json")[4]["answer"] as? String == "US")
    }

    @Test func aSecondAnswerLineLosesItsMarkerAsTheFirst() throws {
        let scratch = Scratch()
        _ = try roundTrip("Q: Second\nA: line1\nA: line2\n", "second.md", in: scratch)
        #expect(try questions(scratch.path + "/bank.json").map { $0["answer"] as? String } == ["line1; line2"])
    }

    @Test func anUnclosedQuoteIsNamedByItsLine() throws {
        try refused(
            Array("question,answer\nq,a\nq2,\"never\nclosed\n".utf8), "open.csv", status: 65,
            message: "line 3: a quoted field opened here is never closed", in: Scratch())
    }

    @Test func aMissingFileIs66() throws {
        let scratch = Scratch()
        let run = try runQuiz(
            ["--import", scratch.path + "/none.csv", "--output", scratch.path + "/out.json"],
            environment: scratch.environment())
        #expect(run.status == 66)
        #expect(run.stderr == "quiz: \(scratch.path)/none.csv: no such file\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out.json"))
    }

    @Test func theOutputMayNotBeTheInputNorAnythingButJSON() throws {
        let scratch = Scratch()
        let input = try write(
            "{\"title\": \"T\", \"questions\": [{\"prompt\": \"p\", \"answer\": \"a\"}]}", "deck.json", in: scratch)
        let same = try runQuiz(["--import", input, "--output", input], environment: scratch.environment())
        #expect(same.status == 64)
        #expect(same.stderr == "quiz: \(input): the output is the file being imported; name another file\n")
        let csv = try runQuiz(
            ["--import", input, "--output", scratch.path + "/x.csv"], environment: scratch.environment())
        #expect(csv.status == 64)
        #expect(csv.stderr.hasPrefix("quiz: --output names the bank file to write, a name ending in .json"))
        let none = try runQuiz(["--import", input], environment: scratch.environment())
        #expect(none.status == 64)
        #expect(none.stderr.hasPrefix("quiz: --import needs --output BANK.json"))
    }

    /// The bank is the user's file: it keeps the mode of the file it
    /// replaces, a new one gets what the umask allows, and a symbolic link
    /// is written through (the link stays, the file it names holds the bank).
    @Test func theBankKeepsItsModeAndItsLink() throws {
        let scratch = Scratch()
        let input = try write("Q: a?\nA: b\n", "cards.md", in: scratch)
        let fresh = scratch.path + "/fresh.json"
        #expect(try runQuiz(["--import", input, "--output", fresh], environment: scratch.environment()).status == 0)
        let mask = umask(0o022)
        umask(mask)
        var info = stat()
        #expect(stat(fresh, &info) == 0 && info.st_mode & 0o777 == 0o666 & ~mask)
        let kept = try write("{}", "kept.json", in: scratch)
        chmod(kept, 0o640)
        #expect(try runQuiz(["--import", input, "--output", kept], environment: scratch.environment()).status == 0)
        #expect(stat(kept, &info) == 0 && info.st_mode & 0o777 == 0o640)
        let real = try write("{}", "real.json", in: scratch)
        let link = scratch.path + "/link.json"
        #expect(symlink("real.json", link) == 0)
        #expect(try runQuiz(["--import", input, "--output", link], environment: scratch.environment()).status == 0)
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try questions(real).map { $0["prompt"] as? String } == ["a?"])
        // A dangling link, relative to its folder: the file it names is made.
        try FileManager.default.createDirectory(atPath: scratch.path + "/sub", withIntermediateDirectories: true)
        let dangling = scratch.path + "/dangling.json"
        #expect(symlink("sub/new.json", dangling) == 0)
        #expect(try runQuiz(["--import", input, "--output", dangling], environment: scratch.environment()).status == 0)
        #expect(lstat(dangling, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try questions(scratch.path + "/sub/new.json").map { $0["prompt"] as? String } == ["a?"])
        // A loop is refused, its links left; a link into no folder is named.
        #expect(symlink("loopB.json", scratch.path + "/loopA.json") == 0)
        #expect(symlink("loopA.json", scratch.path + "/loopB.json") == 0)
        let loop = try runQuiz(
            ["--import", input, "--output", scratch.path + "/loopA.json"], environment: scratch.environment())
        #expect(loop.status == 74 && loop.stderr.contains("too many levels of symbolic links"), "\(loop.stderr)")
        #expect(lstat(scratch.path + "/loopA.json", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(symlink("missing/x.json", scratch.path + "/nowhere.json") == 0)
        let nowhere = try runQuiz(
            ["--import", input, "--output", scratch.path + "/nowhere.json"], environment: scratch.environment())
        #expect(
            nowhere.status == 74 && nowhere.stderr.contains("(a link to \(scratch.path)/missing/x.json)"),
            "\(nowhere.stderr)")
    }

    @Test func aBankThatCannotBeWrittenIs74() throws {
        let scratch = Scratch()
        let input = try write(Self.csv, "sheet.csv", in: scratch)
        let run = try runQuiz(
            ["--import", input, "--output", scratch.path + "/no/such/folder/out.json"],
            environment: scratch.environment())
        #expect(run.status == 74)
        #expect(run.stderr == "quiz: cannot write \(scratch.path)/no/such/folder/out.json: No such file or directory\n")
    }

    /// A 100 MB line is refused when it passes 1 MiB, a chunk at a time:
    /// quiz never holds it. Held to 160 MB of address space (some 80 MB
    /// over what quiz maps to start), too little to hold the line, and 20 s
    /// of CPU. (Not `wait4`'s peak RSS: a spawned child's counts the test
    /// runner's, the memory it was forked from.)
    @Test func aHundredMegabyteLineIsRefusedInBoundedMemory() throws {
        let scratch = Scratch()
        let input = scratch.path + "/huge.csv"
        try Data("question,answer\n\"".utf8).write(to: URL(fileURLWithPath: input))
        let handle = try #require(FileHandle(forWritingAtPath: input))
        handle.seekToEndOfFile()
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<100 { handle.write(chunk) }
        handle.write(Data("\",y\n".utf8))
        handle.closeFile()
        let output = scratch.path + "/out.json"
        let started = Date()
        let run = try runProcess(
            "/bin/sh",
            [
                "-c", "ulimit -v 160000; ulimit -t 20; exec \"$0\" --import \"$1\" --output \"$2\"", QuizBinary.path,
                input, output,
            ], environment: scratch.environment())
        #expect(run.status == 65)
        #expect(run.stderr == "quiz: \(input): line 2 is longer than 1 MiB, the most a line may hold\n")
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Random bytes and random mutations of each format's valid file, each
    /// imported by the binary under a CPU limit: never a crash or a hang,
    /// and either a bank or one line.
    @Test func randomAndMutatedFilesImportOrSayOneLine() throws {
        let scratch = Scratch()
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededGenerator(seed: seed)
        let seeds: [(String, String)] = [
            ("txt", Self.ankiExport), ("tsv", Self.quizletExport), ("csv", Self.csv), ("md", Self.markdown),
        ]
        for round in 0..<24 {
            let (ext, text) = seeds[round % seeds.count]
            var bytes = Array(text.utf8)
            if round % 6 == 5 {
                bytes = (0..<Int(random.next() % 2000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                for _ in 0...(random.next() % 8) {
                    guard !bytes.isEmpty else { break }
                    let at = Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 4 {
                    case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                    case 1:
                        bytes.insert(contentsOf: Array("\"\t,;|[{{c1::<>}}]\n#".utf8).shuffled(using: &random), at: at)
                    case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next() % 40)))
                    default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 64)], at: at)
                    }
                }
            }
            let input = scratch.path + "/case\(round).\(ext)"
            try Data(bytes).write(to: URL(fileURLWithPath: input))
            let output = scratch.path + "/case\(round).json"
            // `ulimit -t 20`: a hang ends in SIGXCPU, which the status shows.
            let run = try runProcess(
                "/bin/sh",
                ["-c", "ulimit -t 20; exec \"$0\" \"$@\"", QuizBinary.path, "--import", input, "--output", output],
                environment: scratch.environment())
            let context = "seed \(seed), round \(round)"
            #expect(run.status == 0 || run.status == 65, "\(context): status \(run.status)")
            if run.status == 0 {
                let validated = try runQuiz(["--validate", output], environment: scratch.environment())
                #expect(validated.status == 0, "\(context): \(validated.stdout)")
            } else {
                #expect(run.stderr.hasPrefix("quiz: \(input): "), "\(context)")
                #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(context): \(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output), "\(context)")
            }
        }
    }
}
