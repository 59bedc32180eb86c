import Foundation

// libFuzzer target for the terminal sanitiser, `TerminalText.safe(_:lineBreaks:)`,
// with `TerminalText.ascii`, `TextWrap.lines` and `DisplayWidth.truncate`, which
// lay out what it returns. Built by `make fuzz` with every QuizCore source as one
// module. Any broken invariant traps, and libFuzzer saves the input.

/// Inputs checked so far; reported at exit, so that a target that never
/// reaches the sanitiser cannot pass for fuzzing.
nonisolated(unsafe) private var checkedCount = 0
nonisolated(unsafe) private var changedCount = 0

enum Target: FuzzTarget {
    static func report() -> String {
        "sanitizer-fuzzer: \(checkedCount) inputs checked, \(changedCount) changed by safe"
    }
}

private func check(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { fatalError("sanitizer invariant broken: \(what())") }
}

/// Whether the UTF-8 of `text` holds a control a terminal acts on: a C0 byte
/// (other than LF when `lineBreaks`), DEL, a C1 control (C2 80…C2 9F), U+2028,
/// U+2029 or a bidi embedding, override or isolate.
private func holdsControl(_ text: String, lineBreaks: Bool) -> Bool {
    let bytes = Array(text.utf8)
    for (index, byte) in bytes.enumerated() {
        if byte < 0x20 && !(lineBreaks && byte == 0x0A) { return true }
        if byte == 0x7F { return true }
        if byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]) { return true }
    }
    return text.unicodeScalars.contains { (0x2028...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
}

/// Whether `kept` appears in `text` in order (the characters safe must not lose).
private func isSubsequence(_ kept: [Unicode.Scalar], of text: String) -> Bool {
    var iterator = text.unicodeScalars.makeIterator()
    outer: for scalar in kept {
        while let next = iterator.next() { if next == scalar { continue outer } }
        return false
    }
    return true
}

/// The input as UTF-8 (invalid bytes become U+FFFD, as when a bank is read);
/// its first byte also picks the wrapping width, 1 to 100 columns.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)
    checkedCount += 1

    let oneLine = TerminalText.safe(text)
    let lines = TerminalText.safe(text, lineBreaks: true)
    if oneLine != text { changedCount += 1 }
    for (output, lineBreaks) in [(oneLine, false), (lines, true)] {
        check(!holdsControl(output, lineBreaks: lineBreaks), "a control char remains (lineBreaks \(lineBreaks))")
        check(!output.unicodeScalars.contains { TerminalText.needsChange($0) && $0 != "\n" }, "needsChange remains")
        check(TerminalText.safe(output, lineBreaks: lineBreaks) == output, "not idempotent (lineBreaks \(lineBreaks))")
        check(String(decoding: Array(output.utf8), as: UTF8.self) == output, "not valid UTF-8")
        check(TerminalText.controlCharacters(in: output, lineBreaks: true).isEmpty, "controlCharacters finds some")
    }
    check(!oneLine.contains("\n"), "a line break on one line")
    // Nothing else is lost or reordered, and text without controls is unchanged.
    let kept = text.unicodeScalars.filter { !TerminalText.needsChange($0) }
    check(isSubsequence(Array(kept), of: oneLine), "a character was lost")
    if kept.count == text.unicodeScalars.count { check(oneLine == text && lines == text, "clean text changed") }
    // --validate warns exactly when safe changes more than tabs.
    let detabbed = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\t" ? " " : $0 }))
    check(TerminalText.controlCharacters(in: text).isEmpty == (oneLine == detabbed), "warnings disagree with safe")

    let ascii = TerminalText.ascii(oneLine)
    check(ascii.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "ascii is not printable ASCII")
    check(TerminalText.ascii(ascii) == ascii, "ascii not idempotent")

    // Wrapping: within the width (a first indent of 5 and one wide character
    // aside), every non-space character kept in order.
    let width = size > 0 ? 1 + Int(bytes[0]) % 100 : 40
    let wrapped = TextWrap.lines(lines, width: width, first: "  1) ")
    for (index, line) in wrapped.enumerated() {
        let limit = index == 0 ? max(width, 5 + 2) : max(width, 2)
        check(DisplayWidth.of(line) <= limit, "a wrapped line is \(DisplayWidth.of(line)) wide for \(width)")
        check(!line.contains("\n"), "a wrapped line holds a line break")
    }
    // Wrapping only takes spaces and line breaks away, and adds the indents.
    let before = ("1)" + lines).unicodeScalars.filter { $0 != " " && $0 != "\n" }
    let after = wrapped.joined().unicodeScalars.filter { $0 != " " }
    check(before.elementsEqual(after), "wrapping lost or moved text")
    check(
        TextWrap.lines(lines, width: nil).count == lines.split(separator: "\n", omittingEmptySubsequences: false).count,
        "unwrapped text is split only at its line breaks")

    let cut = DisplayWidth.truncate(oneLine, to: width)
    check(DisplayWidth.of(cut) <= width || cut.count == 1, "truncate overflows")
    return 0
}
