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

    /// The title known for a game: the one recorded, else the one `titles`
    /// gives its quiz id; nil when neither is (the exports say so: `null` in
    /// JSON, an empty CSV field, never the id or "unknown quiz").
    public static func known(title: String?, quiz: String?, titles: [String: String] = [:]) -> String? {
        title ?? quiz.flatMap { titles[$0] }
    }
}
