/// Records of delimited text, as RFC 4180 and the Rust `csv` crate Anki
/// writes and reads with: fields apart by one delimiter byte, records apart
/// by LF or CRLF; a field that starts with `"` is quoted, may hold the
/// delimiter and line breaks, and writes `"` as `""`; a `"` inside an
/// unquoted field is kept as written. With a comment byte, a record that
/// starts with it is skipped (Anki's header lines). Each field is held to
/// `ImportLimits.fieldBytes`, each record to `ImportLimits.fields` and the
/// records to `ImportLimits.cards`, so a hostile file costs no more than its bytes.
struct DelimitedRecords {
    struct Record {
        /// The line it starts on, 1-based.
        var line: Int
        var fields: [String]
    }

    let delimiter: UInt8
    var comment: UInt8?
    /// The most records holding a field that is not empty (each is a card
    /// or more): past it the file is refused before the rest is read.
    var most = ImportLimits.cards

    func records(_ bytes: ArraySlice<UInt8>, firstLine: Int = 1) throws(ImportProblem) -> [Record] {
        var records: [Record] = []
        var i = bytes.startIndex
        let end = bytes.endIndex
        var line = firstLine
        var filled = 0
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        while i < end {
            let recordLine = line
            if let comment, bytes[i] == comment {
                while i < end && bytes[i] != lf { i += 1 }
                i += 1
                line += 1
                continue
            }
            var fields: [String] = []
            var field: [UInt8] = []
            var atRecordEnd = false
            while !atRecordEnd {
                field.removeAll(keepingCapacity: true)
                if i < end, bytes[i] == quote {
                    let opened = line
                    i += 1
                    var closed = false
                    while i < end {
                        let byte = bytes[i]
                        if byte == quote {
                            if i + 1 < end, bytes[i + 1] == quote {
                                field.append(quote)
                                i += 2
                                continue
                            }
                            i += 1
                            closed = true
                            break
                        }
                        if byte == lf { line += 1 }
                        field.append(byte)
                        i += 1
                        if field.count > ImportLimits.fieldBytes { throw Self.tooLong(line: opened) }
                    }
                    if !closed {
                        throw ImportProblem(line: opened, "a quoted field opened here is never closed")
                    }
                }
                // Unquoted, or what follows a closing quote (kept, as the csv crate keeps it).
                while i < end {
                    let byte = bytes[i]
                    if byte == delimiter || byte == lf { break }
                    if byte == cr, i + 1 < end, bytes[i + 1] == lf { break }
                    field.append(byte)
                    i += 1
                    if field.count > ImportLimits.fieldBytes { throw Self.tooLong(line: line) }
                }
                fields.append(String(decoding: field, as: UTF8.self))
                if fields.count > ImportLimits.fields {
                    throw ImportProblem(
                        line: recordLine, "more than \(ImportLimits.fields) fields, the most a card may have")
                }
                if i < end, bytes[i] == delimiter {
                    i += 1
                    // A delimiter at the very end still ends a field, an empty one.
                    if i == end { fields.append("") }
                } else {
                    if i < end, bytes[i] == cr { i += 1 }
                    if i < end { i += 1 }  // the line feed
                    line += 1
                    atRecordEnd = true
                }
                if i == end { atRecordEnd = true }
            }
            if fields.contains(where: { !$0.isEmpty }) {
                filled += 1
                if filled > most { throw ImportProblem(line: recordLine, ImportLimits.tooManyCards) }
            }
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }

    static func tooLong(line: Int) -> ImportProblem {
        ImportProblem(
            line: line,
            "a field longer than \(ImportLimits.size(ImportLimits.fieldBytes)), the most a card's side may hold")
    }
}
