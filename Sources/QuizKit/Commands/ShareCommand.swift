import QuizCore
import QuizStore

/// `quiz --share` and the menu's `share`: the share card of the last game,
/// or of the Nth back with `--game N`; as a sentence with `--text` (`share
/// text` at the menu); as an SVG image with `--format svg`.
public enum ShareCommand {
    /// How the game is shared.
    public enum Form: Sendable, Equatable {
        /// The card, in these squares (nil: as the settings say).
        case card(SquareStyle?)
        /// One sentence, for where squares do not show.
        case text
        /// The card as an SVG image (colour-blind squares as the settings say).
        case svg
    }

    /// The words the menu's `share` takes, each a form.
    public static let menuForms: [(word: String, form: Form)] = [
        ("text", .text), ("colorblind", .card(.colorblind)), ("ascii", .card(.ascii)),
    ]

    /// The form the command line asks for: `--text`, `--format svg`, else the
    /// card (its squares from `--ascii`, `--colorblind` and the settings).
    public static func form(_ options: Options) -> Form {
        options.text ? .text : options.drawing == .svg ? .svg : .card(nil)
    }

    /// `atMenu`: said inside quiz, where the way to play is not `quiz`.
    public static func run(_ context: CommandContext, form: Form, atMenu: Bool = false) throws(CommandFailure)
        -> ExitStatus
    {
        // Only the newest games, as far back as --game asks: fewer than that
        // means the history holds no more.
        let back = context.options.game ?? 1
        let (sessions, complete) = try context.loadedSessions(newest: back)
        let picked: Session?
        do {
            picked = try NthGame.pick(back, from: sessions)
        } catch {
            throw CommandFailure(error)
        }
        guard let session = picked else {
            // An image is asked for: a sentence in its place would be written to the .svg file.
            if case .svg = form {
                throw CommandFailure(status: .noInput, message: "no games yet, so no card to draw")
            }
            context.output.out("No games yet, so nothing to share." + (atMenu ? "" : " Play one with `quiz`."))
            return complete ? .success : .ioError
        }
        switch form {
        case .text:
            // One line, whatever its length: a chat or a screen reader reflows it.
            context.output.out(ShareText(session: session, ghost: context.settings.ghost).text)
        case .svg:
            context.output.out(
                ShareCard(session: session, timeZone: LocalTimeZone.current).svg(
                    colorblind: context.settings.squares == .colorblind, daily: session.daily))
        case .card(let chosen):
            // Under a locale that is not UTF-8 the squares are ASCII, whatever was chosen.
            let squares = context.output.ascii ? .ascii : chosen ?? context.settings.squares
            let card = ShareCard(session: session, timeZone: LocalTimeZone.current).text(
                ascii: squares == .ascii, colorblind: squares == .colorblind, ghost: context.settings.ghost)
            // Narrower than the card, its lines are wrapped at words, never
            // between an option and its value (`-n 1`), so the replay
            // command reads whole; through a pipe, exactly as it is.
            if let width = context.output.wrapWidth {
                context.output.out(TextWrap.wrap(card, width: width, keepingOptions: true))
            } else {
                context.output.out(card)
            }
        }
        return complete ? .success : .ioError
    }
}
