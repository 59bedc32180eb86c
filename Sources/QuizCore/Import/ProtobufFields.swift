/// The few protobuf fields quiz reads of an Anki package (its `meta`
/// member's version, a note type's kind, a template's question and answer
/// formats): the top-level fields of a message, by number, without a schema.
/// A malformed message gives what was read before the damage.
struct ProtobufFields {
    /// Each field's last varint value, by number.
    var varints: [UInt64: UInt64] = [:]
    /// Each field's last length-delimited bytes (strings, messages), by number.
    var bytes: [UInt64: [UInt8]] = [:]

    init(_ message: some Collection<UInt8>) {
        let data = Array(message)
        var at = 0
        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while at < data.count, shift < 64 {
                let byte = data[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        while at < data.count, let key = varint() {
            let number = key >> 3
            switch key & 7 {
            case 0:
                guard let value = varint() else { return }
                varints[number] = value
            case 1:
                at += 8
            case 2:
                guard let length = varint(), length <= UInt64(data.count - at) else { return }
                bytes[number] = Array(data[at..<(at + Int(length))])
                at += Int(length)
            case 5:
                at += 4
            default:
                return
            }
        }
    }

    /// Field `number` as UTF-8 text.
    func string(_ number: UInt64) -> String? {
        bytes[number].map { String(decoding: $0, as: UTF8.self) }
    }
}
