/// The title shown for a game or a quiz: the title recorded, else the title
/// `titles` gives its quiz id, else the id, else `unknown`
/// (`Statistics.unknownQuizTitle` unless a screen says otherwise).
public enum QuizTitle {
    public static func shown(
        title: String?, quiz: String?, titles: [String: String] = [:],
        unknown: String = Statistics.unknownQuizTitle
    ) -> String {
        title ?? quiz.map { titles[$0] ?? $0 } ?? unknown
    }
}
