import Foundation
import QuizCore
import QuizStore

/// Finding the quiz a player named, in one place for the command line and
/// the menu. Returns banks or a `QuizLookup.Failure`; prints nothing.
public enum QuizLookup {
    /// Why no bank was found for a name.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The file named could not be read as a bank.
        case bank(BankError)
        /// A bank of that id was found but is bad (its problem said).
        case damaged(String)
        /// `quiz NAME`: no quiz of that id; `meant`: the ids the menu would
        /// take it for (`find`), else `ids`: the quizzes there are; `here`:
        /// a bank file of that name in the current folder (`NAME.json`).
        case noQuiz(String, meant: [String], ids: [String], here: String? = nil)
        /// `--quiz ID`: no quiz of that id, with the nearest id when one is close.
        case noID(String, suggestion: String?, ids: [String])

        public var description: String {
            switch self {
            case .bank(let error): return error.description
            case .damaged(let problem): return problem
            case .noQuiz(let name, _, _, let here?):
                return "no quiz named '\(name)'; a bank file is here: quiz \(TerminalText.safe(here))"
            case .noQuiz(let name, let meant, let ids, nil):
                if meant.count == 1 { return "no quiz named '\(name)'; did you mean \(meant[0])?" }
                if !meant.isEmpty { return "no quiz named '\(name)'; it could be \(Self.list(meant))" }
                return "no quiz named '\(name)'; the quizzes are: \(Self.list(ids))"
            case .noID(let id, let suggestion, let ids):
                return "--quiz \(id): no quiz of that id"
                    + (suggestion.map { "; did you mean \($0)?" } ?? "; the quizzes are: \(Self.list(ids))")
            }
        }

        /// The ids, comma-separated, or `none`.
        private static func list(_ ids: [String]) -> String {
            ids.isEmpty ? "none" : ids.joined(separator: ", ")
        }
    }

    /// At the menu (`play NAME`, `review NAME`, or a name alone): a bank by
    /// its id, else by its id ignoring case, else by its title, else by its
    /// title ignoring case, else by its number in the list (1 first): a bank
    /// whose id is `7` is played by `play 7`, not the 7th; `SUMS` is the bank
    /// `sums`, not another whose title is `Sums`. Nil when nothing matches.
    public static func menu(_ name: String, in library: QuestionLibrary) -> QuestionBank? {
        let key = name.lowercased()
        if let named = library.bank(id: name) ?? library.banks.first(where: { $0.id.lowercased() == key })
            ?? library.banks.first(where: { $0.title == name })
            ?? library.banks.first(where: { $0.title.lowercased() == key })
        {
            return named
        }
        if let number = Int(name), number >= 1, number <= library.banks.count {
            return library.banks[number - 1]
        }
        return nil
    }

    /// What a name typed at the menu finds.
    public enum Found: Sendable {
        /// The one quiz it names.
        case bank(QuestionBank)
        /// Several quizzes it could name, in the list's order.
        case several([QuestionBank])
        /// No quiz, but this one is a near spelling: "Did you mean …?"
        case near(QuestionBank)
        case none
    }

    /// The quiz `name` means at the menu: the bank `menu` finds, else the
    /// one whose id or title, or a word of it, starts with `name` (two
    /// characters at least: `capitals` and `geography` for `world-capitals`
    /// and `world-geography`, `math` for `mathematics`), else all of them
    /// when several do, else the nearest spelling of an id or a title.
    public static func find(_ name: String, in library: QuestionLibrary) -> Found {
        if let bank = menu(name, in: library) { return .bank(bank) }
        let key = name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard key.count >= 2 else { return .none }
        let starting = library.banks.filter { bank in
            [bank.id, bank.title].contains { text in
                let lowered = text.lowercased()
                if lowered.hasPrefix(key) { return true }
                // Each word, and what follows it: `capitals`, `world cap`.
                let words = lowered.split { !$0.isLetter && !$0.isNumber }
                return words.indices.contains { words[$0...].joined(separator: " ").hasPrefix(key) }
            }
        }
        if starting.count == 1 { return .bank(starting[0]) }
        if !starting.isEmpty { return .several(starting) }
        // A near spelling of an id, a title, or a word of one that only one quiz has.
        var names: [String: QuestionBank] = [:]
        var shared: Set<String> = []
        for bank in library.banks {
            let words = [bank.id, bank.title].flatMap { $0.lowercased().split { !$0.isLetter && !$0.isNumber } }
            for word in Set(words.map(String.init) + [bank.id.lowercased(), bank.title.lowercased()]) {
                if names[word] != nil { shared.insert(word) }
                names[word] = bank
            }
        }
        let candidates = names.keys.filter { !shared.contains($0) }.sorted()
        return NearestMatch.suggestion(for: key, among: candidates).flatMap { names[$0] }.map(Found.near) ?? .none
    }

    /// `quiz QUIZ`: a bank by its exact id, else, for a name that looks like
    /// a path (`*.json`, or with a `/`), the bank in that file (added to
    /// `library`). A bank of that id that failed to load is bad data (65);
    /// no such quiz is 66, naming what the menu would take it for (`find`),
    /// else listing the quizzes there are.
    public static func command(_ name: String, in library: inout QuestionLibrary) throws(Failure) -> QuestionBank {
        if let bank = library.bank(id: name) { return bank }
        if name.hasSuffix(".json") || name.contains("/") {
            do {
                try library.add(path: name)
            } catch {
                throw .bank(error)
            }
            if let bank = library.bank(id: BankLoader.quizID(forPath: name)) { return bank }
        }
        // A file of that id was found but is bad, whatever its problem: its data is at fault.
        if let failure = library.failure(id: name) { throw .damaged(failure.description) }
        // What the menu would take the name for, said, not played: a script's
        // name is an exact id.
        let meant: [String] =
            switch find(name, in: library) {
            case .bank(let bank), .near(let bank): [bank.id]
            case .several(let banks): banks.map(\.id)
            case .none: []
            }
        // A bank of one's own in the current folder, named without its extension.
        let here = (["json"] + CardImport.extensions.sorted() + CardImport.packageExtensions).map { "\(name).\($0)" }
            .first { FileManager.default.fileExists(atPath: $0) }
        throw .noQuiz(name, meant: meant, ids: library.banks.map(\.id), here: here)
    }

    /// `--review --quiz ID`: the bank of quiz `id` exactly, else 66 listing
    /// the quizzes there are.
    public static func option(_ id: String, in library: QuestionLibrary) throws(Failure) -> QuestionBank {
        guard let bank = library.bank(id: id) else {
            let ids = library.banks.map(\.id)
            throw .noID(id, suggestion: NearestMatch.suggestion(for: id, among: ids), ids: ids)
        }
        return bank
    }
}
