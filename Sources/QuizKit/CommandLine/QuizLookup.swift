import QuizCore
import QuizStore

/// Finding the quiz a player named, in one place for the command line and
/// the menu. Returns banks or a `CommandFailure` (message and exit status);
/// prints nothing.
public enum QuizLookup {
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

    /// `quiz QUIZ`: a bank by its exact id, else, for a name that looks like
    /// a path (`*.json`, or with a `/`), the bank in that file (added to
    /// `library`). A bank of that id that failed to load is bad data (65);
    /// no such quiz is 66, listing the quizzes there are.
    public static func command(_ name: String, in library: inout QuestionLibrary) throws(CommandFailure)
        -> QuestionBank
    {
        if let bank = library.bank(id: name) { return bank }
        if name.hasSuffix(".json") || name.contains("/") {
            do {
                try library.add(path: name)
            } catch {
                throw CommandFailure(error)
            }
            if let bank = library.bank(id: BankLoader.quizID(forPath: name)) { return bank }
        }
        // A file of that id was found but is bad, whatever its problem: its data is at fault.
        if let failure = library.failure(id: name) {
            throw CommandFailure(status: .dataError, message: failure.description)
        }
        throw CommandFailure(status: .noInput, message: "no quiz named '\(name)'; the quizzes are: \(ids(library))")
    }

    /// `--review --quiz ID`: the bank of quiz `id` exactly, else 66 listing
    /// the quizzes there are.
    public static func option(_ id: String, in library: QuestionLibrary) throws(CommandFailure) -> QuestionBank {
        guard let bank = library.bank(id: id) else {
            let suggestion = NearestMatch.suggestion(for: id, among: library.banks.map(\.id))
            throw CommandFailure(
                status: .noInput,
                message: "--quiz \(id): no quiz of that id"
                    + (suggestion.map { "; did you mean \($0)?" } ?? "; the quizzes are: \(ids(library))"))
        }
        return bank
    }

    /// The library's ids, comma-separated, or `none`.
    private static func ids(_ library: QuestionLibrary) -> String {
        let names = library.banks.map(\.id).joined(separator: ", ")
        return names.isEmpty ? "none" : names
    }
}
