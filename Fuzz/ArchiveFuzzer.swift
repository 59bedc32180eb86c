import Foundation

// libFuzzer target for the history archive decoder, `KeyedArchive.sessions(from:)`.
// Built by `make fuzz` together with every QuizCore source as one module, so
// the core's internals are in scope without importing it (see CONTRIBUTING.md).

/// Inputs decoded and refused so far; reported at exit, so that a target
/// that never reaches the decoder cannot pass for fuzzing.
nonisolated(unsafe) private var decodedCount = 0
nonisolated(unsafe) private var refusedCount = 0

enum Target: FuzzTarget {
    static func setUp() {
        if let folder = ProcessInfo.processInfo.environment["QUIZ_FUZZ_WRITE_SEEDS"] {
            exit(ArchiveSeeds.write(to: folder) ? 0 : 1)
        }
    }

    static func report() -> String { "archive-fuzzer: \(decodedCount) inputs decoded, \(refusedCount) refused" }
}

/// Decodes the input; whatever decodes must survive a rewrite unchanged, as
/// `HistoryStore` rewrites every archive it reads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Data(bytes: data, count: size)
    // The store reads through `salvage`, which skips what it cannot read:
    // whatever it keeps must survive a rewrite too.
    if let salvaged = try? KeyedArchive.salvage(input) {
        let kept = KeyedArchive.data(for: salvaged.sessions, journalSequence: salvaged.journalSequence)
        guard let back = try? KeyedArchive.salvage(kept), back.sessions == salvaged.sessions, back.skipped == 0 else {
            fatalError("a salvaged archive, rewritten, does not read back the same")
        }
    }
    // A journal is hostile input too: resynchronising must never trap. (Only
    // inputs that start as one, or short ones: a resync tries every offset,
    // which at every input of the archive's size would slow the fuzzer fortyfold.)
    if input.starts(with: HistoryJournal.magic) || input.count <= 512,
        let journal = HistoryJournal.parse(input)
    {
        _ = journal.entries.count + journal.damage.count
    }
    let sessions: [Session]
    do {
        sessions = try KeyedArchive.sessions(from: input)
    } catch {
        refusedCount += 1
        _ = error.description
        return 0
    }
    decodedCount += 1
    let rewritten = KeyedArchive.data(for: sessions)
    guard let again = try? KeyedArchive.sessions(from: rewritten) else {
        fatalError("a decoded archive, rewritten, no longer decodes")
    }
    guard again == sessions else { fatalError("a decoded archive, rewritten, decodes to other sessions") }
    return 0
}
