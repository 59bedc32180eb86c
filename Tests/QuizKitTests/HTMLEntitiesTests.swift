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
        "&bogus;", "AT&T", "a & b", "&", "trailing &amp", "&#;", "&#x;", "&#xZZ;", "&#12a;", "&;",
        "no entities at all",
    ])
    func unknownOrIncompleteReferencesAreLeftAsWritten(text: String) {
        #expect(HTMLEntities.decode(text) == text)
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
