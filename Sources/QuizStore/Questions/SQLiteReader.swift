import CSQLite

/// A SQLite file opened read-only (Debian's libsqlite3, linked statically:
/// CONTRIBUTING.md, "Dependencies"), for the rows of an Anki collection.
/// A damaged file (a bad page, not a database) is a `Failure` with
/// SQLite's words, never a crash.
final class SQLiteReader {
    struct Failure: Error {
        var message: String
    }

    private var database: OpaquePointer?

    /// Opens `path` read-only and immutable: nothing is written beside it
    /// (no journal, no lock), and it is never changed.
    init(path: String) throws(Failure) {
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%", "?", "#": escaped += "%" + String(character.value, radix: 16, uppercase: true)
            default: escaped.unicodeScalars.append(character)
            }
        }
        let status = sqlite3_open_v2(
            "file:\(escaped)?immutable=1", &database, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        guard status == SQLITE_OK else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open it"
            sqlite3_close(database)
            database = nil
            throw Failure(message: message)
        }
    }

    deinit { sqlite3_close(database) }

    /// Whether the table `name` exists.
    func hasTable(_ name: String) throws(Failure) -> Bool {
        var found = false
        try rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '\(name)'") { _ in found = true }
        return found
    }

    /// Runs `sql`, calling `row` for each row it gives.
    func rows(_ sql: String, _ row: (Row) throws(Failure) -> Void) throws(Failure) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(message: String(cString: sqlite3_errmsg(database)))
        }
        defer { sqlite3_finalize(statement) }
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw Failure(message: String(cString: sqlite3_errmsg(database))) }
            try row(Row(statement: statement))
        }
    }

    /// The current row of a statement.
    struct Row {
        let statement: OpaquePointer

        func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

        /// A text or blob column's bytes, as stored (not checked as UTF-8).
        func bytes(_ column: Int32) -> [UInt8] {
            guard let start = sqlite3_column_blob(statement, column) else { return [] }
            let count = Int(sqlite3_column_bytes(statement, column))
            return Array(UnsafeRawBufferPointer(start: start, count: count))
        }
    }
}
