import Foundation
import Testing

@testable import QuizCore
@testable import QuizStore

/// The synced folder against a model: N machines, each with its own data
/// folder and its own copy of the synced folder, play random games (their
/// clocks apart by hours), sync at random moments, while a random engine
/// copies files between the copies of the folder: whole, cut mid-record
/// (still arriving), an older version, or as Syncthing's and Dropbox's
/// conflict copies; each machine reads its review schedule at random
/// moments (the derived file kept, caught up or built again). Invariant:
/// after a full sync (the engine brings every file whole to every machine,
/// then each machine syncs), every finished game is on every machine exactly
/// once, the review schedule (`history.schedule`'s payload) is byte for byte
/// the same on every machine and the one of the whole history, and a sync
/// with nothing new adds nothing. `QUIZ_SYNC_MODEL_RUNS` sets the number of
/// runs (8).
@Suite struct SyncModelTests {
    static let runs = ProcessInfo.processInfo.environment["QUIZ_SYNC_MODEL_RUNS"].flatMap(Int.init) ?? 8

    struct Machine {
        let store: HistoryStore
        var sync: SyncFolder { store.sync! }
        var folder: String { store.syncFolder! }
    }

    /// The files of a machine's copy of the synced folder, by name.
    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            !$0.hasPrefix(".")
        }.sorted()
    }

    func copy(_ bytes: Data, to path: String) throws {
        // As an engine does: a temporary file renamed over the old one.
        try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    @Test(arguments: 0..<runs) func afterAFullSyncEveryGameIsOnEveryMachineOnce(run: Int) throws {
        var random = SeededGenerator(seed: UInt64(run) &* 0x9E37_79B9 &+ 17)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-sync-model-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let count = Int.random(in: 2...4, using: &random)
        let machines = (0..<count).map { index in
            Machine(
                store: HistoryStore(folder: root + "/data\(index)", syncFolder: root + "/sync\(index)"))
        }
        // Each machine's clock is hours apart from the others'.
        let skew = (0..<count).map { _ in Double.random(in: -36_000...36_000, using: &random) }
        var played: [GameIdentity] = []
        /// Versions of each machine's own file seen so far (for old copies).
        var versions: [String: [Data]] = [:]
        var seed: Int64 = 1
        for _ in 0..<Int.random(in: 20...60, using: &random) {
            let machine = Int.random(in: 0..<count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                // Three of five questions, answered at random (the schedule's reviews).
                let results = (0..<3).map { _ in
                    QuestionResult(
                        prompt: "Question \(Int.random(in: 0..<5, using: &random))?",
                        outcome: Bool.random(using: &random) ? .right : .wrong, given: "x", answer: "y",
                        seconds: Double(Int.random(in: 1...20, using: &random)))
                }
                let session = Session(
                    date: Date(timeIntervalSince1970: 1_700_000_000 + Double(seed) * 60 + skew[machine]),
                    score: Int(seed % 4), total: 3, quiz: "mini", title: "Mini", duration: 10, seed: seed,
                    results: results)
                seed += 1
                _ = try machines[machine].store.record(session, index: QuestionIndex())
                played.append(GameIdentity(session))
            case 4..<5:
                _ = machines[machine].sync.sync()
            case 5..<6:
                _ = machines[machine].sync.sync()
                _ = try ScheduleFile(store: machines[machine].store).current(index: QuestionIndex())
            default:
                // The engine brings one file of one copy to another copy.
                let from = machines[Int.random(in: 0..<count, using: &random)].folder
                let to = machines[machine].folder
                guard from != to, let name = files(from).randomElement(using: &random),
                    let bytes = FileManager.default.contents(atPath: from + "/" + name)
                else { continue }
                versions[name, default: []].append(bytes)
                try FileManager.default.createDirectory(atPath: to, withIntermediateDirectories: true)
                // Never over the receiving machine's own file: it is the only writer of it.
                let own = files(to).contains(name) && SyncFolder.looksSynced(name) && isOwn(name, of: machines[machine])
                guard !own else { continue }
                let stem = String(name.dropLast(".journal".count))
                switch Int.random(in: 0..<5, using: &random) {
                case 0:
                    let cut = Int.random(in: 0...bytes.count, using: &random)
                    try copy(bytes.prefix(cut), to: to + "/" + name)
                case 1:
                    let older = versions[name]!.randomElement(using: &random)!
                    try copy(older, to: to + "/" + name)
                case 2:
                    try copy(bytes, to: to + "/\(stem).sync-conflict-20261202-0\(run)0000-ABCDEFG.journal")
                case 3:
                    try copy(bytes, to: to + "/\(stem) (conflicted copy 2026-12-02).journal")
                default:
                    try copy(bytes, to: to + "/" + name)
                }
            }
        }
        // A full sync: each machine's own file whole in every copy, then every machine syncs.
        for machine in machines { _ = machine.sync.sync() }
        for source in machines {
            for name in files(source.folder) where isOwn(name, of: source) {
                let bytes = try #require(FileManager.default.contents(atPath: source.folder + "/" + name))
                for target in machines where target.folder != source.folder {
                    try FileManager.default.createDirectory(atPath: target.folder, withIntermediateDirectories: true)
                    try copy(bytes, to: target.folder + "/" + name)
                }
            }
        }
        for machine in machines { _ = machine.sync.sync() }
        var schedules: [Data] = []
        for machine in machines {
            let schedule = try ScheduleFile(store: machine.store).current(index: QuestionIndex()).schedule
            let whole = ReviewSchedule(sessions: try machine.store.load().sessions, index: QuestionIndex())
            #expect(schedule == whole, "run \(run): the schedule kept is the whole history's")
            let file = try #require(FileManager.default.contents(atPath: machine.store.schedulePath))
            let payload = try #require(DerivedFile.parse(file)).payload
            #expect(Data(payload) == ScheduleText.encode(whole), "run \(run)")
            schedules.append(Data(payload))
        }
        #expect(Set(schedules).count == 1, "run \(run): every machine's history.schedule is the same")
        for (index, machine) in machines.enumerated() {
            let games = try machine.store.load(results: false).sessions.map(GameIdentity.init)
            #expect(games.count == played.count, "run \(run), machine \(index): \(games.count) of \(played.count)")
            #expect(Set(games) == Set(played), "run \(run), machine \(index)")
            // Nothing new: nothing added.
            #expect(machine.sync.sync().added == 0)
        }
    }

    func isOwn(_ name: String, of machine: Machine) -> Bool {
        guard let id = machine.sync.machineID() else { return false }
        return name == SyncFolder.fileName(machine: id)
    }
}
