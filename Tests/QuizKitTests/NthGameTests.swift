import Foundation
import Testing

@testable import QuizCore
@testable import QuizKit

/// `NthGame`: `--share --game N` and the menu's `share` count back in the
/// order games were recorded, not by date.
@Suite struct NthGameTests {
    static func game(_ score: Int, daysAgo: Double) -> Session {
        Session(date: Date(timeIntervalSinceReferenceDate: 800_000_000 - daysAgo * 86_400), score: score, total: 10)
    }

    /// The failure as the command line says it: its text, and its exit
    /// status from `ExitStatus`, the one place that maps it.
    static func said<T>(_ body: () throws(NthGame.Failure) -> T) throws(CommandFailure) -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Below 1 is bad usage (64): the options refuse it first, the library too.
    @Test func belowOneIsUsage() {
        #expect(
            throws: CommandFailure(status: .usage, message: "--game 0: the last game is 1, the one before it 2")
        ) { try Self.said { () throws(NthGame.Failure) in try NthGame.pick(0, from: []) } }
    }

    @Test func countsBackInRecordedOrder() throws {
        // The last recorded is dated earliest (a clock set right again): still the last.
        let sessions = [Self.game(1, daysAgo: 2), Self.game(2, daysAgo: 1), Self.game(3, daysAgo: 5)]
        #expect(try NthGame.pick(1, from: sessions)?.score == 3)
        #expect(try NthGame.pick(2, from: sessions)?.score == 2)
        #expect(try NthGame.pick(3, from: sessions)?.score == 1)
    }

    /// No games: the last game is nil ("no games yet"); an earlier one is not found.
    @Test func noGamesIsNilAndAnEarlierOneNotFound() throws {
        #expect(try NthGame.pick(1, from: []) == nil)
        #expect(
            throws: CommandFailure(status: .noInput, message: "no game 5 back (--game 5): the history has no games")
        ) { try Self.said { () throws(NthGame.Failure) in try NthGame.pick(5, from: []) } }
    }

    /// A game the history does not have is not found (66), not bad usage.
    @Test func tooFewIsAGameNotFound() {
        #expect(
            throws: CommandFailure(status: .noInput, message: "no game 2 back (--game 2): the history has 1 game")
        ) {
            try Self.said { () throws(NthGame.Failure) in try NthGame.pick(2, from: [Self.game(1, daysAgo: 0)]) }
        }
        let two = [Self.game(1, daysAgo: 1), Self.game(2, daysAgo: 0)]
        #expect(
            throws: CommandFailure(status: .noInput, message: "no game 9 back (--game 9): the history has 2 games")
        ) {
            try Self.said { () throws(NthGame.Failure) in try NthGame.pick(9, from: two) }
        }
    }
}
