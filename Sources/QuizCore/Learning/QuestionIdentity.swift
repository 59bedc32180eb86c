import Foundation

/// What names a question across games, banks edited and prompts renamed:
/// `BANK#ID` for a question with an author's `"id"`, else `BANK~FINGERPRINT`,
/// the FNV-1a 64-bit hash (16 hex digits) of its prompt normalised as
/// free-text answers are (`AnswerNormalizer`), so case, accents and spacing
/// changes keep it. A bank that only gains questions, or reorders them,
/// keeps every question's history. Recorded in each `QuestionResult`
/// (`question`); a result without one (recorded before) is matched by its
/// prompt: `fingerprinted(bank:prompt:)`.
public enum QuestionIdentity {
    /// The identity of `question` in the bank `bank`.
    public static func of(_ question: Question, bank: String) -> String {
        if let identity = question.identity { return identity }
        if let id = question.id, !id.isEmpty { return bank + "#" + id }
        return fingerprinted(bank: bank, question: question)
    }

    /// The identity a question of this prompt has in `bank` when it has no `"id"`.
    public static func fingerprinted(bank: String, prompt: String) -> String {
        bank + "~" + fingerprint(prompt)
    }

    /// The identity `question` has in `bank` when it has no `"id"`: its
    /// prompt's fingerprint, as its parsed copy kept it when it did.
    public static func fingerprinted(bank: String, question: Question) -> String {
        bank + "~" + hex(fingerprintValue(of: question))
    }

    /// `question`'s prompt's fingerprint, as its parsed copy kept it when it did.
    static func fingerprintValue(of question: Question) -> UInt64 {
        if let prompt = question.knownFingerprint.prompt, prompt == question.prompt {
            return question.knownFingerprint.value
        }
        return fingerprintValue(question.prompt)
    }

    /// The bank an identity is of: before its `#` (a quiz id has none), or
    /// before the `~` and 16 hex digits of a fingerprint; nil for another form.
    public static func bank(of identity: String) -> Substring? {
        if let part = fingerprintPart(of: identity) { return part.bank }
        guard let hash = identity.firstIndex(of: "#") else { return nil }
        return identity[..<hash]
    }

    /// The fingerprint `value` of a fingerprint identity (`BANK~` and 16
    /// lowercase hex digits), and the bank's part; nil for any other identity.
    static func fingerprintPart(of identity: String) -> (bank: Substring, value: UInt64)? {
        let utf8 = identity.utf8
        guard utf8.count > 17 else { return nil }
        let tilde = utf8.index(utf8.endIndex, offsetBy: -17)
        guard utf8[tilde] == UInt8(ascii: "~") else { return nil }
        var value: UInt64 = 0
        for byte in utf8[utf8.index(after: tilde)...] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return (Substring(identity[..<tilde]), value)
    }

    /// The normalised prompt's FNV-1a 64-bit hash as 16 lowercase hex digits.
    public static func fingerprint(_ prompt: String) -> String {
        hex(fingerprintValue(prompt))
    }

    /// The normalised prompt's FNV-1a 64-bit hash.
    package static func fingerprintValue(_ prompt: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in normalized(prompt).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `hash` as 16 lowercase hex digits (by bytes: `String(_:radix:)` and
    /// padding were most of making the bundled banks' identities).
    static func hex(_ hash: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            let digits: StaticString = "0123456789abcdef"
            for position in 0..<16 {
                buffer[position] = digits.utf8Start[Int((hash >> UInt64(60 - 4 * position)) & 0xF)]
            }
            return 16
        }
    }

    /// `AnswerNormalizer.normalize`, done by bytes for an ASCII prompt (most
    /// are: every bank's prompts are fingerprinted at each start), the same
    /// result (`QuestionIdentityTests` compares them); else that function.
    static func normalized(_ prompt: String) -> String {
        let utf8 = prompt.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return AnswerNormalizer.normalize(prompt) }
        // ASCII white space as Unicode has it: tab, line feed, vertical tab, form feed, carriage return, space.
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        // One pass, no array of words: the words lowercased with one space
        // between them, then the last word's trailing . ! ? dropped (and the
        // space before it when nothing is left of it).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var spaceBefore = false
        for byte in utf8 {
            if isSpace(byte) {
                spaceBefore = !bytes.isEmpty
                continue
            }
            if spaceBefore {
                bytes.append(0x20)
                spaceBefore = false
            }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        while let end = bytes.last, end == UInt8(ascii: ".") || end == UInt8(ascii: "!") || end == UInt8(ascii: "?") {
            bytes.removeLast()
        }
        if bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
