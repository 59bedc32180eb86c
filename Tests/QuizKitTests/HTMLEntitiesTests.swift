import Foundation
import Testing

@testable import QuizCore

@Suite("HTMLEntities")
struct HTMLEntitiesTests {
    @Test(arguments: [
        ("&quot;quoted&quot;", "\"quoted\""),
        ("It&#039;s", "It's"),
        ("Fish &amp; Chips", "Fish & Chips"),
        ("&lt;b&gt;", "<b>"),
        ("caf&eacute;", "café"),
        ("soft&shy;hyphen", "soft\u{AD}hyphen"),
        ("mark&lrm;here", "mark\u{200E}here"),
        ("&pi; r&sup2;", "π r²"),
        ("20&deg;C", "20°C"),
        ("&Uuml;ber &ntilde; &szlig;", "Über ñ ß"),
        ("&hellip;&mdash;&rsquo;&ldquo;&rdquo;", "…—’“”"),
        ("&AMP;&COPY;", "&©"),
        ("&NotEqualTilde;", "\u{2242}\u{338}"),
    ])
    func namedEntities(text: String, decoded: String) {
        #expect(HTMLEntities.decode(text) == decoded)
    }

    @Test(arguments: [
        ("&#x2014;", "—"),
        ("&#X2014;", "—"),
        ("&#8212;", "—"),
        ("&#39;&#039;&#0039;", "'''"),
        ("&#x1F600;", "😀"),
        ("&#x4e2d;&#25991;", "中文"),
        // 128 to 159 as Windows-1252, as browsers read them (text pasted from Word).
        ("don&#146;t", "don’t"), ("&#128;5", "€5"), ("&#x96;&#151;&#x9F;", "–—Ÿ"), ("&#129;&#x9d;", "\u{81}\u{9D}"),
    ])
    func numericReferences(text: String, decoded: String) {
        #expect(HTMLEntities.decode(text) == decoded)
    }

    @Test(arguments: [
        ("&#0;", "\u{FFFD}"),
        ("&#xD800;", "\u{FFFD}"),
        ("&#x110000;", "\u{FFFD}"),
    ])
    func impossibleCodePointsBecomeTheReplacementCharacter(text: String, decoded: String) {
        #expect(HTMLEntities.decode(text) == decoded)
    }

    @Test(arguments: [
        "&bogus;", "AT&T", "a & b", "&", "&#;", "&#x;", "&#xZZ;", "&;", "&a", "&pix",
        "no entities at all",
    ])
    func unknownOrIncompleteReferencesAreLeftAsWritten(text: String) {
        #expect(HTMLEntities.decode(text) == text)
    }

    /// As a browser reads text: a legacy name needs no semicolon, the
    /// longest such name a run of letters starts with is read, and a numeric
    /// reference ends at its last digit.
    @Test(arguments: [
        ("trailing &amp", "trailing &"), ("&copy2020", "©2020"), ("&notit;", "¬it;"), ("&notin;", "∉"),
        ("&#39", "'"), ("&#x41x", "Ax"), ("&ampx", "&x"), ("&#000000065;", "A"), ("&#99999999999;", "\u{FFFD}"),
        ("&eacuteclair", "éclair"), ("&pi r", "&pi r"),
    ])
    func legacyNamesAndNumbersNeedNoSemicolon(text: String, decoded: String) {
        #expect(HTMLEntities.decode(text) == decoded)
    }

    /// Python's `html.unescape` reads references as the WHATWG standard
    /// does; on random text of references, whole and cut short, the two
    /// agree (numeric references to control characters aside, which
    /// Python leaves out and a browser keeps).
    @Test(
        .enabled(if: FSRSOracle.python != nil, "python3 is not installed: HTMLEntities NOT compared with html.unescape")
    )
    func decodingAgreesWithPythonsUnescape() throws {
        let pieces = [
            "&", "amp", ";", "lt", "copy", "nbsp", "not", "notin", "para", "parallel", "AElig", "eacute", "#", "x", "X",
            "39", "0", "65", "128", "146", "x41", "xD800", "1114112", "zz", " ", "é", "a", "=", "-", "QUOT", "pi",
        ]
        var generator = SeededGenerator(seed: 2026)
        let texts = (0..<4000).map { _ in
            (0..<(1 + generator.below(8))).map { _ in pieces[generator.below(pieces.count)] }.joined()
        }
        let script = "import html, json, sys\nprint(json.dumps([html.unescape(t) for t in json.load(sys.stdin)]))"
        let run = try FSRSOracle.run(FSRSOracle.python!, ["-c", script], input: try JSONEncoder().encode(texts))
        #expect(run.status == 0, "\(String(decoding: run.error, as: UTF8.self))")
        let expected = try JSONDecoder().decode([String].self, from: run.output)
        #expect(expected.count == texts.count)
        var differences = 0
        for (text, python) in zip(texts, expected) where HTMLEntities.decode(text) != python {
            differences += 1
            if differences <= 5 {
                Issue.record(
                    "\(text.debugDescription): ours \(HTMLEntities.decode(text).debugDescription), Python \(python.debugDescription)"
                )
            }
        }
        #expect(differences == 0)
    }

    @Test func decodingIsOnePass() {
        #expect(HTMLEntities.decode("&amp;quot;") == "&quot;")
        #expect(HTMLEntities.decode("&&amp;;") == "&&;")
    }

    @Test func mixedTextKeepsEverythingElse() {
        #expect(HTMLEntities.decode("A &unknown; B &amp; C &#x41;") == "A &unknown; B & C A")
        #expect(HTMLEntities.decode("北京 &amp; 東京") == "北京 & 東京")
    }

    @Test func tableHoldsTheFullHTML5Set() {
        #expect(HTMLEntities.named.count == 2125)
        #expect(HTMLEntities.named["amp"] == "&")
        #expect(HTMLEntities.named["zwj"] == "\u{200D}")
    }
}
