import Foundation
import QuizCore
internal import QuizFormats

#if canImport(Glibc)
    import Glibc
#endif

/// Games that could not be written to a data folder's history (a full disk,
/// a read-only folder), each kept in a pending file until the next game that
/// can write the history adds them.
///
/// A pending file is a journal (`HistoryJournal`) of its own: the data
/// folder's `history.pending` first, else, outside the data folder (the
/// state folder, the temporary folder, which other data folders share),
/// `quiz-pending-UID-TAG.journal`, TAG the CRC-32 of the data folder's
/// absolute path (`AbsolutePath`), so a game waits for, and is added to, only
/// the history it was meant for. Files of the older name
/// (`quiz-pending-UID.journal`, no tag) say no folder: only the player's
/// default data folder (`adoptsUntagged`) reads and adds them, the history
/// they were most likely meant for, rather than leave them unread.
///
/// A pending game is compared by `GameIdentity` with every game of the
/// history before it is shown or added, so a kill between adding it and
/// removing its file, or a file that cannot be removed, never counts it twice.
struct PendingGames: Sendable {
    /// The data folder.
    let folder: String
    /// Other folders for a pending file, tried after the data folder.
    let sharedFolders: [String]
    let adoptsUntagged: Bool

    /// The games of one pending file.
    struct File {
        var path: String
        var sessions: [Session]
        /// Part of the file could not be read (a damaged record, a cut): a
        /// reader sets it aside and writes its readable games again
        /// (`HistoryStore.repairPending`); until then it is never removed.
        var damaged = false
        /// Its size when it was read: grown since (a game kept meanwhile),
        /// it is not removed (`remove`).
        var size = -1

        /// The same file with only the games `include` takes.
        func keeping(where include: (Session) -> Bool) -> File {
            var file = self
            file.sessions = sessions.filter(include)
            return file
        }
    }

    /// Every place a pending file of this data folder may be, the data
    /// folder's own first.
    var paths: [String] {
        let shared = sharedFolders.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        let tag = tag
        let older = olderTag.flatMap { $0 == tag ? nil : $0 }
        return [folder + "/history.pending"] + shared.map { $0 + "/quiz-pending-\(getuid())-\(tag).journal" }
            + (adoptsUntagged ? shared.map { $0 + "/quiz-pending-\(getuid()).journal" } : [])
            + (older.map { older in shared.map { $0 + "/quiz-pending-\(getuid())-\(older).journal" } } ?? [])
    }

    /// The checksum of the data folder's absolute, standardised path.
    var tag: String { Self.tag(of: AbsolutePath.resolving(folder)) }

    /// For a data folder that is a link: the tag an older quiz gave it while
    /// the link pointed nowhere (a drive not mounted), its own path, before
    /// `AbsolutePath` followed such a link; a game kept then is found and
    /// added once the link points somewhere. Nil for a folder that is not a link.
    var olderTag: String? {
        let absolute = AbsolutePath.lexical(folder)
        var info = stat()
        guard lstat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        let parent = (absolute as NSString).deletingLastPathComponent
        return Self.tag(of: AbsolutePath.resolving(parent) + "/" + (absolute as NSString).lastPathComponent)
    }

    private static func tag(of path: String) -> String {
        String(path.utf8CString.withUnsafeBytes { CRC32.checksum($0) }, radix: 16)
    }

    /// The games waiting, by file (files with none left out). A file cut
    /// short (mid-record, or inside its header) is damaged, as one with a
    /// damaged record is: a game was kept there and cannot all be read.
    /// Only an empty file (one that could not be removed) holds nothing.
    func files() -> [File] {
        paths.compactMap { path in
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
            guard let journal = Self.parsed(path) else {
                return File(path: path, sessions: [], damaged: true, size: Int(info.st_size))
            }
            let damaged = journal.isDamaged || journal.tail == .torn
            guard !journal.entries.isEmpty || damaged else { return nil }
            return File(
                path: path, sessions: journal.entries.map(\.session), damaged: damaged, size: Int(info.st_size))
        }
    }

    /// `files` without the games the history holds already.
    static func unknown(_ files: [File], known: Set<GameIdentity>) -> [File] {
        files.map { $0.keeping { !known.contains(GameIdentity($0)) } }
    }

