import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// The model of journal damage: random histories recorded
/// through the store's own write path (sometimes past the compaction
/// threshold, so both the archive and the journal hold games), random single-
/// and multi-byte damage anywhere in either file, and an oracle worked out
/// from the bytes alone: a journal record whose bytes are all untouched is
/// intact, the archive is intact when none of its bytes is touched. Then the
/// history must hold every intact game exactly once, nothing that was never
/// recorded, in the order of recording; and one more game keeps them all.
///
/// `QUIZ_DAMAGE_MODEL_RUNS` sets the number of histories (20 here, a few
/// seconds; `make stress` runs 500) and `QUIZ_DAMAGE_MODEL_SEED` the seed.
@Suite struct HistoryDamageModelTests {
    static let runs = ProcessInfo.processInfo.environment["QUIZ_DAMAGE_MODEL_RUNS"].flatMap(Int.init) ?? 20
    static let seed = ProcessInfo.processInfo.environment["QUIZ_DAMAGE_MODEL_SEED"].flatMap(UInt64.init) ?? 2026

    /// A game's fields but its results, as one string: what identifies it in
    /// the oracle (a game whose results cannot be read at all is kept without
    /// them; `check` holds the results it is shown with to those recorded).
    static func key(_ session: Session) -> String {
        "\(session.date.timeIntervalSinceReferenceDate.bitPattern) \(session.score) \(session.total ?? -1) "
            + "\(session.quiz ?? "-") \(session.title ?? "-") \(session.duration?.bitPattern ?? 0) \(session.seed ?? -1)"
    }

    static func randomSession(_ number: Int, _ random: inout SeededGenerator) -> Session {
        let quizzes = ["capitals", "mini", "Ünïcode quiz ✓", "x"]
        let total = random.below(12)
        // Odd but possible values now and then: a negative score, a score
        // above its total, a date in 2100, an unknown total.
        let score = random.below(10) == 0 ? -random.below(5) - 1 : random.below(total + 3)
        let date =
            random.below(10) == 0
            ? 3_124_137_600.0 + Double(number) : 700_000_000 + Double(number) * 3_600 + Double(random.below(1000)) / 8
        let results: [QuestionResult] =
            random.below(3) == 0
            ? (0..<random.below(4)).map { index in
                QuestionResult(
                    prompt: "Question \(index) of \(number)?", outcome: [.right, .wrong, .skipped][random.below(3)],
                    given: random.below(2) == 0 ? nil : "answer \(random.below(5))", answer: "answer \(index)")
            } : []
        return Session(
            date: Date(timeIntervalSinceReferenceDate: date), score: score,
            total: random.below(8) == 0 ? nil : total, quiz: quizzes[random.below(quizzes.count)],
            title: random.below(4) == 0 ? nil : "Title \(random.below(3))", duration: Double(random.below(600)) / 4,
            seed: Int64(number), results: results)
    }

    /// The journal's records, walked by their length fields: byte range and game.
    static func journalRecords(_ data: Data) -> [(bytes: Range<Int>, sequence: UInt64)] {
        let bytes = [UInt8](data)
        var records: [(Range<Int>, UInt64)] = []
        var offset = 16
        while offset + 16 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let sequence = bytes[(offset + 8)..<(offset + 16)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard offset + 8 + length <= bytes.count else { break }
            records.append((offset..<(offset + 8 + length), sequence))
            offset += 8 + length
        }
        return records
    }

