import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `quiz --import` and `--questions` on Anki packages, through the binary,
/// with decks made by Anki's own library and by genanki
/// (Fixtures/anki/make-decks.py): the current format (zstd, with its decoy),
/// the legacy one, a collection package and a genanki deck each imported,
/// compared with the notes Anki holds, validated and played; hostile
/// packages (a zip bomb, `../` names, text named .apkg, a damaged page, a
/// future schema, 10,000 fields, invalid UTF-8) refused with one line and
/// their status, the output never written. Skipped, with a message, where
/// `python3 -c 'import anki, genanki'` fails (`make test-deps` installs them).
@Suite(.enabled(if: AnkiDecks.folder != nil, Comment(rawValue: AnkiDecks.unavailable)))
struct AnkiPackageTests {
    static let environment = AnkiDecks.environment
    static let python = AnkiDecks.python
    static let decks = AnkiDecks.folder

    /// Runs a Python snippet with `arguments` (sys.argv[1...]).
    func python(_ code: String, _ arguments: [String]) throws {
        let run = try Tool.run(Self.python!, ["-c", code] + arguments, environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
    }

    struct Expected: Decodable {
        struct Note: Decodable {
            var notetype: String
            var deck: String
            var fields: [String]
            var questions: [[String]]
        }
        var title: String
        var notes: [Note]
        var genanki: [Note]
    }

    func expected() throws -> Expected {
        try JSONDecoder().decode(
            Expected.self, from: Data(contentsOf: URL(fileURLWithPath: Self.decks! + "/expected.json")))
    }

    func questions(_ path: String) throws -> [[String: Any]] {
        let bank =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        return bank["questions"] as! [[String: Any]]
    }

    /// Imports `package`, checks the line said, validates the bank and plays it whole, every answer right.
    func importAndPlay(_ package: String, title: String, notes: [Expected.Note], skipped: String) throws {
        let scratch = Scratch()
        let output = scratch.path + "/bank.json"
        let imported = try runQuiz(["--import", package, "--output", output], environment: scratch.environment())
        #expect(imported.status == 0, "\(imported.stderr)")
        let wanted = notes.flatMap(\.questions)
        #expect(
            imported.stdout
                == "imported \(package) (an Anki package): \(wanted.count) questions in \(output)\(skipped)\n")
        let made = try questions(output)
        #expect(made.map { [$0["prompt"] as! String, $0["answer"] as! String] } == wanted)
        // The deck is the title, a subdeck the category.
        let categories = notes.flatMap { note in
            note.questions.map { _ in note.deck.components(separatedBy: "::").dropFirst().first }
        }
        #expect(made.map { $0["category"] as? String } == categories)
        let bank =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as! [String: Any]
        #expect(bank["title"] as? String == title)
        let validated = try runQuiz(["--validate", output], environment: scratch.environment())
        #expect(validated.status == 0, "\(validated.stdout)")
        let count = made.count
        let lines = try answers(bank: output, seed: 3, count: count, right: Set(0..<count))
        let played = try runQuiz(
            ["--questions", output, "bank", "--seed", "3", "-n", "all"], input: lines.joined(separator: "\n") + "\n",
            environment: scratch.environment())
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout.contains("\(count)/\(count) right (100%)"), "\(played.stdout)")
    }

    @Test(arguments: ["current.apkg", "legacy.apkg", "whole.colpkg"])
    func ankisOwnPackagesImportAsTheirNotes(_ name: String) throws {
        let expected = try expected()
        try importAndPlay(
            Self.decks! + "/" + name, title: expected.title, notes: expected.notes,
            skipped: "; skipped 1 that need their picture or sound")
    }

    @Test func aGenankiDeckImports() throws {
        let expected = try expected()
        try importAndPlay(Self.decks! + "/genanki.apkg", title: "Genanki deck", notes: expected.genanki, skipped: "")
    }

    /// The current package's collection.anki2 asks to update Anki: with
    /// collection.anki21b there, its note is never a question.
    @Test func theDecoyIsNeverImported() throws {
        let scratch = Scratch()
        let output = scratch.path + "/bank.json"
        let run = try runQuiz(
            ["--import", Self.decks! + "/current.apkg", "--output", output], environment: scratch.environment())
        #expect(run.status == 0, "\(run.stderr)")
        let prompts = try questions(output).map { $0["prompt"] as! String }
        #expect(!prompts.contains { $0.localizedCaseInsensitiveContains("update") }, "\(prompts)")
    }

    /// `--questions X.apkg` plays the package as the bank --import makes
    /// (the parsed copy the second time), its quiz id the file's name.
    @Test func aPackageIsPlayedDirectly() throws {
        let scratch = Scratch()
        let package = scratch.path + "/World.apkg"
        try FileManager.default.copyItem(atPath: Self.decks! + "/current.apkg", toPath: package)
        let count = try expected().notes.flatMap(\.questions).count
        for _ in 0..<2 {
            let lines = try answers(bank: package, seed: 4, count: count, right: Set(0..<count))
            let played = try runQuiz(
                ["--questions", package, "World", "--seed", "4", "-n", "all"],
                input: lines.joined(separator: "\n") + "\n", environment: scratch.environment())
            #expect(played.status == 0, "\(played.stderr)")
            #expect(played.stdout.contains("\(count)/\(count) right (100%)"), "\(played.stdout)")
        }
        let listed = try runQuiz(["--validate", package], environment: scratch.environment())
        #expect(listed.status == 0, "\(listed.stdout)")
    }

    /// A template's names that are no field, `{{Card}}`, `{{Tags}}`,
    /// `{{Deck}}`, `{{Subdeck}}` and `{{Type}}`, rendered as Anki's own
    /// library renders them, and sections on them (`{{#Tags}}`), in both
    /// package formats.
    @Test(arguments: [false, true])
    func namesThatAreNoFieldShowAsInAnki(legacy: Bool) throws {
        let scratch = Scratch()
        let package = scratch.path + "/names.apkg"
        try python(
            #"""
            import json, os, re, sys, tempfile
            from anki.collection import Collection, ExportAnkiPackageOptions
            col = Collection(os.path.join(tempfile.mkdtemp(), "c.anki2"))
            deck = col.decks.id("Names::Sub")
            names = "[{{Card}}|{{Tags}}|{{Deck}}|{{Subdeck}}|{{Type}}] "
            shown = []
            for kind, field, text in [("Basic", "Front", "front"), ("Cloze", "Text", "{{c1::a}} and {{c2::b}}")]:
                model = col.models.by_name(kind)
                model["tmpls"][0]["qfmt"] = names + model["tmpls"][0]["qfmt"]
                col.models.update_dict(model)
                note = col.new_note(model)
                note[field] = text
                if kind == "Basic":
                    note["Back"] = "back"
                note.tags = ["t1", "geo::europe"]
                col.add_note(note, deck)
                shown += [re.search(r"\[[^\]]*\]", card.question().split("</style>")[-1]).group(0) for card in note.cards()]
            # Sections on those names: a tagged and an untagged note, their fronts whole.
            model = col.models.copy(col.models.by_name("Basic"))
            model["name"] = "Sections"
            model["tmpls"][0]["qfmt"] = (
                "{{#Tags}}({{Tags}}) {{/Tags}}{{^Tags}}untagged {{/Tags}}{{#Card}}{{Card}}: {{/Card}}"
                "{{^Deck}}nowhere {{/Deck}}{{Front}}")
            col.models.update_dict(model)
            for tags in [["animal"], []]:
                note = col.new_note(col.models.by_name("Sections"))
                note["Front"] = "perro " + str(len(tags))
                note["Back"] = "dog"
                note.tags = tags
                col.add_note(note, deck)
                shown.append(re.sub(r"<[^>]*>", "", note.cards()[0].question().split("</style>")[-1]).strip())
            options = ExportAnkiPackageOptions(
                with_scheduling=False, with_deck_configs=False, with_media=False, legacy=sys.argv[2] == "true")
            col.export_anki_package(out_path=sys.argv[1], options=options, limit=None)
            json.dump(shown, open(sys.argv[1] + ".json", "w"))
            """#, [package, String(legacy)])
        let shown = try JSONDecoder().decode(
            [String].self, from: Data(contentsOf: URL(fileURLWithPath: package + ".json")))
        #expect(shown.count == 5 && shown[0] == "[Card 1|geo::europe t1|Names::Sub|Sub|Basic]", "\(shown)")
        #expect(shown[3] == "(animal) Card 1: perro 1" && shown[4] == "untagged Card 1: perro 0", "\(shown)")
        let output = scratch.path + "/names.json"
        let run = try runQuiz(["--import", package, "--output", output], environment: scratch.environment())
        #expect(run.status == 0, "\(run.stderr)")
        let prompts = try questions(output).map { $0["prompt"] as! String }
        #expect(prompts.count == 5)
        for (prompt, anki) in zip(prompts.prefix(3), shown) {
            #expect(prompt.hasPrefix(anki + " "), "quiz: \(prompt), Anki: \(anki)")
        }
        #expect(Array(prompts.suffix(2)) == Array(shown.suffix(2)), "sections on those names")
    }

    @Test func theFormatCanBeSaidOrToldByTheZipMagic() throws {
        let scratch = Scratch()
        let renamed = scratch.path + "/deck.zip"
        try FileManager.default.copyItem(atPath: Self.decks! + "/legacy.apkg", toPath: renamed)
        for extra in [[], ["--import-format", "anki-package"]] {
            let output = scratch.path + "/bank.json"
            let run = try runQuiz(
                ["--import", renamed, "--output", output] + extra, environment: scratch.environment())
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try questions(output).count == 9)
        }
        // --questions and --validate tell it the same way.
        let validated = try runQuiz(["--validate", renamed], environment: scratch.environment())
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        let listed = try runQuiz(["--questions", renamed, "--list"], environment: scratch.environment())
        #expect(listed.status == 0 && listed.stdout.contains("deck"), "\(listed.stdout)\(listed.stderr)")
        // Its quiz id is its name without its extension, as a bank's.
        let played = try runQuiz(
            ["--questions", renamed, "deck", "-n", "1", "--seed", "1"], input: ":quit\n",
            environment: scratch.environment())
        #expect(!played.stderr.contains("no quiz named"), "\(played.stderr)")
    }

    // MARK: Hostile packages

    /// Imports `package`: `status`, one line `quiz: PACKAGE: message`, no output written.
    func refused(
        _ package: String, _ status: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scratch = Scratch()
        let output = scratch.path + "/bank.json"
        let run = try runQuiz(["--import", package, "--output", output], environment: scratch.environment())
        #expect(run.status == status, sourceLocation: sourceLocation)
        #expect(run.stderr.hasPrefix("quiz: \(package): \(message)"), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "one line: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: output), sourceLocation: sourceLocation)
    }

    /// A legacy package whose collection `sql` changed (with sqlite3), written to `name`.
    func legacyChanged(_ sql: String, _ name: String, in scratch: Scratch) throws -> String {
        let path = scratch.path + "/" + name
        try python(
            """
            import sqlite3, sys, zipfile, tempfile, os
            source, target, sql = sys.argv[1:]
            work = tempfile.mkdtemp()
            with zipfile.ZipFile(source) as z:
                z.extract("collection.anki21", work)
            db = sqlite3.connect(os.path.join(work, "collection.anki21"))
            db.executescript(sql)
            db.commit(); db.close()
            with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
                z.write(os.path.join(work, "collection.anki21"), "collection.anki21")
            """, [Self.decks! + "/legacy.apkg", path, sql])
        return path
    }

    @Test func aZipBombIsRefusedBeforeItIsInflated() throws {
        let scratch = Scratch()
        let declared = scratch.path + "/bomb.apkg"
        // A member of 1 GiB of zeros (1 MiB deflated), declared as such.
        try python(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                with z.open("collection.anki21", "w", force_zip64=True) as f:
                    zeros = bytes(1 << 20)
                    for _ in range(1024): f.write(zeros)
            """, [declared])
        try refused(declared, 65, "its collection.anki21 would inflate to 1024 MiB, more than the 512 MiB quiz reads")
        // One that lies: 4 MiB of zeros declared as 1 MiB, stopped as it passes that.
        let lying = scratch.path + "/lying.apkg"
        try python(
            """
            import struct, sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("collection.anki21", bytes(4 << 20))
            data = bytearray(open(sys.argv[1], "rb").read())
            for signature, offset in ((b"PK\\x03\\x04", 22), (b"PK\\x01\\x02", 24)):
                at = data.find(signature)
                data[at + offset:at + offset + 4] = struct.pack("<I", 1 << 20)
            open(sys.argv[1], "wb").write(data)
            """, [lying])
        try refused(lying, 65, "its collection.anki21 inflates to more than the 1048576 bytes it declares")
    }

    @Test func aMemberNamedOutsideThePackageIsRefused() throws {
        let scratch = Scratch()
        for name in ["../../evil.sh", "/etc/evil", "media/../../x"] {
            let package = scratch.path + "/escape.apkg"
            try python(
                """
                import sys, zipfile
                with zipfile.ZipFile(sys.argv[1], "w") as z:
                    z.writestr("collection.anki21", b"x")
                    z.writestr(zipfile.ZipInfo(sys.argv[2]), b"#!/bin/sh\\n")
                """, [package, name])
            try refused(package, 65, "a member is named \(name), outside the package: refused")
        }
    }

    /// Packages with random bytes changed (in the zip's headers and
    /// directory as much as in the data) import or say one line, never crash.
    @Test func mutatedPackagesImportOrSayOneLine() throws {
        let scratch = Scratch()
        var generator = SystemRandomNumberGenerator()
        for name in ["current.apkg", "legacy.apkg"] {
            let original = try Data(contentsOf: URL(fileURLWithPath: Self.decks! + "/" + name))
            for round in 0..<40 {
                var bytes = [UInt8](original)
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    // Half the changes in the last 200 bytes: the central directory and end record.
                    let tail = Bool.random(using: &generator)
                    let at =
                        tail
                        ? bytes.count - 1 - Int.random(in: 0..<200, using: &generator)
                        : Int.random(in: 0..<bytes.count, using: &generator)
                    bytes[at] = UInt8.random(in: 0...255, using: &generator)
                }
                let package = scratch.path + "/mutated.apkg"
                try Data(bytes).write(to: URL(fileURLWithPath: package))
                let run = try runQuiz(
                    ["--import", package, "--output", scratch.path + "/bank.json"], environment: scratch.environment())
                #expect(run.status == 0 || run.status == 65, "\(name) round \(round): \(run.status) \(run.stderr)")
                if run.status != 0 {
                    #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(name) round \(round): \(run.stderr)")
                }
            }
        }
    }

    @Test func aTextFileNamedApkgIsRefused() throws {
        let scratch = Scratch()
        let package = scratch.path + "/notes.apkg"
        try Data("Capital of France\tParis\n".utf8).write(to: URL(fileURLWithPath: package))
        try refused(package, 65, "not a zip file, as an Anki package is")
        let empty = scratch.path + "/empty.apkg"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        try refused(empty, 65, "the file is empty, not an Anki package")
        try refused(scratch.path + "/none.apkg", 66, "no such file")
    }

    @Test func aDamagedPageIsRefused() throws {
        let scratch = Scratch()
        let package = scratch.path + "/damaged.apkg"
        // Every page past the first has its b-tree header overwritten.
        try python(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                data = bytearray(z.read("collection.anki21"))
            page = int.from_bytes(data[16:18], "big") or 65536
            for start in range(page, len(data), page):
                data[start:start + 12] = b"\\xa5" * 12
            with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("collection.anki21", bytes(data))
            """, [Self.decks! + "/legacy.apkg", package])
        try refused(package, 65, "its collection.anki21 is not a collection Anki wrote, or is damaged (SQLite: ")
    }

    @Test func aCollectionFromTheFutureIsRefused() throws {
        let scratch = Scratch()
        let package = try legacyChanged("UPDATE col SET ver = 99;", "future.apkg", in: scratch)
        try refused(
            package, 65,
            "its collection has schema 99, newer than quiz reads (11 to 18); "
                + "export it again with \"Support older Anki versions\" ticked")
        // A package whose meta says a version after the latest.
        let meta = scratch.path + "/meta.apkg"
        try python(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as source, zipfile.ZipFile(sys.argv[2], "w") as z:
                z.writestr("meta", b"\\x08\\x07")
                z.writestr("collection.anki21b", source.read("collection.anki21b"))
            """, [Self.decks! + "/current.apkg", meta])
        try refused(meta, 65, "a package of version 7, newer than quiz reads (up to 3)")
    }

    @Test func aNoteWith10000FieldsIsRefused() throws {
        let scratch = Scratch()
        let fields = String(repeating: "x\u{1F}", count: 9999) + "x"
        let package = try legacyChanged(
            "UPDATE notes SET flds = '\(fields)' WHERE id = (SELECT min(id) FROM notes);", "wide.apkg", in: scratch)
        try refused(package, 65, "note ")
        let run = try runQuiz(
            ["--import", package, "--output", scratch.path + "/bank.json"], environment: scratch.environment())
        #expect(run.stderr.hasSuffix(" has more than 1000 fields, the most a card may have\n"), "\(run.stderr)")
    }

    @Test func aPackageOfTooManyCardsIsRefusedBeforeItsRowsAreRead() throws {
        let scratch = Scratch()
        let package = try legacyChanged(
            """
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x <= 200000)
            INSERT INTO cards SELECT 9000000000000 + x, nid, did, ord, mod, usn, type, queue, due, ivl, factor,
                reps, lapses, left, odue, odid, flags, data FROM n, (SELECT * FROM cards LIMIT 1);
            """, "many.apkg", in: scratch)
        try refused(package, 65, "more than 200000 cards, the most a file imported may hold")
    }

    /// A question's id is its note's guid and its card's number: a note
    /// edited in Anki and imported again over the same bank is the same
    /// question (its reviews follow it), a cloze's by its number.
    @Test func aCardEditedInAnkiKeepsItsQuestionsID() throws {
        let scratch = Scratch()
        try python(
            """
            import os, sys, tempfile
            from anki.collection import Collection, DeckIdLimit, ExportAnkiPackageOptions
            out = sys.argv[1]
            col = Collection(os.path.join(tempfile.mkdtemp(), "collection.anki2"))
            deck = col.decks.id("Stable")
            def export(path):
                col.export_anki_package(
                    out_path=path, limit=DeckIdLimit(deck),
                    options=ExportAnkiPackageOptions(
                        with_scheduling=True, with_deck_configs=False, with_media=False, legacy=False))
            note = col.new_note(col.models.by_name("Basic (and reversed card)"))
            note.fields[0] = "Capital of Peru?"
            note.fields[1] = "Lima"
            col.add_note(note, deck)
            cloze = col.new_note(col.models.by_name("Cloze"))
            cloze.fields[0] = "{{c1::Quito}} is the capital of {{c2::Ecuador}}"
            col.add_note(cloze, deck)
            export(os.path.join(out, "before.apkg"))
            note.fields[0] = "Which city is the capital of Peru?"
            col.update_note(note)
            cloze.fields[0] = "{{c1::Quito}} is the capital city of {{c2::Ecuador}}"
            col.update_note(cloze)
            export(os.path.join(out, "after.apkg"))
            print(note.guid, cloze.guid)
            col.close()
            """, [scratch.path])
        let output = scratch.path + "/bank.json"
        var banks: [[String]] = []
        for name in ["before.apkg", "after.apkg"] {
            let run = try runQuiz(
                ["--import", scratch.path + "/" + name, "--output", output], environment: scratch.environment())
            #expect(run.status == 0, "\(run.stderr)")
            let validated = try runQuiz(["--validate", output], environment: scratch.environment())
            #expect(validated.status == 0, "\(validated.stdout)")
            banks.append(try questions(output).map { $0["id"] as? String ?? "" })
        }
        #expect(banks[0].count == 4 && Set(banks[0]).count == 4 && !banks[0].contains(""), "\(banks[0])")
        #expect(banks[0] == banks[1], "the edited cards are the same questions")
        let edited = try questions(output)
        let id = { (answer: String) in edited.first { $0["answer"] as? String == answer }?["id"] as? String }
        #expect(id("Lima")?.hasSuffix("-0") == true && id("Ecuador")?.hasSuffix("-2") == true, "\(edited)")
        #expect(edited.contains { $0["prompt"] as? String == "Which city is the capital of Peru?" }, "\(edited)")
    }

    @Test func invalidUTF8InAFieldIsRefused() throws {
        let scratch = Scratch()
        let package = try legacyChanged(
            "UPDATE notes SET flds = CAST(X'4361706974616cff1f5061726973' AS TEXT) WHERE id = (SELECT min(id) FROM notes);",
            "latin.apkg", in: scratch)
        try refused(package, 65, "note ")
        let run = try runQuiz(
            ["--import", package, "--output", scratch.path + "/bank.json"], environment: scratch.environment())
        #expect(run.stderr.hasSuffix(" holds text that is not UTF-8\n"), "\(run.stderr)")
    }
}

/// The decks of Fixtures/anki/make-decks.py, made once for the suite.
enum AnkiDecks {
    static let environment = ProcessInfo.processInfo.environment

    static let python: String? = Tool.find("python3")

    /// Why the oracle cannot run here, or nil.
    static let probe: String? = {
        guard let python else { return "python3 is not installed" }
        guard let run = try? Tool.run(python, ["-c", "import anki, genanki"], environment: environment) else {
            return "python3 could not be run"
        }
        return run.status == 0 ? nil : "python3 cannot import anki and genanki"
    }()

    static var unavailable: String {
        let message = "skipped: \(probe ?? "the decks could not be made"); make test-deps installs anki and genanki"
        if folder == nil { print(message) }
        return message
    }

    /// The folder of decks make-decks.py wrote, once for every test; nil when it cannot run.
    static let folder: String? = {
        guard probe == nil, let python else { return nil }
        let folder = NSTemporaryDirectory() + "quiz-anki-decks-\(getpid())"
        let script = QuizBinary.repositoryRoot + "/Tests/QuizCLITests/Fixtures/anki/make-decks.py"
        guard let run = try? Tool.run(python, [script, folder], environment: environment), run.status == 0 else {
            return nil
        }
        return folder
    }()
}