    /// The games of `files` to add to a history holding `known`: each once,
    /// none it holds already; `known` gains them.
    static func newGames(in files: [File], known: inout Set<GameIdentity>) -> [Session] {
        files.flatMap(\.sessions).filter { known.insert(GameIdentity($0)).inserted }
    }

    /// What is said of the games still waiting.
    static func notices(_ files: [File]) -> [Diagnostic] {
        files.filter { !$0.sessions.isEmpty }.map { file in
            let one = file.sessions.count == 1
            return Diagnostic.notice(
                "\(file.sessions.count) game\(one ? "" : "s") in \(file.path) "
                    + "could not be written to the history yet; the next game will add \(one ? "it" : "them")",
                file: file.path)
        }
    }

    /// What is said of the games just added to the history; none when none were.
    static func addedNotice(_ count: Int) -> [Diagnostic] {
        count == 0 ? [] : [.notice("added \(count) game\(count == 1 ? "" : "s") that could not be written before")]
    }

    /// Removes pending files whose games are in the history now; one that
    /// cannot be removed (a read-only folder) is emptied. Left as it is (an
    /// immutable file), its games are still never added nor shown again.
    /// A damaged one is left for a reader to set aside and say
    /// (`HistoryStore.repairPending`): what could not be read of it stays for
    /// a person to look at. Each is locked first (`keep` appends under the
    /// same lock), and one that has grown since it was read is left: the game
    /// kept meanwhile is added next time (the ones added now are known by
    /// then, never added twice).
    func remove(_ files: [File]) {
        for file in files where !file.damaged {
            let fd = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { continue }  // gone already
            defer { close(fd) }
            var info = stat()
            guard flock(fd, LOCK_EX) == 0, fstat(fd, &info) == 0, Int(info.st_size) == file.size else { continue }
            guard unlink(file.path) != 0, errno != ENOENT else { continue }
            let emptied = open(file.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            if emptied >= 0 {
                fsync(emptied)
                close(emptied)
            }
        }
    }

    /// The pending file at `path` parsed; nil when there is none, it cannot
    /// be read (a folder or a pipe there is not opened to wait) or it is not
    /// a journal. Read without its holes (`FileContents.skippingHoles`), so a
    /// sparse one costs its data, not its size.
    static func parsed(_ path: String) -> HistoryJournal.Contents? {
        guard let read = try? FileContents.skippingHoles(path) else { return nil }
        return HistoryJournal.parse(read.data, holes: read.holes)
    }

    /// Keeps a game that could not be recorded in the first pending file that
    /// can be written (after the games it holds already); returns its path.
    func keep(_ session: Session) -> String? {
        for path in paths {
            guard (try? PrivateFolder.make((path as NSString).deletingLastPathComponent)) != nil else { continue }
            if Self.append(session, to: path) { return path }
        }
        return nil
    }

    /// Appends the game's record (synced) under an exclusive `flock` of the
    /// file, so that games kept at the same moment by several processes all
    /// stay (rewriting the file whole lost all but one of them). A file
    /// removed meanwhile (its games added to the history) is opened anew; one
    /// that is not a journal is set aside (`<path>.damaged-<time>`) first.
    static func append(_ session: Session, to path: String) -> Bool {
        for _ in 0..<8 {
            guard let file = try? DurableFile(path).openForAppending(create: true) else { return false }
            defer { file.close() }
            var opened = stat()
            var named = stat()
            guard flock(file.fd, LOCK_EX) == 0, fstat(file.fd, &opened) == 0 else { return false }
            guard stat(path, &named) == 0, named.st_ino == opened.st_ino, named.st_dev == opened.st_dev else {
                continue
            }
            var bytes: [UInt8] = []
            var sequence: UInt64 = 1
            if opened.st_size == 0 {
                bytes = HistoryJournal.header(base: 0)
            } else if let journal = parsed(path) {
                sequence = journal.lastSequence + 1
            } else {
                _ = DurableFile(path).moveAside()
                continue
            }
            bytes += HistoryJournal.record(session, sequence: sequence)
            guard (try? file.append(bytes)) != nil else {
                // Cut back already; one made for this game is not left empty (a full disk).
                if opened.st_size == 0 { unlink(path) }
                return false
            }
            return true
        }
        return false
    }
}
