import Foundation
import QuizCore
import QuizStore

#if canImport(Glibc)
    import Glibc
#endif

/// Finds the bundled `Questions/` folder: next to an installed binary
/// (`PREFIX/bin/quiz` reads `PREFIX/share/quiz/Questions`), or in the
/// checkout a development build runs from (`.build/debug/quiz` walks up to
/// the folder holding `Package.swift`); and every other bank a command reads:
/// the files and URLs of `--questions`, through the download and parsed-bank
/// caches of the environment it was made for.
public struct BankLocator: Sendable {
    /// Where downloaded banks are kept; the executable waits for its writes before exiting.
    public let cache: BankCache
    /// Parsed copies of the bank files read (ParsedBankCache), beside the downloads.
    public let parsed: ParsedBankCache
    let environment: [String: String]
    /// How a URL is downloaded (the executable runs `quiz-fetch`).
    let fetch: RemoteBankLoader.Fetch

    public init(environment: [String: String], fetch: @escaping RemoteBankLoader.Fetch) {
        self.environment = environment
        self.fetch = fetch
        cache = BankCache(folder: BankCache.defaultFolder(environment: environment))
        parsed = ParsedBankCache(folder: cache.folder + "/parsed")
    }

    /// The bundled banks' folder: `PREFIX/share/quiz/Questions` beside an
    /// installed binary, or a checkout's `Questions`; nil when neither is
    /// there. Found once a process (the binary does not move while it runs;
    /// a review asks once for every bank it reads).
    public static func bundledFolder() -> String? { bundled }

    private static let bundled: String? = findBundledFolder()

    private static func findBundledFolder() -> String? {
        // /proc/self/exe is absolute with its links resolved already: only
        // the fallback, argv[0], is standardised (Foundation resolves each
        // component's links, which is not free: CONTRIBUTING.md, "Measured
        // choices in the code").
        var folder: String
        if let executable = ExecutablePath.current {
            folder = (executable as NSString).deletingLastPathComponent
        } else {
            folder = ((CommandLine.arguments[0] as NSString).deletingLastPathComponent as NSString).standardizingPath
        }
        let installed = ((folder as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("share/quiz/Questions")
        if isFolder(installed) { return installed }
        while folder != "/" && !folder.isEmpty {
            let questions = (folder as NSString).appendingPathComponent("Questions")
            if isFolder(questions), exists((folder as NSString).appendingPathComponent("Package.swift")) {
                return questions
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// By `stat`: making `FileManager.default` was about 1% of the menu's start.
    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The data folder's folder of banks always loaded.
    public static let banksFolderName = "banks"

    /// The banks always loaded: `folder` when it is a folder, then the
    /// settings file's `banks` paths (`~/` from `home`; without a home, those are left out).
    public static func alwaysLoaded(folder: String, settings: [String], home: String?) -> (
        paths: [String], missing: [String]
    ) {
        var paths = isFolder(folder) ? [folder] : []
        var missing: [String] = []
        for path in settings {
            let full: String
            if path.hasPrefix("~/") {
                guard let home, !home.isEmpty else { continue }
                full = home + path.dropFirst()
            } else {
                full = path
            }
            // A bank moved or deleted since the line was written is skipped (and
            // said), as a settings line quiz cannot use is: it stops nothing.
            if FileManager.default.fileExists(atPath: full) { paths.append(full) } else { missing.append(path) }
        }
        return (paths, missing)
    }

    /// The bundled banks, then each path of `bankPaths` or URL (same id
    /// replaces); a download may bring at most `maxDownload` bytes.
    /// A copy used instead of a download that failed is said through `notice`.
    public func library(
        extraPaths: [String], maxDownload: Int = RemoteBankLoader.defaultMaxBytes,
        notice: (String) -> Void = { _ in }
    ) throws(CommandFailure) -> QuestionLibrary {
        var library = QuestionLibrary(parsedCache: parsed)
        if let bundled = Self.bundledFolder() {
            try? library.add(path: bundled)
        }
        for path in extraPaths {
            if RemoteBankLoader.isRemote(path) {
                library.add(try download(path, maxBytes: maxDownload, notice: notice))
                continue
            }
            do {
                try library.add(path: path)
            } catch {
                throw CommandFailure(error)
            }
        }
        return library
    }

    /// Every local `--questions` path but `skipped` (a file the caller reads
    /// itself) is there and good, as `library` would find it: else the
    /// one-line error of the first that is not (66 not there or unreadable,
    /// 65 bad data). For the modes that read fewer banks than `library`
    /// (one quiz, a quick review, the stats), so that a bank named and not
    /// read is never silently ignored. URLs are left to the download.
    public func checkNamed(_ extraPaths: [String], except skipped: String? = nil) throws(CommandFailure) {
        let library = QuestionLibrary(parsedCache: parsed)
        for path in extraPaths where !RemoteBankLoader.isRemote(path) && path != skipped {
            do {
                try library.check(path: path)
            } catch {
                throw CommandFailure(error)
            }
        }
    }

    /// The file that would give quiz `id`, found by file name without parsing
    /// any bank (the last place wins, as in `library`); nil when a URL is
    /// among the paths or no file has that name. `quiz QUIZ` then reads one
    /// bank, not every bank, before the first question.
    public static func file(forQuiz id: String, extraPaths: [String]) -> String? {
        guard !extraPaths.contains(where: RemoteBankLoader.isRemote) else { return nil }
        var found: String?
        // By `stat`, not `FileManager`: a review asks once for every bank
        // with a question due, and making `FileManager.default` and its
        // `fileExists` were a fifth of finding the due questions.
        func consider(folder: String) {
            let candidate = folder.hasSuffix("/") ? folder + id + ".json" : folder + "/" + id + ".json"
            if exists(candidate) { found = candidate }
        }
        if let bundled = Self.bundledFolder() { consider(folder: bundled) }
        for path in extraPaths {
            if isFolder(path) {
                consider(folder: path)
            } else if BankLoader.quizID(forPath: path) == id {
                found = path
            }
        }
        return found
    }

    /// Downloads the bank at `url` (or falls back on its cached copy, saying so on stderr).
    private func download(_ url: String, maxBytes: Int, notice: (String) -> Void) throws(CommandFailure)
        -> QuestionBank
    {
        do {
            let loader = RemoteBankLoader(
                cache: cache, timeout: try RemoteBankLoader.timeout(environment: environment), maxBytes: maxBytes,
                fetch: fetch)
            let remote = try loader.load(url)
            if let stale = remote.staleCopy { notice("\(stale)") }
            return remote.bank
        } catch {
            throw CommandFailure(error)
        }
    }
}
