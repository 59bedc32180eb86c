/// Text with some bytes written `%XX` (two uppercase hex digits), so it
/// fits where those bytes may not stand: a question id made of an Anki
/// guid (`AnkiPackageImport.questionID`), a field of a derived file's first
/// line (`DerivedFile.escape`). Each caller says which bytes.
package enum PercentEscape {
    package static func bytes(_ text: String, escaping: (UInt8) -> Bool) -> [UInt8] {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if escaping(byte) {
                out += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            } else {
                out.append(byte)
            }
        }
        return out
    }
}