    /// Changes 1 to 3 runs of 1 to 24 bytes (half of them single bytes) in
    /// the files given; returns the offsets changed in each.
    static func damage(_ files: [String], _ random: inout SeededGenerator) throws -> [String: Set<Int>] {
        var changed: [String: Set<Int>] = [:]
        var contents: [String: [UInt8]] = [:]
        for file in files { contents[file] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file))) }
        for _ in 0..<(1 + random.below(3)) {
            let file = files[random.below(files.count)]
            guard var bytes = contents[file], !bytes.isEmpty else { continue }
            let length = random.below(2) == 0 ? 1 : 1 + random.below(24)
            let start = random.below(bytes.count)
            for offset in start..<min(bytes.count, start + length) {
                bytes[offset] ^= UInt8(1 + random.below(255))  // never the same byte
                changed[file, default: []].insert(offset)
            }
            contents[file] = bytes
        }
        for (file, bytes) in contents { try Data(bytes).write(to: URL(fileURLWithPath: file)) }
        return changed
    }

    /// Points the archive root's `journalSequence` or `journalCheck` at
    /// another integer of the archive (small integers are shared with the
    /// games' fields, so the integer itself is left as it is): only the
    /// root's bytes change, every session stays intact. False when the root
    /// has neither key.
    static func damageRoot(_ path: String, _ random: inout SeededGenerator) throws -> Bool {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func integer(_ at: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
        let end = bytes.count - 32
        let (offsetSize, refSize) = (Int(bytes[end + 6]), Int(bytes[end + 7]))
        let (count, table) = (integer(end + 8, 8), integer(end + 24, 8))
        func offset(_ object: Int) -> Int { integer(table + object * offsetSize, offsetSize) }
        // An ASCII string: 0x5n and n bytes, or 0x5F, an integer length and the bytes.
        func isString(_ object: Int, _ text: String) -> Bool {
            let at = offset(object)
            let utf8 = Array(text.utf8)
            let start = utf8.count < 15 ? at + 1 : at + 3
            guard bytes[at] == (utf8.count < 15 ? 0x50 | UInt8(utf8.count) : 0x5F), start + utf8.count <= end else {
                return false
            }
            return (utf8.count < 15 || Array(bytes[(at + 1)...(at + 2)]) == [0x10, UInt8(utf8.count)])
                && Array(bytes[start..<(start + utf8.count)]) == utf8
        }
        let key = random.below(2) == 0 ? "journalSequence" : "journalCheck"
        let integers = (0..<count).filter { bytes[offset($0)] >> 4 == 0x1 }
        guard let name = (0..<count).first(where: { isString($0, key) }) else { return false }
        for object in 0..<count where bytes[offset(object)] >> 4 == 0xD {
            let at = offset(object)
            let keys = Int(bytes[at] & 0x0F)
            guard keys < 15, let index = (0..<keys).first(where: { integer(at + 1 + $0 * refSize, refSize) == name })
            else { continue }
            let value = at + 1 + (keys + index) * refSize
            let old = integer(value, refSize)
            let others = integers.filter { other in
                let (a, b) = (offset(other), offset(old))
                return bytes[a..<(a + 1 + (1 << Int(bytes[a] & 0x0F)))]
                    != bytes[b..<(b + 1 + (1 << Int(bytes[b] & 0x0F)))]
            }
            guard !others.isEmpty else { return false }
            let new = others[random.below(others.count)]
            for byte in 0..<refSize {
                bytes[value + byte] = UInt8(truncatingIfNeeded: new >> (8 * (refSize - 1 - byte)))
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return true
        }
        return false
    }

    @Test func everyIntactGameIsInTheHistoryOnceAndNothingElse() throws {
        var random = SeededGenerator(seed: Self.seed)
        var damagedArchives = 0
        var damagedJournals = 0
        var lostGames = 0
        for run in 0..<Self.runs {
            let temporary = try TemporaryFolder()
            // 0: everything in the journal; 1_000: never past the threshold
            // (every game rewrites the archive); between: both files.
            let limit = [0, 4, 12, 1_000][random.below(4)]
            let store = HistoryStore(folder: temporary.file("data"), inlineCompactionLimit: limit)
            var games: [Session] = []
            for number in 0..<(1 + random.below(30)) {
                let game = Self.randomSession(run * 1_000 + number, &random)
                _ = try store.record(game)
                games.append(game)
                if random.below(10) == 0 { try store.compact() }
            }
            let context = "run \(run) (seed \(Self.seed)), \(games.count) games, compaction limit \(limit)"

            // What is where, before the damage.
            let archiveSessions =
                FileManager.default.fileExists(atPath: store.archivePath)
                ? try KeyedArchive.decode(try Data(contentsOf: URL(fileURLWithPath: store.archivePath))).sessions : []
            let journal = try Data(contentsOf: URL(fileURLWithPath: store.journalPath))
            let records = Self.journalRecords(journal)
            #expect(archiveSessions.count + records.count == games.count, "\(context)")
            let journalGames = Array(games.suffix(records.count))

            var files = [store.journalPath]
            if FileManager.default.fileExists(atPath: store.archivePath) { files.append(store.archivePath) }
            let changed = try Self.damage(files, &random)
            let damaged = [UInt8](try Data(contentsOf: URL(fileURLWithPath: store.journalPath)))
            let archiveIntact = changed[store.archivePath, default: []].isEmpty
            let journalChanged = changed[store.journalPath, default: []]
            if !archiveIntact { damagedArchives += 1 }
            if !journalChanged.isEmpty { damagedJournals += 1 }

            var mustHave = archiveIntact ? archiveSessions.map(Self.key) : []
            for (record, game) in zip(records, journalGames)
            where !journalChanged.contains(where: { record.bytes.contains($0) }) {
                mustHave.append(Self.key(game))
            }
            let order = Dictionary(uniqueKeysWithValues: games.enumerated().map { (Self.key($1), $0) })
            let recorded = Dictionary(uniqueKeysWithValues: games.map { (Self.key($0), $0) })

            func check(_ loaded: HistoryStore.Loaded, extra: [String] = [], _ when: String) {
                let keys = loaded.sessions.map(Self.key)
                let counts = Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: +)
                let twice = counts.filter { $0.value > 1 }.map(\.key)
                #expect(twice.isEmpty, "\(when): games twice: \(twice); \(context)")
                let invented = keys.filter { order[$0] == nil && !extra.contains($0) }
                #expect(invented.isEmpty, "\(when): games never recorded: \(invented); \(context)")
                let missing = (mustHave + extra).filter { counts[$0] == nil }
                #expect(missing.isEmpty, "\(when): intact games missing: \(missing); \(context)")
                // The checksum covers the results: a game is shown as recorded, or without its results.
                let altered = loaded.sessions.filter { game in
                    recorded[Self.key(game)].map { $0 != game && $0.with(results: []) != game } ?? false
                }
                #expect(altered.isEmpty, "\(when): games shown with results never recorded: \(altered); \(context)")
                let positions = keys.compactMap { order[$0] }
                #expect(positions == positions.sorted(), "\(when): not in the order of recording; \(context)")
            }

            let first = try store.load()
            check(first, "after the damage")
            // Damage the store must see: anything but the header's base (bytes
            // 8-15, no checksum, harmless), unless, from the first damaged
            // record on, no record is intact and that record's length now runs
            // past the end of the file (by less than a large record): that is
            // what a write cut short by a crash looks like, dropped without a word.
            let intact = records.map { record in !journalChanged.contains { record.bytes.contains($0) } }
            let firstDamaged = intact.firstIndex(of: false)
            let lastLooksTorn = firstDamaged.map { index in
                !intact[index...].contains(true)
                    && damaged.withUnsafeBytes { HistoryJournal.looksTorn($0, at: records[index].bytes.lowerBound) }
            }
            let placement = "journal bytes changed \(journalChanged.sorted()), records \(records.map(\.bytes))"
            let seen =
                journalChanged.contains { $0 < 8 } || (journalChanged.contains { $0 >= 16 } && lastLooksTorn != true)
            if seen {
                #expect(!first.diagnostics.whole, "damage in the journal is reported; \(context); \(placement)")
                #expect(
                    first.diagnostics.problems.contains { $0.file == store.journalPath },
                    "\(first.diagnostics); \(context)")
            }
            if first.diagnostics.whole && lastLooksTorn != true {
                #expect(first.sessions.count == games.count, "\(context); \(placement)")
            }
            lostGames += games.count - first.sessions.count
            // What was shown stays: nothing readable leaves the history.
            mustHave = Array(Set(mustHave).union(first.sessions.map(Self.key)))
            let again = try store.load()
            #expect(again.diagnostics.whole, "repaired once: \(again.diagnostics); \(context)")
            check(again, "read again")
            let next = Self.randomSession(run * 1_000 + 999, &random)
            let report = try store.record(next)
            #expect(
                !report.diagnostics.contains { $0.message.contains("damaged") },
                "the damage was repaired: \(report.diagnostics)")
            let after = try store.load()
            #expect(after.diagnostics.whole, "\(after.diagnostics); \(context)")
            check(after, extra: [Self.key(next)], "after one more game")
            #expect(after.sessions.last.map(Self.key) == Self.key(next), "the new game is the last; \(context)")
            let copies = try FileManager.default.contentsOfDirectory(atPath: store.folder).filter {
                $0.contains(".damaged-")
            }
            if seen { #expect(!copies.isEmpty, "a copy of the damaged journal is kept; \(context)") }
        }
        #expect(damagedArchives > 0 || Self.runs < 10)
        #expect(damagedJournals > 0 || Self.runs < 10)
        print(
            "damage model: \(Self.runs) histories, \(damagedArchives) archives and \(damagedJournals) journals damaged, "
                + "\(lostGames) games lost to damage in all")
    }

    /// The one snapshot, seen through every view: a random history (the
    /// archive, the journal, now and then a journal that still holds records
    /// folded into the archive, as a crash between compaction and the fresh
    /// journal leaves it; pending games, one of them already in the history),
    /// random damage (bytes of the archive and the journal, the archive
    /// root's journal sequence or check, bytes of the pending file), then
    /// each view on its own copy of that damaged history (each repairs what
    /// it finds). `load()` holds every intact record's game once (the model
    /// of the intact records); every other view agrees with it: statistics,
    /// the milestone baseline, fold, the stream, the newest N.
    @Test func everyViewAgreesWithTheModelOfTheIntactRecords() throws {
        var foldedLeft = 0
        var rootsDamaged = 0
        var pendingDamaged = 0
        for run in 0..<Self.runs {
            let start = SeededGenerator(seed: Self.seed &+ UInt64(run) &* 7_919)
            let newest = 1 + run % 8
            /// The same history and damage, in a new folder: its store, the
            /// keys of the games intact in the files (each once, the pending
            /// ones last), the intact new pending games, and what was done.
            func damagedHistory(_ temporary: TemporaryFolder) throws -> (
                HistoryStore, [String], Int, (folded: Bool, root: Bool, pending: Bool)
            ) {
                var random = start
                let limit = [0, 4, 12, 1_000][random.below(4)]
                let store = HistoryStore(folder: temporary.file("data"), inlineCompactionLimit: limit)
                var games: [Session] = []
                for number in 0..<(1 + random.below(30)) {
                    let game = Self.randomSession(run * 1_000 + number, &random)
                    _ = try store.record(game)
                    games.append(game)
                }
                let journalURL = URL(fileURLWithPath: store.journalPath)
                // A crash between folding the journal into the archive and
                // writing a fresh journal: the old journal, its records folded.
                let folded = Self.journalRecords(try Data(contentsOf: journalURL)).count > 0 && random.below(3) == 0
                if folded {
                    let journal = try Data(contentsOf: journalURL)
                    try store.compact()
                    try journal.write(to: journalURL)
                }
                let archived =
                    FileManager.default.fileExists(atPath: store.archivePath)
                    ? try KeyedArchive.decode(try Data(contentsOf: URL(fileURLWithPath: store.archivePath))).sessions
                    : []
                let records = Self.journalRecords(try Data(contentsOf: journalURL))
                let root = try !archived.isEmpty && random.below(4) == 0 && Self.damageRoot(store.archivePath, &random)
                var files = [store.journalPath]
                if !archived.isEmpty { files.append(store.archivePath) }
                let changed = try Self.damage(files, &random)
                var intact = changed[store.archivePath, default: []].isEmpty ? archived.map(Self.key) : []
                let journalChanged = changed[store.journalPath, default: []]
                for (record, game) in zip(records, games.suffix(records.count))
                where !journalChanged.contains(where: { record.bytes.contains($0) }) && !intact.contains(Self.key(game))
                {
                    intact.append(Self.key(game))
                }
                intact.sort { Self.order(of: $0, in: games) < Self.order(of: $1, in: games) }
                let waiting = (0..<random.below(3)).map { Self.randomSession(run * 1_000 + 500 + $0, &random) }
                // And a game the history holds intact (a crash after it was added).
                let held = games.filter { intact.contains(Self.key($0)) }
                let again = held.isEmpty ? [] : [held[random.below(held.count)]]
                for game in waiting + again { _ = store.pending.keep(game) }
                // Now and then the pending file damaged too: its intact records count.
                var waitingIntact = waiting.map(Self.key)
                let pendingPath = store.pending.paths[0]
                let pendingDamaged = !(waiting + again).isEmpty && random.below(3) == 0
                if pendingDamaged {
                    let pendingRecords = Self.journalRecords(try Data(contentsOf: URL(fileURLWithPath: pendingPath)))
                    let changed = try Self.damage([pendingPath], &random)[pendingPath, default: []]
                    waitingIntact = zip(pendingRecords, waiting)
                        .filter { record, _ in !changed.contains { record.bytes.contains($0) } }.map { Self.key($1) }
                }
                return (store, intact + waitingIntact, waitingIntact.count, (folded, root, pendingDamaged))
            }
            let context = "run \(run) (seed \(Self.seed))"
            let base = try TemporaryFolder()
            let (store, intact, pending, made) = try damagedHistory(base)
            if made.folded { foldedLeft += 1 }
            if made.root { rootsDamaged += 1 }
            if made.pending { pendingDamaged += 1 }
            let loaded = try store.load()
            let keys = loaded.sessions.map(Self.key)
            #expect(Set(keys).count == keys.count, "each game once; \(context) \(made)")
            #expect(
                Set(intact).isSubset(of: Set(keys)),
                "every intact game: \(Set(intact).subtracting(keys)) missing; \(context) \(made)")
            #expect(Array(keys.suffix(pending)) == Array(intact.suffix(pending)), "pending last; \(context)")
            let zone = LocalTimeZone.current

            func view<T>(_ read: (HistoryStore) throws -> T) throws -> T {
                let folder = try TemporaryFolder()
                return try withExtendedLifetime(folder) { try read(try damagedHistory(folder).0) }
            }
            // (Without results: the archive's games; the journal's always carry theirs.)
            #expect(try view { try $0.load(results: false).sessions.map(Self.key) } == keys, "\(context)")
            #expect(
                try view { try $0.statistics(timeZone: zone).tally }
                    == StatisticsTally(sessions: loaded.sessions, timeZone: zone), "\(context)")
            #expect(
                try view { try $0.milestoneHistory(timeZone: zone).baseline }
                    == MilestoneBaseline(sessions: loaded.sessions, timeZone: zone), "\(context)")
            #expect(try view { try $0.fold([Session]()) { $0.append($1) }.value } == loaded.sessions, "\(context)")
            let history = loaded.sessions.dropLast(pending)
            #expect(
                try view { try $0.load(newest: newest).sessions }
                    == Array(history.suffix(newest)) + loaded.sessions.suffix(pending), "\(context)")
            // The stream gives up on damage (its caller then loads): after a
            // load has repaired it, it holds the same games.
            let streamed = try view { store -> [Session]? in
                _ = try store.load()
                guard let stream = store.stream() else { return nil }
                return try (0..<stream.count).map { try stream.session(at: $0, results: true) }
            }
            #expect(streamed == loaded.sessions, "\(context)")
        }
        #expect(Self.runs < 10 || (foldedLeft > 0 && rootsDamaged > 0 && pendingDamaged > 0))
    }

    /// Where the game of `key` was recorded among `games` (after them: not one of them).
    static func order(of key: String, in games: [Session]) -> Int {
        games.firstIndex { Self.key($0) == key } ?? games.count
    }
}
