/// English words, for telling a spelling slip from a different word: a typed
/// word that is itself a real word (`hungry`, `iconic`, `america`) is what
/// the player meant, not a slip of `Hungary`, `Ionic` or `Africa`.
///
/// The lists (`RealWordList.swift`, made by `scripts/make-real-words.py` from
/// Debian's SCOWL) hold the words every English spelling shares, and apart
/// from them the names (places, peoples, famous people), folded as answers are (lower case, accents off), 4
/// letters or more; not the regional spellings (`color`, `colour`), variants
/// (`orangutang`) or people's first names (`Hershel`), which are slips of
/// their neighbours. They are searched where they lie in the binary: nothing is
/// read or built until a slip is judged.
enum RealWords {
    /// Whether `word` (folded: lower-case ASCII letters) is a word or a name.
    static func contains(_ word: some StringProtocol) -> Bool {
        search(word, in: common) || search(word, in: names)
    }

    /// Whether `word` is a name only (a place, a people, a language, a
    /// famous name: `america`, `dominican`, `stephenson`), not also a common
    /// word written in small letters (`porter`, `rover`).
    static func isName(_ word: some StringProtocol) -> Bool {
        search(word, in: names) && !search(word, in: common)
    }

    private static func search(_ word: some StringProtocol, in list: StaticString) -> Bool {
        let key = Array(word.utf8)
        guard key.count >= 4 else { return false }
        return list.withUTF8Buffer { buffer in
            // Binary search over the lines: a probe backs up to the start of
            // the line it falls in.
            var low = 0
            var high = buffer.count
            while low < high {
                var start = (low + high) / 2
                while start > low, buffer[start - 1] != 0x0A { start -= 1 }
                var end = start
                while end < buffer.count, buffer[end] != 0x0A { end += 1 }
                switch compare(key, buffer[start..<end]) {
                case 0: return true
                case ..<0: high = start
                default: low = end + 1
                }
            }
            return false
        }
    }

    /// Byte order, as the list is sorted: negative when `a` comes first.
    private static func compare(_ a: [UInt8], _ b: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var index = b.startIndex
        for byte in a {
            guard index < b.endIndex else { return 1 }
            if byte != b[index] { return Int(byte) - Int(b[index]) }
            index += 1
        }
        return index == b.endIndex ? 0 : -1
    }
}
