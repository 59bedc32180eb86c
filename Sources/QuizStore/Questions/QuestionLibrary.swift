import Foundation
import QuizCore

/// The banks a player can choose from, gathered from folders and files, with
/// the problems of those that could not be loaded (which never stop the rest).
public struct QuestionLibrary: Sendable {
    public private(set) var banks: [QuestionBank] = []
    /// One line per file that failed to load.
    public private(set) var failures: [(path: String, error: BankError)] = []
    /// When set, each bank file is read through its parsed copy there (the
    /// same bank, or the same error, as parsing it): `quiz` sets it, so the
    /// menu does not parse and check the bundled banks at every start.
    public var parsedCache: ParsedBankCache?

    public init(parsedCache: ParsedBankCache? = nil) {
        self.parsedCache = parsedCache
    }

    /// Loads `path`: a bank file, or every `*.json` file directly inside a
    /// folder (except `*.schema.json`). A bank whose id is already loaded
    /// replaces the earlier one, so `--questions` can override a bundled quiz.
    public mutating func add(path: String) throws(BankError) {
        guard try BankFile.kind(of: path) == .folder else {
            insert(try load(path))
            return
        }
        for name in try names(in: path).sorted() where name.hasSuffix(".json") && !name.hasSuffix(".schema.json") {
            let file = path.hasSuffix("/") ? path + name : path + "/" + name
            do {
                insert(try load(file))
            } catch {
                failures.append((file, error))
            }
        }
    }

    /// The error `add(path:)` would throw for `path`, without keeping
    /// anything: a bank file must load (through the parsed copy, when set),
    /// a folder must be one that can be listed (its bad files are only
    /// skipped, as `add(path:)` skips them).
    public func check(path: String) throws(BankError) {
        guard try BankFile.kind(of: path) == .folder else {
            _ = try load(path)
            return
        }
        _ = try names(in: path)
    }

    private func names(in folder: String) throws(BankError) -> [String] {
        do {
            return try FolderListing.names(in: folder)
        } catch {
            throw .unreadable(path: folder, reason: "cannot list the folder: " + error.reason)
        }
    }

    private func load(_ file: String) throws(BankError) -> QuestionBank {
        guard let parsedCache else { return try BankLoader.load(path: file) }
        return try parsedCache.load(path: file)
    }

    /// Adds a bank loaded elsewhere (a download); same id replaces, as in `add(path:)`.
    public mutating func add(_ bank: QuestionBank) {
        insert(bank)
    }

    private mutating func insert(_ bank: QuestionBank) {
        if let index = banks.firstIndex(where: { $0.id == bank.id }) {
            banks[index] = bank
        } else {
            banks.append(bank)
            banks.sort { $0.id < $1.id }
        }
    }

    public func bank(id: String) -> QuestionBank? {
        banks.first { $0.id == id }
    }

    /// The failure of a file whose quiz id is `id`, if that file was found but is bad.
    public func failure(id: String) -> BankError? {
        failures.first { BankLoader.quizID(forPath: $0.path) == id }?.error
    }
}
