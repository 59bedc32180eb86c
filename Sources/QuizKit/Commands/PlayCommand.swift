import QuizCore
import QuizStore

/// `quiz QUIZ`: the bank to play, found by name and narrowed by
/// `--category` and `--difficulty`; the executable plays it.
public enum PlayCommand {
    /// The bank of quiz `name` and, when it could be dealt straight from the
    /// parsed copy of its file (no filter), the game dealt with `seed`, of
    /// which `bank` then holds only the questions dealt. The one bank asked
    /// for is read when its file is known by name; every bank otherwise (a
    /// URL among the paths, a name that is not a file's). Every other bank
    /// named with `--questions` is checked all the same.
    public static func bank(_ context: CommandContext, name: String, seed: UInt64) throws(CommandFailure) -> (
        bank: QuestionBank, dealt: Game?
    ) {
        let options = context.options
        // (Through the parsed copy in the cache: an Open Trivia file of 5,250
        // questions is parsed once, not before every game; and without a
        // filter, only the questions dealt are made, as Game would deal them.)
        let parsed = context.banks.parsed
        let file = BankLocator.file(forQuiz: name, extraPaths: context.bankPaths)
        try context.banks.checkNamed(options.questionPaths, except: file)
        var deal: Game.Deal?
        if let file, options.category == nil, options.difficulty == nil,
            let dealt = parsed.load(
                path: file,
                choosing: { size in
                    let made = Game.Deal(size: size, count: context.settings.count, seed: seed)
                    deal = made
                    return made.positions
                }),
            dealt.id == name, let deal
        {
            return (dealt, Game(quizID: dealt.id, quizTitle: dealt.title, questions: dealt.questions, dealt: deal))
        }
        var library = QuestionLibrary()
        if let file, let single = try? parsed.load(path: file) {
            library.add(single)
        } else {
            library = try context.library()
        }
        let bank: QuestionBank
        do {
            bank = try QuizLookup.command(name, in: &library)
        } catch {
            throw CommandFailure(error)
        }
        do {
            return (try QuestionFilter(category: options.category, difficulty: options.difficulty).apply(to: bank), nil)
        } catch {
            throw CommandFailure(status: .noInput, message: error.description)
        }
    }
}
