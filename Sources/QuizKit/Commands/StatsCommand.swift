import Foundation
import QuizCore
import QuizStore

/// `quiz --stats` and the menu's `stats`: streaks, bests, trends, a
/// calendar, the questions missed, then the review section; or all of it as
/// JSON with `--format json`, or as a page of charts with `--format html`.
public enum StatsCommand {
    /// `library`: the banks already read (the menu's); else the bundled banks
    /// and those of `--questions`, read (or their error said) even before any game.
    public static func run(_ context: CommandContext, library: QuestionLibrary? = nil) throws(CommandFailure)
        -> ExitStatus
    {
        let options = context.options
        let output = context.output
        let store = context.store
        var named = library
        if named == nil, !options.questionPaths.isEmpty { named = try context.library() }
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
        if tallied.tally.games > 0 {
            let banks: [QuestionBank]
            if let named { banks = named.banks } else { banks = try context.banks.library(extraPaths: []).banks }
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
        if page {
            output.out(
                statistics.html(
                    Statistics.Page(
                        reviews: tallied.tally.games > 0 ? progress : nil,
                        targetRetention: context.settings.retention, accuracy: accuracy,
                        today: progress.forecastDays.first ?? "", colorblind: context.settings.squares == .colorblind)))
        } else if options.format == .json {
            output.out(statistics.json(reviews: progress.jsonObject))
        } else {
            output.out(statistics.text(ascii: ascii, width: width, streaks: context.settings.streaks))
            if tallied.tally.games > 0 {
                output.out("")
                for line in progress.lines(ascii: ascii, width: width) { output.out(line) }
            }
        }
        return complete ? .success : .ioError
    }
}
