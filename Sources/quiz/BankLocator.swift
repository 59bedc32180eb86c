import Foundation
import QuizKit

/// Finds the bundled `Questions/` folder: next to an installed binary
/// (`PREFIX/bin/quiz` reads `PREFIX/share/quiz/Questions`), or in the
/// checkout a development build runs from (`.build/debug/quiz` walks up to
/// the folder holding `Package.swift`).
enum BankLocator {
    static func bundledFolder() -> String? {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var folder = ((executable as NSString).deletingLastPathComponent as NSString).standardizingPath
        let installed = ((folder as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("share/quiz/Questions")
        if isFolder(installed) { return installed }
        while folder != "/" && !folder.isEmpty {
            let questions = (folder as NSString).appendingPathComponent("Questions")
            if isFolder(questions),
                FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Package.swift"))
            {
                return questions
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Where downloaded banks are kept; `main` waits for its writes before exiting.
    static let cache = BankCache(folder: BankCache.defaultFolder(environment: ProcessInfo.processInfo.environment))

    /// The bundled banks, then each `--questions` path or URL (same id replaces).
    static func library(extraPaths: [String]) throws(CommandFailure) -> QuestionLibrary {
        var library = QuestionLibrary()
        if let bundled = bundledFolder() {
            try? library.add(path: bundled)
        }
        for path in extraPaths {
            if RemoteBankLoader.isRemote(path) {
                library.add(try download(path))
                continue
            }
            do {
                try library.add(path: path)
            } catch {
                switch error {
                case .notFound: throw CommandFailure(status: .noInput, message: error.description)
                case .unreadable: throw CommandFailure(status: .noInput, message: error.description)
                case .invalid: throw CommandFailure(status: .dataError, message: error.description)
                }
            }
        }
        return library
    }

    /// Downloads the bank at `url` (or falls back on its cached copy, saying so on stderr).
    private static func download(_ url: String) throws(CommandFailure) -> QuestionBank {
        do {
            let environment = ProcessInfo.processInfo.environment
            let loader = RemoteBankLoader(
                cache: cache, timeout: try RemoteBankLoader.timeout(environment: environment), fetch: FetchProgram.fetch
            )
            let remote = try loader.load(url)
            if let stale = remote.staleCopy {
                FileHandle.standardError.write(Data("quiz: \(stale)\n".utf8))
            }
            return remote.bank
        } catch {
            switch error {
            case .badURL, .badTimeout: throw CommandFailure(status: .usage, message: error.description)
            case .unavailable: throw CommandFailure(status: .noInput, message: error.description)
            case .invalid: throw CommandFailure(status: .dataError, message: error.description)
            }
        }
    }
}
