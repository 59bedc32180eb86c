import Foundation

/// `quiz --history --format csv`, a row at a time (RFC 4180: CRLF line ends,
/// fields with `,` `"` or line breaks quoted, `"` doubled), for
/// `StreamedHistoryReport`. Built as bytes, not by appending to a `String`
/// piece by piece (CONTRIBUTING.md, "Measured choices in the code").
package struct HistoryCSV {
    package static let header = Array("date,quiz,title,score,total,percent,duration_seconds,seed\r\n".utf8)

    private var dates: InternetDateFormat
    /// Fields already quoted as they need, for the few quiz ids and titles
    /// a history repeats (up to 4,096 of them).
    private var fields: [String: [UInt8]] = [:]

    package init(timeZone: TimeZone) {
        dates = InternetDateFormat(timeZone: timeZone)
    }

    /// One game's row, with its CRLF.
    package mutating func row(_ session: Session, title: String?, into out: inout [UInt8]) {
        func number(_ value: Int) {
            if value >= 0 && value < 10 {
                out.append(UInt8(48 + value))
            } else {
                out += String(value).utf8
            }
        }
        func field(_ text: String) {
            if let known = fields[text] {
                out += known
                return
            }
            let bytes = Array(HistoryReport.csvField(text).utf8)
            if fields.count < 4096 { fields[text] = bytes }
            out += bytes
        }
        dates.append(session.date, to: &out)
        out.append(44)
        field(session.quiz ?? "")
        out.append(44)
        field(title ?? "")
        out.append(44)
        number(session.score)
        out.append(44)
        if let total = session.total { number(total) }
        out.append(44)
        if let percent = session.fraction.flatMap(Percent.of) { number(percent) }
        out.append(44)
        if let duration = session.duration { out += HistoryReport.tenths(duration).utf8 }
        out.append(44)
        if let seed = session.seed { out += String(seed).utf8 }
        out += [13, 10]
    }
}
