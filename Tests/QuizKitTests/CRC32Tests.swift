import Testing

@testable import QuizCore
@testable import QuizFormats

/// `CRC32` eight bytes a step, against the byte-a-step definition (zlib's
/// polynomial, reflected, inverted before and after) on random buffers of
/// every length up to 70 at every alignment, and zlib's check value.
@Suite struct CRC32Tests {
    private static func byteAStep(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test func theCheckValueIsZlibs() {
        #expect(Array("123456789".utf8).withUnsafeBytes { CRC32.checksum($0) } == 0xCBF4_3926)
        #expect([UInt8]().withUnsafeBytes { CRC32.checksum($0) } == 0)
    }

    @Test func eightBytesAStepAgreesWithOneAStep() {
        var generator = SeededGenerator(seed: 32)
        for length in 0...70 {
            for alignment in 0..<8 {
                let bytes = (0..<(length + alignment)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let slice = Array(bytes[alignment...])
                let fast = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[alignment...])) }
                #expect(fast == Self.byteAStep(slice), "length \(length) at \(alignment)")
            }
        }
        let large = (0..<100_003).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(large.withUnsafeBytes { CRC32.checksum($0) } == Self.byteAStep(large))
    }
}
