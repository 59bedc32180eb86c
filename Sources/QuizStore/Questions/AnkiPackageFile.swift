import QuizCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reads an Anki package (`.apkg`, `.colpkg`) into an `AnkiCollection`: the
/// zip mapped, never read whole (`ZipDirectory`); its newest collection
/// member (`AnkiCollection.collectionMembers`) written, inflated, to a
/// private temporary file (`PackageMember`, bounded by
/// `AnkiCollection.maximumCollectionBytes`) that is removed once read; that
/// file opened with SQLite read-only (`SQLiteReader`) and its note types,
/// decks, notes, cards and review log read. No member is written anywhere
/// else, by its name or otherwise.
public enum AnkiPackageFile {
    public enum Failure: Error, Sendable {
        /// Not there, unreadable, or not a package quiz reads.
        case bank(BankError)
        /// The temporary file could not be written: the system's words.
        case io(String)
    }

    /// Whether `path` is named as a package.
    public static func isNamedPackage(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return false }
        return CardImport.packageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Whether the file at `path` begins as a zip does.
    public static func startsAsZip(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: 4)
        guard Glibc.read(fd, &head, 4) == 4 else { return false }
        return ZipDirectory.isZip(head)
    }

    /// The collection in the package at `path`.
    public static func read(_ path: String) throws(Failure) -> AnkiCollection {
        func invalid(_ message: String) -> Failure {
            .bank(.invalid([BankProblem(path: path, place: .file, message: message)]))
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw .bank(errno == ENOENT ? .notFound(path: path) : .unreadable(path: path, reason: reason(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .bank(.unreadable(path: path, reason: reason(errno))) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw .bank(.unreadable(path: path, reason: "a folder, not an Anki package"))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .bank(.unreadable(path: path, reason: "not a regular file"))
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw invalid("the file is empty, not an Anki package") }
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != UnsafeMutableRawPointer(bitPattern: -1)
        else { throw .bank(.unreadable(path: path, reason: reason(errno))) }
        defer { munmap(base, size) }
        let file = UnsafeRawBufferPointer(start: base, count: size)
        let directory: ZipDirectory
        do {
            directory = try ZipDirectory(file)
        } catch {
            throw invalid(error.message)
        }
        // The meta member is stored, a few bytes (ZipDirectory checked they are in the file).
        if let meta = directory.member("meta"), meta.method == 0, meta.compressedSize < 1024 {
            let version = AnkiCollection.packageVersion(
                meta: UnsafeRawBufferPointer(
                    rebasing: file[meta.dataOffset..<(meta.dataOffset + Int(meta.compressedSize))]))
            if version > AnkiCollection.newestPackageVersion {
                throw invalid(
                    "a package of version \(version), newer than quiz reads (up to "
                        + "\(AnkiCollection.newestPackageVersion)); export it again with \"Support older Anki versions\" ticked"
                )
            }
        }
        guard let member = AnkiCollection.collectionMembers.lazy.compactMap({ directory.member($0) }).first else {
            throw invalid("no Anki collection in it (no collection.anki21b, collection.anki21 or collection.anki2)")
        }
        let temporary = try temporaryFile()
        defer { unlink(temporary.path) }
        do {
            defer { close(temporary.fd) }
            try PackageMember(
                member: member, file: file, zstd: member.name.hasSuffix(".anki21b"),
                limit: AnkiCollection.maximumCollectionBytes
            ).write(to: temporary.fd)
        } catch {
            switch error {
            case .data(let message): throw invalid(message)
            case .io(let message): throw .io("cannot unpack \(path) into \(temporary.path): \(message)")
            }
        }
        do {
            return try collection(SQLiteReader(path: temporary.path))
        } catch {
            switch error {
            case .sqlite(let message):
                throw invalid("its \(member.name) is not a collection Anki wrote, or is damaged (SQLite: \(message))")
            case .collection(let message): throw invalid(message)
            }
        }
    }

    private enum ReadProblem: Error {
        case sqlite(String)
        case collection(String)
    }

    /// The rows quiz reads of the collection open in `reader`.
    private static func collection(_ opened: @autoclosure () throws(SQLiteReader.Failure) -> SQLiteReader)
        throws(ReadProblem) -> AnkiCollection
    {
        do {
            let reader = try opened()
            var collection = AnkiCollection()
            var version = 0
            try reader.rows("SELECT ver FROM col") { row in version = Int(truncatingIfNeeded: row.int(0)) }
            if let problem = AnkiCollection.schemaProblem(version) { throw ReadProblem.collection(problem) }
            func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
            if try reader.hasTable("notetypes") {
                try reader.rows("SELECT id, name, config FROM notetypes") { row in
                    collection.notetypes[row.int(0)] = AnkiCollection.notetype(
                        name: text(row.bytes(1)), config: row.bytes(2))
                }
                try reader.rows("SELECT ntid, name FROM fields ORDER BY ntid, ord") { row in
                    collection.notetypes[row.int(0)]?.fields.append(text(row.bytes(1)))
                }
                try reader.rows("SELECT ntid, ord, name, config FROM templates") { row in
                    let ord = Int(truncatingIfNeeded: row.int(1))
                    collection.notetypes[row.int(0)]?.templates[ord] = AnkiCollection.template(config: row.bytes(3))
                    collection.notetypes[row.int(0)]?.templateNames[ord] = text(row.bytes(2))
                }
                try reader.rows("SELECT id, name FROM decks") { row in
                    collection.decks[row.int(0)] = AnkiCollection.deckName(text(row.bytes(1)))
                }
            } else {
                try reader.rows("SELECT models, decks FROM col") { row in
                    collection.notetypes = AnkiCollection.legacyNotetypes(row.bytes(0))
                    collection.decks = AnkiCollection.legacyDecks(row.bytes(1))
                }
            }
            // Counted before a row is held: a package of millions of cards is refused here.
            for table in ["notes", "cards"] {
                var count: Int64 = 0
                try reader.rows("SELECT count(*) FROM \(table)") { row in count = row.int(0) }
                if count > ImportLimits.cards { throw ReadProblem.collection(ImportLimits.tooManyCards) }
            }
            var bad: Int64?
            try reader.rows("SELECT id, guid, mid, flds, tags FROM notes ORDER BY id") { row in
                // Fields are split at their separator's byte (U+001F, a control
                // character, so always a boundary between characters) and each
                // checked as UTF-8: splitting the text by `Character` was a
                // tenth of an import (callgrind).
                var fields: [String] = []
                for piece in row.bytes(3).split(separator: 0x1F, omittingEmptySubsequences: false) {
                    guard let field = String(validating: piece, as: UTF8.self) else {
                        if bad == nil { bad = row.int(0) }
                        return
                    }
                    fields.append(field)
                }
                // Tags are apart by spaces (Anki allows none in a tag).
                let tags = row.bytes(4).split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
                collection.notes.append(
                    AnkiCollection.Note(
                        id: row.int(0), guid: text(row.bytes(1)), notetype: row.int(2), fields: fields, tags: tags))
            }
            if let bad { throw ReadProblem.collection("note \(bad) holds text that is not UTF-8") }
            try reader.rows("SELECT id, nid, did, odid, ord FROM cards ORDER BY nid, ord") { row in
                let original = row.int(3)
                collection.cards.append(
                    AnkiCollection.Card(
                        id: row.int(0), note: row.int(1), deck: original != 0 ? original : row.int(2),
                        ord: Int(truncatingIfNeeded: row.int(4))))
            }
            try reader.rows("SELECT id, cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id") { row in
                collection.revlog.append(
                    AnkiRevlogEntry(
                        id: row.int(0), cardID: row.int(1), ease: Int(truncatingIfNeeded: row.int(2)),
                        interval: row.int(3), lastInterval: row.int(4), factor: row.int(5), milliseconds: row.int(6),
                        kind: Int(truncatingIfNeeded: row.int(7))))
            }
            return collection
        } catch let failure as SQLiteReader.Failure {
            throw .sqlite(failure.message)
        } catch let problem as ReadProblem {
            throw problem
        } catch {
            throw .sqlite("\(error)")
        }
    }

    private static func reason(_ code: Int32) -> String {
        "cannot read it: " + String(cString: strerror(code))
    }

    /// A new file only this user can read, in `$TMPDIR` (else /tmp).
    private static func temporaryFile() throws(Failure) -> (fd: Int32, path: String) {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/quiz-anki-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fd >= 0 else {
            throw .io("cannot make a temporary file in \(folder): " + String(cString: strerror(errno)))
        }
        return (fd, path)
    }
}
