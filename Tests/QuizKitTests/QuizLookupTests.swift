import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit
@testable import QuizStore

/// `QuizLookup`: the quiz a player named, at the menu and on the command
/// line, with the error text and exit status when there is none.
@Suite struct QuizLookupTests {
    static func bank(_ id: String, _ title: String) -> QuestionBank {
        QuestionBank(id: id, title: title, questions: [], path: "/banks/\(id).json")
    }

    var library: QuestionLibrary {
        var library = QuestionLibrary()
        for bank in [
            Self.bank("capitals", "World Capitals"), Self.bank("7", "Seven Seas"), Self.bank("rivers", "Rivers"),
        ] {
            library.add(bank)
        }
        return library
    }

    @Test func theMenuFindsByIdTitleOrNumber() {
        // Sorted by id: 7, capitals, rivers.
        #expect(QuizLookup.menu("capitals", in: library)?.id == "capitals")
        #expect(QuizLookup.menu("CAPITALS", in: library)?.id == "capitals")
        #expect(QuizLookup.menu("world capitals", in: library)?.id == "capitals")
        #expect(QuizLookup.menu("3", in: library)?.id == "rivers")
        // An id that is a number is that quiz, not the nth.
        #expect(QuizLookup.menu("7", in: library)?.id == "7")
        #expect(QuizLookup.menu("0", in: library) == nil)
        #expect(QuizLookup.menu("4", in: library) == nil)
        #expect(QuizLookup.menu("capital", in: library) == nil)
    }

    /// An id (in any case) before a title, and a title as written before
    /// one in another case, whatever the list's order (the adversary's `SUMS`
    /// played `mine`, titled "Sums", listed first).
    @Test func anIdComesBeforeATitle() {
        var library = QuestionLibrary()
        for bank in [
            Self.bank("alpha", "Beta"), Self.bank("beta", "Alpha"), Self.bank("mine", "Sums"),
            Self.bank("sums", "Sums"), Self.bank("x", "Gamma"), Self.bank("y", "GAMMA"),
        ] {
            library.add(bank)
        }
        #expect(QuizLookup.menu("BETA", in: library)?.id == "beta")
        #expect(QuizLookup.menu("Alpha", in: library)?.id == "alpha")
        #expect(QuizLookup.menu("SUMS", in: library)?.id == "sums")
        #expect(QuizLookup.menu("Sums", in: library)?.id == "sums")
        #expect(QuizLookup.menu("GAMMA", in: library)?.id == "y")
        #expect(QuizLookup.menu("gamma", in: library)?.id == "x")
    }

