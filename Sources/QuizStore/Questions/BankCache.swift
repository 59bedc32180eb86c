import Dispatch
import Foundation
import QuizCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The last good copy of every downloaded bank, one file per URL in
/// `$XDG_CACHE_HOME/quiz` (else `~/.cache/quiz`); a file's modification time
/// is when it was fetched. Files are written whole (`DurableFile`: temporary
/// file, fsync, rename), so a reader sees the old copy or the new one, never a part.
///
/// `storeInBackground(_:for:)` writes on a serial background queue so the
/// first question is not kept waiting; call `finishWrites()` before the
/// process exits, or a write may be lost (the old copy then stays).
public final class BankCache: Sendable {
    /// The folder holding the cached banks.
    public let folder: String
    private let queue = DispatchQueue(label: "quiz.bank-cache", qos: .utility)
    private let group = DispatchGroup()
    private let failures = Mutex<[BankCacheError]>([])

    public init(folder: String) {
        self.folder = folder
    }

    /// `$XDG_CACHE_HOME/quiz` when that variable is an absolute path, else `~/.cache/quiz`.
    public static func defaultFolder(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/quiz" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/quiz"
    }

    /// The cache file of `url`: a readable slug of its host and path, then a
    /// stable hash of the whole URL (query included), then `.json`; for
    /// example `opentdb-com-api-php-e3993a7f.json` for `https://opentdb.com/api.php?amount=10`.
    public func file(for url: String) -> String {
        (folder as NSString).appendingPathComponent(Self.fileName(for: url))
    }

    static func fileName(for url: String) -> String {
        let parsed = URLComponents(string: url)
        var readable = (parsed?.host ?? "") + (parsed?.path ?? "")
        if readable.lowercased().hasSuffix(".json") { readable.removeLast(5) }
        var slug = ""
        for scalar in readable.lowercased().unicodeScalars {
            if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        slug = String(slug.prefix(80))
        let hash = String(stableHash(url), radix: 16)
        let padded = String(repeating: "0", count: 8 - hash.count) + hash
        return (slug.isEmpty ? "bank" : slug) + "-" + padded + ".json"
    }

    /// 32-bit FNV-1a: the same on every machine and run, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    /// A cached copy: its bytes and when they were fetched.
    public struct Entry: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var fetched: Date
    }

    /// The largest cached copy read when no larger `--max-download` is given:
    /// four times the default cap, so a copy taken under a larger one still
    /// stands in, while a huge (or sparse) file put there is not read whole.
    public static let largestCopy = 4 * RemoteBankLoader.defaultMaxBytes

    /// What the cache holds for a URL.
    public enum Lookup: Sendable {
        /// No copy: none was ever cached (or it was removed).
        case none
        case copy(Entry)
        /// A copy that is there but cannot be read: `problem` says why, as
        /// the end of "the cached copy PATH …" ("is not a regular file").
        case unusable(path: String, problem: String)
    }

    /// The cached copy of `url` (`entry`), or why the one there cannot be
    /// read: larger than `limit`, not a regular file (a pipe is not waited
    /// on), or a read that failed.
    public func lookup(for url: String, limit: Int = BankCache.largestCopy) -> Lookup {
        let path = file(for: url)
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT ? .none : .unusable(path: path, problem: "cannot be read: \(SystemReason.current)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return .unusable(path: path, problem: "is not a regular file") }
        guard info.st_size <= limit else {
            return .unusable(path: path, problem: "is larger than the \(ByteCount.text(limit)) quiz reads of one")
        }
        guard let entry = entry(for: url, limit: limit) else { return .unusable(path: path, problem: "cannot be read") }
        return .copy(entry)
    }

    /// The cached copy of `url`, or nil when there is none or it cannot be
    /// read: larger than `limit` or not a regular file (a pipe is not waited on).
    public func entry(for url: String, limit: Int = BankCache.largestCopy) -> Entry? {
        let path = file(for: url)
        var info = stat()
        guard stat(path, &info) == 0, let data = FileContents.bounded(path, limit: limit) else { return nil }
        let fetched = Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
        return Entry(path: path, bytes: [UInt8](data), fetched: fetched)
    }

    /// Writes `bytes` as the copy of `url` now, on this thread: the folder is
    /// created 0700 if missing, the file is 0600.
    public func store(_ bytes: [UInt8], for url: String) throws(BankCacheError) {
        let path = file(for: url)
        do {
            try PrivateFolder.make(folder)
        } catch {
            throw .cannotWrite(url: url, path: path, reason: error.reason)
        }
        // Hidden (`.NAME.tmp-PID`), as a player may look into the folder.
        let file = DurableFile(path, temporaryName: .hidden)
        do {
            try file.replace(with: bytes)
        } catch {
            let what =
                switch error.step {
                case .open: "cannot create \(error.file)"
                case .write: "cannot write"
                case .rename: "cannot rename"
                default: "cannot sync"
                }
            throw .cannotWrite(url: url, path: path, reason: "\(what): \(error.reason)")
        }
        // What processes killed mid-write left for this URL.
        file.removeAbandonedTemporaries()
    }

    /// Queues `store(_:for:)` on the background queue and returns at once.
    public func storeInBackground(_ bytes: [UInt8], for url: String) {
        queue.async(group: group) { [self] in
            do throws(BankCacheError) {
                try store(bytes, for: url)
            } catch {
                failures.withLock { $0.append(error) }
            }
        }
    }

    /// Waits for every queued write, keeping their failures for `finishWrites()`.
    /// For output that may be cut short (`quiz --list | head` dies of SIGPIPE
    /// at its first write after `head` exits, and a queued write dies with it).
    public func waitForWrites() {
        group.wait()
    }

    /// Waits for every queued write; returns those that failed, once each.
    public func finishWrites() -> [BankCacheError] {
        group.wait()
        return failures.withLock { failed in
            defer { failed.removeAll() }
            return failed
        }
    }
}

/// A cached copy that could not be written; the game goes on without it.
public enum BankCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotWrite(url: String, path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let url, let path, let reason): "cannot cache \(url) in \(path): \(reason)"
        }
    }
}
