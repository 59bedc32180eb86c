import Foundation
import QuizCore
import QuizStore

/// `quiz --stats` and the menu's `stats`: streaks, bests, trends, a
/// calendar, the questions missed, then the review section; or all of it as
/// JSON with `--format json`, or as a page of charts with `--format html`. Returned as text the executable writes, paged
/// on a terminal as `--history` is; what reading the history says goes to
/// `context.output` first.
public enum StatsCommand {
    /// `library`: the banks already read (the menu's); else the bundled banks
    /// and those of `--questions`, read (or their error said) even before any game.
    public static func run(_ context: CommandContext, library: QuestionLibrary? = nil) throws(CommandFailure)
        -> HistoryCommand.Text
    {
        let options = context.options
        let output = context.output
        let store = context.store
        var named = library
        if named == nil, !context.bankPaths.isEmpty { named = try context.library() }
        // The kept statistics and the games since (HistoryStore.statistics):
        // the same figures as from every game, without reading every game.
        if let problem = DataDirectory.problem(folder: store.folder) {
            throw CommandFailure(status: .ioError, message: problem)
        }
        let tallied: HistoryStore.Tallied
        do {
            tallied = try store.statistics(timeZone: LocalTimeZone.current)
        } catch {
            throw CommandFailure(error)
        }
        output.tell(tallied.diagnostics)
        let now = try context.clock.now
        let page = options.drawing == .html
        let statistics = Statistics(
            tally: tallied.tally, now: now, timeZone: LocalTimeZone.current,
            mostMissedLimit: page ? 10 : 5, heatmapWeeks: page ? 53 : CalendarHeatmap.weeks)
        // The review section: from history.schedule (kept beside the
        // history), rebuilt one game at a time when stale. What a rebuild's
        // read says that the count above already said is not said twice.
        var complete = tallied.diagnostics.whole
        let forecastDays = page ? 30 : ReviewProgress.forecastLength
        var progress = ReviewProgress(
            schedule: ReviewSchedule(), index: QuestionIndex(), now: now, timeZone: LocalTimeZone.current,
            forecastLength: forecastDays)
        var accuracy: AnswerAccuracy?
        // The prompts of questions answered by picking a choice, by quiz:
        // what was missed there was chosen, not typed.
        var choicePrompts: [String: Set<String>] = [:]
        if tallied.tally.games > 0 {
            let banks: [QuestionBank]
            if let named { banks = named.banks } else { banks = try context.banks.library(extraPaths: []).banks }
            for bank in banks {
                choicePrompts[bank.id] = Set(
                    bank.questions.filter {
                        if case .freeText = $0.kind { false } else { true }
                    }.map(\.prompt))
            }
            let index = QuestionIndex(banks: banks)
            let file = ScheduleFile(store: store, scheduler: try context.scheduler)
            let current: ScheduleFile.Current
            do {
                current = try file.current(index: index)
            } catch {
                throw CommandFailure(status: .ioError, message: error.description)
            }
            output.tell(current.diagnostics, except: Set(tallied.diagnostics))
            complete = complete && current.diagnostics.whole
            progress = ReviewProgress(
                schedule: current.schedule, index: index, now: now, timeZone: LocalTimeZone.current,
                forecastLength: forecastDays)
            if page {
                accuracy = AnswerAccuracy(
                    questions: tallied.tally.questions, statistics: statistics,
                    category: { index.category(quiz: $0, prompt: $1) })
            }
        }
        let ascii = context.ascii
        let width = min(output.width, 100)
        var text: String
        if page {
            text = statistics.html(
                Statistics.Page(
                    reviews: tallied.tally.games > 0 ? progress : nil,
                    targetRetention: context.settings.targetRecall, accuracy: accuracy,
                    today: progress.forecastDays.first ?? "", colorblind: context.settings.squares == .colorblind))
            return .whole(text, paged: false, csv: false, status: complete ? .success : .ioError)
        } else if options.format == .json {
            text = statistics.json(reviews: progress.jsonObject)
        } else {
            text = statistics.text(ascii: ascii, width: width, streaks: context.settings.streaks) { missed in
                missed.quiz.flatMap { choicePrompts[$0] }?.contains(missed.prompt) ?? false
            }
            if tallied.tally.games > 0 {
                text += "\n\n" + progress.lines(ascii: ascii, width: width).joined(separator: "\n")
            }
        }
        return .whole(text, paged: true, csv: false, status: complete ? .success : .ioError)
    }
}