    /// A lookup's failure as the command line says it: its text, and its
    /// exit status from `ExitStatus`, the one place that maps it.
    static func said<T>(_ body: () throws(QuizLookup.Failure) -> T) throws(CommandFailure) -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(error)
        }
    }

    /// At the menu a unique prefix or word of an id or title plays; several
    /// are all found; else the nearest spelling of an id, title or word.
    @Test func theMenuFindsByAPrefixOrAWord() {
        var library = QuestionLibrary()
        for bank in [
            Self.bank("world-capitals", "World Capitals"), Self.bank("world-geography", "World Geography"),
            Self.bank("mathematics", "Mathematics"), Self.bank("oceans", "The Seven Seas"),
        ] {
            library.add(bank)
        }
        func found(_ name: String) -> [String] {
            switch QuizLookup.find(name, in: library) {
            case .bank(let bank): ["=" + bank.id]
            case .several(let banks): banks.map(\.id)
            case .near(let bank): ["~" + bank.id]
            case .none: []
            }
        }
        #expect(found("capitals") == ["=world-capitals"])
        #expect(found("Geography") == ["=world-geography"])
        #expect(found("math") == ["=mathematics"])
        #expect(found("seven seas") == ["=oceans"])
        #expect(found("world cap") == ["=world-capitals"])
        #expect(found("world") == ["world-capitals", "world-geography"])
        #expect(found("mathematisc") == ["~mathematics"])
        #expect(found("geograhpy") == ["~world-geography"])
        #expect(found("m") == [])
        #expect(found("xyzzy") == [])
    }

    @Test func theCommandLineFindsByExactIdOnly() throws {
        var library = library
        #expect(try QuizLookup.command("capitals", in: &library).id == "capitals")
        // What the menu would play is said, not played.
        for (name, meant) in [("Capitals", "capitals"), ("World Capitals", "capitals"), ("2", "capitals")] {
            var copy = library
            #expect(
                throws: CommandFailure(status: .noInput, message: "no quiz named '\(name)'; did you mean \(meant)?")
            ) {
                try Self.said { () throws(QuizLookup.Failure) in try QuizLookup.command(name, in: &copy) }
            }
        }
        var copy = library
        #expect(
            throws: CommandFailure(
                status: .noInput, message: "no quiz named 'xyzzy'; the quizzes are: 7, capitals, rivers")
        ) {
            try Self.said { () throws(QuizLookup.Failure) in try QuizLookup.command("xyzzy", in: &copy) }
        }
        var empty = QuestionLibrary()
        #expect(throws: CommandFailure(status: .noInput, message: "no quiz named 'x'; the quizzes are: none")) {
            try Self.said { () throws(QuizLookup.Failure) in try QuizLookup.command("x", in: &empty) }
        }
    }

    @Test func theCommandLineReadsABankByPath() throws {
        let temporary = try TemporaryFolder()
        try temporary.write(
            #"{"title": "Tiny", "questions": [{"prompt": "Two plus two?", "choices": ["3", "4"], "answer": "4"}]}"#,
            to: "tiny.json")
        try temporary.write(
            #"{"title": "Broken", "questions": [{"prompt": "Two?", "choices": ["3", "5"], "answer": "4"}]}"#,
            to: "broken.json")
        var library = library
        let bank = try QuizLookup.command(temporary.file("tiny.json"), in: &library)
        #expect(bank.id == "tiny" && bank.title == "Tiny")
        #expect(library.bank(id: "tiny") != nil)
        do {
            _ = try QuizLookup.command(temporary.file("broken.json"), in: &library)
            Issue.record("a bank with errors was played")
        } catch {
            #expect(ExitStatus(error) == .dataError)
            #expect(error.description.hasPrefix(temporary.file("broken.json")))
        }
        do {
            _ = try QuizLookup.command(temporary.file("gone.json"), in: &library)
            Issue.record("a missing bank was played")
        } catch {
            #expect(
                CommandFailure(error)
                    == CommandFailure(status: .noInput, message: "\(temporary.file("gone.json")): no such file"))
        }
    }

    @Test func aBadBankOfThatIdIsBadData() throws {
        let temporary = try TemporaryFolder()
        try temporary.write(#"{"title": "Broken", "questions": []}"#, to: "broken.json")
        var library = QuestionLibrary()
        try library.add(path: temporary.path)
        do {
            _ = try QuizLookup.command("broken", in: &library)
            Issue.record("a bank with errors was played")
        } catch {
            #expect(ExitStatus(error) == .dataError)
            #expect(error.description.contains("broken.json"))
        }
    }

    @Test func theQuizOption() throws {
        #expect(try QuizLookup.option("rivers", in: library).title == "Rivers")
        // Exact ids only; a near one is suggested, else every id listed.
        #expect(
            throws: CommandFailure(status: .noInput, message: "--quiz Rivers: no quiz of that id; did you mean rivers?")
        ) {
            try Self.said { () throws(QuizLookup.Failure) in try QuizLookup.option("Rivers", in: library) }
        }
        #expect(
            throws: CommandFailure(
                status: .noInput, message: "--quiz oceans: no quiz of that id; the quizzes are: 7, capitals, rivers")
        ) {
            try Self.said { () throws(QuizLookup.Failure) in try QuizLookup.option("oceans", in: library) }
        }
    }
}
