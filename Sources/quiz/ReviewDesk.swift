import Foundation
import QuizCore
import QuizKit
import QuizStore

/// A review played as a game of quiz id `review`: the bank of the questions
/// due that `ReviewCommand.gather` found, asked in order (most overdue
/// first), the schedule kept beside the history updated with it.
struct ReviewDesk {
    let console: Console
    let context: CommandContext

    /// What `ReviewCommand.gather` found: the review played, or the sentence
    /// that says why there is none; 74 after it when the history could be
    /// read only in part (said already), as every view of it does. The
    /// command line's `--review` and the menu's `review` both end here.
    func present(
        _ found: (gathered: ReviewCommand.Gathered, whole: Bool), input: @autoclosure () -> LineInput, seed: UInt64,
        sharePrompt: Bool = false
    ) throws(CommandFailure) -> ExitStatus {
        let status: ExitStatus
        switch found.gathered {
        case .nothing(let sentence):
            console.out(console.wrapped(sentence))
            status = .success
        case .due(let bank, let heading, let note):
            if let note { console.out(console.wrapped(note)) }
            status = try play(bank, heading: heading, input: input(), seed: seed, sharePrompt: sharePrompt)
        }
        return status == .success && !found.whole ? .ioError : status
    }

    /// Plays the review, headed by `heading` (no seed: a review is dealt
    /// by due dates); `sharePrompt`: from the menu, where `share` is a command.
    func play(
        _ bank: QuestionBank, heading: ReviewSession.Heading, input: LineInput, seed: UInt64, sharePrompt: Bool = false
    ) throws(CommandFailure) -> ExitStatus {
        var player = GamePlayer(console: console, input: input, store: context.store)
        player.heading = heading.text(dot: console.glyph("·", "-"))
        player.sharePrompt = sharePrompt
        player.streaks = context.settings.streaks
        player.clock = try context.clock
        _ = try context.scheduler  // a bad --fsrs-parameters is said before the game
        player.inOrder = true
        player.keepsAnswered = true
        return player.play(bank, count: nil, seed: seed).status
    }
}
