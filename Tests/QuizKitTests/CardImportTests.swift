import Foundation
import Testing

@testable import QuizCore

/// The pure side of importing cards: Anki's HTML and clozes made text, the
/// delimited reader's quoting, format detection, and the parser held to
/// its bounds on thousands of mutated files (in-process, each timed).
/// A collection of one note type (id 1) and one deck (id 1): note N (from
/// 1, guid "gN") has a card of each of `ords`, its id N × 10 + the ordinal.
private func collection(_ notetype: AnkiCollection.Notetype, notes: [[String]], ords: [Int] = [0])
    -> AnkiCollection
{
    var collection = AnkiCollection()
    collection.notetypes[1] = notetype
    collection.decks[1] = ["Deck"]
    for (index, fields) in notes.enumerated() {
        let id = Int64(index + 1)
        collection.notes.append(AnkiCollection.Note(id: id, guid: "g\(id)", notetype: 1, fields: fields))
        for ord in ords {
            collection.cards.append(AnkiCollection.Card(id: id * 10 + Int64(ord), note: id, deck: 1, ord: ord))
        }
    }
    return collection
}

private let basic = AnkiCollection.Notetype(
    name: "Basic", cloze: false, fields: ["Front", "Back"],
    templates: [0: ("{{Front}}", "{{FrontSide}}<hr id=answer>{{Back}}")])

@Suite struct CardImportTests {
    @Test func htmlBecomesPlainTextWithMediaMentioned() {
        let text = AnkiHTML.text(
            "<div>One&nbsp;&amp;  two</div><div><br></div><ul><li>a</li><li>b</li></ul><ol><li>x</li><li>y</li></ol>"
                + "<style>.card { color: red }</style><img src=\"pics/heart.png\"> [sound:beat.mp3]")
        #expect(text.text == "One & two\n\n- a\n- b\n1. x\n2. y\n[image: heart.png] [sound: beat.mp3]")
        #expect(text.hasMedia && !text.onlyMedia)
        #expect(AnkiHTML.text("<img src='a.png'><br>[sound:b.ogg]").onlyMedia)
        #expect(AnkiHTML.text("Paris [sound:paris.mp3]").withoutMedia == "Paris")
        #expect(AnkiHTML.text("a <b>tag</b> &lt;kept&gt;", html: false).text == "a <b>tag</b> &lt;kept&gt;")
    }

    /// Table cells read side by side, apart by a space; a ruby's reading in
    /// brackets after its text (its `<rp>` brackets left out); paragraphs
    /// apart by a blank line; a short power as typed (`mc^2`).
    @Test(arguments: [
        ("<table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>", "a b\nc d"),
        ("<p>Paris</p><p>Capital since 508.</p>", "Paris\n\nCapital since 508."),
        ("e = mc<sup>2</sup>, x<sup>-1</sup>, Paris<sup>[1]</sup>, H<sub>2</sub>O", "e = mc^2, x^-1, Paris[1], H2O"),
        ("<ruby>漢字<rt>かんじ</rt></ruby>です", "漢字(かんじ)です"),
        ("<ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>", "漢字(かんじ)"),
        ("<ruby>漢<rt>かん<rb>字<rt>じ</ruby>", "漢(かん)字(じ)"),
        ("<ruby>漢<rt>かん", "漢(かん)"),
    ])
    func tablesAndRubyReadAsTheyShow(html: String, text: String) {
        #expect(AnkiHTML.text(html).text == text)
    }

    /// A `<` starts markup only as a browser's reader starts it (a letter,
    /// `/`, `!`, `?`): `1 < 2` is text, and was cut out with
    /// all up to the next `>`, which made two cards one. A `>` in a quoted
    /// attribute or a comment ends neither.
    @Test func onlyMarkupIsTakenOut() {
        let cases = [
            ("Is 2 < 3 and 4 > 1?", "Is 2 < 3 and 4 > 1?"),
            ("1<2 and 3>2", "1<2 and 3>2"),
            ("a <= b, b >= c", "a <= b, b >= c"),
            ("<< shift >>", "<< shift >>"),
            ("x < y", "x < y"), ("x <y", "x"),
            ("a </ b>c", "a c"),
            ("a</\u{301}div>b", "ab"),
            ("<span title=\"a > b\">attr</span> text", "attr text"),
            ("<span title='a > b' class=x>attr</span>", "attr"),
            ("before<!-- a > b -->after", "beforeafter"),
            ("<!-- <b>hidden</b> -->shown", "shown"),
            ("shown<!-- never closed", "shown"),
            ("a<script>never closed", "a"), ("a&#13;b&#9;c", "a b c"), ("x<iframe>f</iframe>y", "xy"),
            ("b<title>t</title>c<noscript>n</noscript>", "bc"), ("a<b c", "a"),
            ("I </3 you", "I"), ("11<a b=\">more", "11"), ("1<!-->x", "1x"), ("2<!--->y", "2y"),
            ("4<!--x--!>d", "4d"), ("5<!-- a -- b -->e", "5e"),
            ("<img alt=\"x > y\" src=\"p.png\">", "[image: p.png]"),
            ("<!DOCTYPE html><?xml version=\"1.0\"?>text", "text"),
            ("<B>bold</B> and <i\n class=\"c\">it</i>", "bold and it"),
        ]
        for (field, text) in cases {
            #expect(AnkiHTML.text(field).text == text, "\(field.debugDescription)")
        }
    }

    /// A card asking a question asked before is skipped; its Anki reviews
    /// are the kept question's only when it is the same card (the same
    /// answer, in any case). Another answer is another card: its reviews
    /// would move the kept question's schedule.
    @Test func aCardAskedBeforeWithAnotherAnswerBringsNoReviews() throws {
        let notes = [["bank", "river side"], ["bank", "money place"], ["Bank", "River  side"]]
        let collection = collection(basic, notes: notes)
        let result = try CardImport.convert(collection, path: "words.apkg")
        #expect(result.questions == 1)
        #expect(result.cards == [10: 0, 30: 0])
        #expect(
            result.skipped.sorted() == [
                "1 asking a question asked before (kept once)",
                "1 asking a question asked before with another answer (the first kept)",
            ])
    }

    /// A card whose answer (or question) shows nothing could never be
    /// answered: skipped and counted, as a card with none is.
    @Test func invisibleAnswersAreNoAnswers() throws {
        let text = "#separator:tab\n#html:true\nq1\t&#8203;\nq2\t&shy;\nq3\t&#769;\n&lrm;\tx\nq5\tfive\n"
        let result = try CardImport.convert(Array(text.utf8), path: "deck.txt")
        #expect(result.questions == 1)
        #expect(result.skipped.sorted() == ["1 with no question", "3 with no answer"])
    }

    /// A cloze with nothing to blank is counted, not dropped unsaid: a
    /// markdown `C:` line with no `[part]`, a Cloze note of Anki's text
    /// export or package with no deletion (or none of a card's number).
    @Test func clozesWithNoDeletionAreCounted() throws {
        let markdown = try CardImport.convert(Array("C: no brackets\n\nQ: a?\nA: b\n".utf8), path: "notes.md")
        #expect(markdown.skipped == ["1 with no [bracketed] part in its C: line"])
        let text = "#separator:tab\n#html:true\n#notetype column:1\nCloze\tplain text\t\nBasic\tq\ta\n"
        let anki = try CardImport.convert(Array(text.utf8), path: "deck.txt")
        #expect(anki.skipped == ["1 with no cloze deletion"])
        let cloze = AnkiCollection.Notetype(
            name: "Cloze", cloze: true, fields: ["Text", "Back Extra"],
            templates: [0: ("{{cloze:Text}}", "{{cloze:Text}}<br>{{Back Extra}}")])
        let collection = collection(cloze, notes: [["{{c1::one}} two", ""]], ords: [0, 1])
        let package = try CardImport.convert(collection, path: "deck.apkg")
        #expect(package.questions == 1)
        #expect(package.skipped == ["1 with a cloze number no longer in its text"])
    }

    /// A card of another note type asks what its front shows: its template
    /// rendered as Anki renders it (text, fields, sections; the typed box
    /// and a hint's hidden text left out), so two templates of one note are
    /// two questions, not one asked twice.
    @Test func aCustomNoteTypeAsksWhatItsFrontShows() throws {
        let country = AnkiCollection.Notetype(
            name: "Country", cloze: false, fields: ["Country", "Capital", "Currency", "Hint", "Note"],
            templates: [
                0: (
                    "What is the capital of {{Country}}?{{#Note}}<br>({{Note}}){{/Note}}",
                    "{{FrontSide}}<hr>{{Capital}}"
                ),
                1: (
                    "What currency does {{ Country }} use?{{^Note}}<br>No note.{{/Note}}{{#Hint}} {{hint:Hint}}{{/Hint}}"
                        + "{{!a comment}}{{type:Currency}}",
                    "{{FrontSide}}<hr>{{Currency}}<br>{{Note}}"
                ),
            ])
        let notes = [["France", "Paris", "Euro", "starts with E", "<b></b>"]]
        let collection = collection(country, notes: notes, ords: [0, 1])
        let result = try CardImport.convert(collection, path: "countries.apkg")
        let bank = try JSONSerialization.jsonObject(with: Data(result.json)) as! [String: Any]
        let questions = (bank["questions"] as! [[String: Any]]).map {
            [$0["prompt"] as? String, $0["answer"] as? String]
        }
        #expect(
            questions == [
                ["What is the capital of France?", "Paris"], ["What currency does France use?\nNo note.", "Euro"],
            ])
        #expect(result.skipped.isEmpty)
    }

    /// A classic Mac file ends its lines with a carriage return alone:
    /// each format reads them as lines, in a file whose other lines end otherwise too.
    @Test func linesEndedByACarriageReturnAloneAreLines() throws {
        let files = [
            ("cards.tsv", "t1\td1\rt2\td2\r"), ("sheet.csv", "question,answer\rt1,d1\rt2,d2\r"),
            ("deck.txt", "#separator:tab\r#html:false\rt1\td1\rt2\td2\r"),
            ("notes.md", "Q: t1\rA: d1\r\rQ: t2\rA: d2\r"),
            // Mixed: a line pasted from such a file into another.
            ("mixed.md", "Q: t1\r\nA: d1\rQ: t2\nA: d2\n"), ("mixed.tsv", "t1\td1\rt2\td2\r\n"),
        ]
        for (name, text) in files {
            let result = try CardImport.convert(Array(text.utf8), path: name)
            let bank = try JSONSerialization.jsonObject(with: Data(result.json)) as! [String: Any]
            let pairs = (bank["questions"] as! [[String: Any]]).map {
                [$0["prompt"] as? String, $0["answer"] as? String]
            }
            #expect(pairs == [["t1", "d1"], ["t2", "d2"]], "\(name)")
        }
    }

    /// Templates as Anki renders them: a front with no field asks its
    /// text; a back that adds no field gives no answer (skipped, not
    /// answered by a field the card never shows); `tts` shows no text,
    /// `kana` a reading (the answer too), `{{Deck}}` the card's deck; a
    /// cloze's front keeps its own text around the cloze.
    @Test func templatesAreRenderedAsAnkiRendersThem() throws {
        func pairs(_ notetype: AnkiCollection.Notetype, _ notes: [[String]], ords: [Int] = [0]) throws
            -> (questions: [[String?]], skipped: [String])
        {
            let result = try CardImport.convert(collection(notetype, notes: notes, ords: ords), path: "t.apkg")
            let bank = try JSONSerialization.jsonObject(with: Data(result.json)) as! [String: Any]
            let questions = (bank["questions"] as! [[String: Any]]).map {
                [$0["prompt"] as? String, $0["answer"] as? String, $0["explanation"] as? String]
            }
            return (questions, result.skipped)
        }
        let words = AnkiCollection.Notetype(
            name: "Words", cloze: false, fields: ["F1", "F2"],
            templates: [
                0: ("Translate", "{{FrontSide}}<hr id=answer>{{F1}}"),
                1: ("{{tts en_US:F1}}{{F1}} in {{Deck}} ({{Type}})", "{{FrontSide}}<hr id=answer>{{kana:F2}}"),
                2: ("{{F1}}?", "{{FrontSide}}"),
            ])
        let made = try pairs(words, [["nf1", "漢字[かんじ]"]], ords: [0, 1, 2])
        // A front that shows no field is blank, as Anki says (`Translate`).
        #expect(made.questions == [["nf1 in Deck (Words)", "かんじ", nil]])
        #expect(made.skipped.sorted() == ["1 with no answer", "1 with no question"])
        // Sections decide, for each note, which fields a side shows.
        let optional = AnkiCollection.Notetype(
            name: "Optional", cloze: false, fields: ["Q", "A", "Opt", "C"],
            templates: [
                0: ("{{Q}}", "{{FrontSide}}<hr>{{#Opt}}{{A}}{{/Opt}}"),
                1: ("{{#Opt}}Opt is {{Opt}}.{{/Opt}}{{^C}} No C.{{/C}} Q?", "{{FrontSide}}<hr>{{A}}"),
            ])
        let sections = try pairs(optional, [["q1", "a1", "", "c"], ["q2", "a2", "o", "c"]], ords: [0, 1])
        #expect(sections.questions == [["q2", "a2", nil], ["Opt is o. Q?", "a2", nil]])
        #expect(sections.skipped.sorted() == ["1 with no answer", "1 with no question"])
        let cloze = AnkiCollection.Notetype(
            name: "Cloze+", cloze: true, fields: ["Text", "Source", "Extra"],
            templates: [0: ("Fill in: {{cloze:Text}}<br>({{Source}})", "{{cloze:Text}}<br>{{Extra}}")])
        let filled = try pairs(cloze, [["{{c1::Paris}} is in France", "atlas", "a city"]])
        #expect(filled.questions == [["Fill in: ____ is in France\n(atlas)", "Paris", "a city"]])
        #expect(AnkiTemplate.reading(" 日本[にほん] 語[ご]です", .kanji) == "日本語です")
        #expect(AnkiTemplate.reading("日本[にほん]", .both) == "日本(にほん)")
    }

    /// A package card whose front is blank has no question (its back is
    /// not asked in its place), as in the text formats.
    @Test func aBlankFrontIsNoQuestion() throws {
        let collection = collection(basic, notes: [["&nbsp; ", "back"], ["front", "back"]])
        let result = try CardImport.convert(collection, path: "words.apkg")
        #expect(result.questions == 1)
        #expect(result.skipped == ["1 with no question"])
    }

    /// Separators are found by their bytes: one followed by a combining
    /// mark or a joiner (one `Character` with it) still separates.
    @Test func separatorsBeforeACombiningMarkStillSeparate() throws {
        let quizlet = try CardImport.convert(
            Array("cat - \u{301}gato\ndog - perro\n".utf8), path: "q.txt",
            settings: CardImport.Settings(separator: " - "))
        #expect(quizlet.questions == 2)
        let csv = try CardImport.convert(
            Array("question,answer,choices,tags\nQ2,Paris,Paris|\u{200D}Rome|Oslo,t1 \u{301}t2 t3\n".utf8),
            path: "c.csv")
        let bank = try JSONSerialization.jsonObject(with: Data(csv.json)) as! [String: Any]
        let question = (bank["questions"] as! [[String: Any]])[0]
        #expect((question["choices"] as? [String])?.count == 3)
        #expect((question["tags"] as? [String])?.count == 3)
    }

    /// A Quizlet definition of exactly 64 KiB is within the bound, with the
    /// file's last line break after it (a blank line added to it made it one over).
    @Test func aQuizletDefinitionAtItsBoundIsRead() throws {
        let just = String(repeating: "a", count: ImportLimits.fieldBytes)
        let result = try CardImport.convert(Array("q\ta\nt\t\(just)\n\n".utf8), path: "cards.tsv")
        #expect(result.questions == 1)
        #expect(result.skipped == ["1 with an answer longer than 500 characters"])
    }

    /// The invariant of every import: the bank made is one `--validate`
    /// accepts, or the file is refused; a card the bank could not hold is
    /// skipped, never the whole file refused for it. Checked on random CSV
    /// and Anki text files of hostile pieces (invisible, control and long
    /// texts, duplicates, `#`, markup, quotes).
    @Test func everyBankMadeIsOneTheCheckerAccepts() throws {
        let pieces = [
            "a", "B", "word", " ", "\u{200B}", "\u{AD}", "\u{301}", "\u{FEFF}", "\u{0}", "\u{7F}", "\u{3164}",
            "\u{2800}",
            "#", "%", "|", ";", "é", "e\u{301}", "👩\u{200D}💻", "<b>", "</b>", "&nbsp;", "&#8203;", "<br>", "1 < 2",
            "{{c1::x}}", "[sound:a.mp3]", "<img src=p.png>", String(repeating: "x", count: 499), "\u{2028}", "\"",
            "(", ")", " (x)", "[", "]", "<br><br>", "<div><br></div>", " (\u{200B})", "(東京)", "- ", "1. ",
        ]
        var generator = SeededGenerator(seed: 33)
        func text(_ most: Int) -> String {
            (0..<generator.below(most + 1)).map { _ in pieces[generator.below(pieces.count)] }.joined()
        }
        func csvField(_ value: String) -> String { "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var banks = 0
        for round in 0..<600 {
            let rows = (0..<(1 + generator.below(6))).map { _ in
                round % 2 == 0
                    ? [
                        text(3), text(3), (0..<generator.below(4)).map { _ in text(2) }.joined(separator: "|"), text(2),
                        text(2), text(2),
                    ].map(csvField).joined(separator: ",")
                    : [text(3), text(3), text(2)].map { $0.replacingOccurrences(of: "\t", with: " ") }.joined(
                        separator: "\t")
            }
            let file =
                round % 2 == 0
                ? "question,answer,choices,explanation,category,tags\n" + rows.joined(separator: "\n") + "\n"
                : "#separator:tab\n#html:true\n" + rows.joined(separator: "\n") + "\n"
            let name = round % 2 == 0 ? "cards.csv" : "deck.txt"
            guard let result = try? CardImport.convert(Array(file.utf8), path: name) else { continue }
            banks += 1
            do {
                _ = try BankLoader.parseJSON(result.json, path: "bank.json")
            } catch {
                Issue.record("\(name) made a bank the checker refuses: \(error)\n\(file.debugDescription)")
                return
            }
        }
        #expect(banks > 100, "too few files made a bank to test the invariant")
    }

    /// A card's back as a quizmaster reads it (`ImportedAnswer`).
    @Test(
        arguments: [
            ("Tokyo", "Tokyo", nil, nil),
            ("Tokyo\n(東京)", "Tokyo (東京)", "Tokyo", nil),
            ("Tokyo (東京)", "Tokyo (東京)", "Tokyo", nil),
            ("kilogram [kg]", "kilogram [kg]", "kilogram", nil),
            ("Nairobi\n\nsince 1963", "Nairobi", nil, "since 1963"),
            ("\n\nNairobi\n\nsince 1963\n\nthe second note", "Nairobi", nil, "since 1963\nthe second note"),
            ("- red\n- green", "red; green", nil, nil),
            ("Paris\nLyon\n(both in France)", "Paris; Lyon (both in France)", "Paris; Lyon", nil),
            ("a; (b)", "a; (b)", nil, nil),
            ("(CH3)2CO", "(CH3)2CO", nil, nil),
            ("f(x) (a function)", "f(x) (a function)", nil, nil),
            ("(a) or (b)", "(a) or (b)", nil, nil),
            ("Tokyo ()", "Tokyo ()", nil, nil),
            ("Tokyo (\u{200B})", "Tokyo (\u{200B})", nil, nil),
            ("(only a gloss)", "(only a gloss)", nil, nil),
            ("Tokyo\n（東京）", "Tokyo （東京）", "Tokyo", nil),
            ("東京(とうきょう)", "東京(とうきょう)", "東京", nil),
            ("Paris\n(France)\n(Europe)", "Paris (France) (Europe)", "Paris", nil),
            ("H2O(l)", "H2O(l)", nil, nil),
        ] as [(String, String, String?, String?)])
    func aBackIsAnAnswerAGlossAndANote(back: String, answer: String, accept: String?, note: String?) {
        let read = ImportedAnswer(back)
        #expect(read == ImportedAnswer(answer: answer, accept: accept, note: note), "\(back.debugDescription)")
    }

    /// Markdown rendered as hashcards shows it (`MarkdownText`).
    @Test(arguments: [
        ("**Paris**", "Paris"), ("__Paris__", "Paris"), ("*em* and _it_", "em and it"),
        ("snake_case_name", "snake_case_name"),
        ("2 * 3 * 4", "2 * 3 * 4"), ("a **b", "a **b"), ("***both***", "both"), ("**a *b* c**", "a b c"),
        ("\\*not em\\*", "*not em*"),
        ("`a*b*c`", "a*b*c"), ("`` a ` b ``", "a ` b"), ("`open", "`open"), ("[text](http://x \"t\")", "text"),
        ("![a picture](img/p.png)", "[image: p.png]"), ("[not a link]", "[not a link]"), ("C:\\\\path", "C:\\path"),
        ("5 \\< 6", "5 < 6"), ("é **ü** ✓", "é ü ✓"), ("AT&amp;T &copy; &bogus; R&D", "AT&T © &bogus; R&D"),
        ("<b>tag</b> here", "tag here"), ("~~struck~~ and a ~ b", "struck and a ~ b"),
        ("<https://a.example/x>", "https://a.example/x"), ("one<br>two", "one\ntwo"),
        ("2 < 3 and a<b", "2 < 3 and a<b"),
    ])
    func markdownIsReadAsItShows(raw: String, shown: String) {
        #expect(MarkdownText.plain(Substring(raw)) == shown, "\(raw)")
    }

    /// On random markdown: rendering never traps nor adds text (a picture's
    /// mention aside), and every cloze made blanks one part.
    @Test func randomMarkdownRendersAndClozesAsked() {
        let pieces = [
            "*", "**", "_", "`", "``", "[", "]", "(", ")", "\\", "!", "a", "word", " ", "é", "\u{301}", "x_y",
            "&", "amp;", "<", ">", "b", "~", "~~", "#", ";", "http:",
        ]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<3000 {
            let raw = (0..<generator.below(14)).map { _ in pieces[generator.below(pieces.count)] }.joined()
            let shown = MarkdownText.plain(Substring(raw))
            #expect(
                shown.unicodeScalars.count <= raw.unicodeScalars.count || raw.contains("!["), "\(raw.debugDescription)")
            for card in MarkdownImport.clozes(raw).cards {
                #expect(card.prompt.contains("____"), "\(raw.debugDescription)")
            }
        }
    }

    /// A line's marks, found in one pass, are what a search from each
    /// bracket or angle would find (the reading is linear, not squared).
    @Test func markdownMarksAreWhatASearchFinds() {
        let pieces: [Character] = ["[", "]", "\\", "(", ")", "<", ">", "a"]
        var generator = SeededGenerator(seed: 34)
        for _ in 0..<2000 {
            let characters = (0..<generator.below(24)).map { _ in pieces[generator.below(pieces.count)] }
            let marks = MarkdownText.Marks(characters)
            var escaped = false
            for (index, character) in characters.enumerated() {
                defer { escaped = !escaped && character == "\\" }
                for wanted in [")", "<", ">"] as [Character] {
                    let found = characters[(index + 1)...].firstIndex(of: wanted) ?? characters.count
                    #expect(marks.next(wanted, after: index) == found, "\(String(characters))")
                }
                guard character == "[", !escaped else { continue }
                var depth = 0
                var close: Int?
                var i = index
                while i < characters.count, close == nil {
                    if characters[i] == "\\" {
                        i += 1
                    } else if characters[i] == "[" {
                        depth += 1
                    } else if characters[i] == "]" {
                        depth -= 1
                        if depth == 0 { close = i }
                    }
                    i += 1
                }
                #expect(marks.closing[index] == close, "\(String(characters)) at \(index)")
            }
        }
    }

    @Test func aMarkdownClozeTakesItsOutermostBracketsAndNotEscapedOnes() {
        let made = MarkdownImport.clozes(
            "The [sun] is **a star**; \\[citation needed\\] and [a [nested] one] [x](y) `[code]`.")
        #expect(
            made.cards.map { "\($0.prompt) → \($0.answer)" } == [
                "The ____ is a star; [citation needed] and a [nested] one x [code]. → sun",
                "The sun is a star; [citation needed] and ____ x [code]. → a [nested] one",
            ])
    }

    @Test func clozesMakeOneQuestionPerNumber() {
        let field = AnkiHTML.Cloze("{{c2::Canberra}} is in {{c1::Australia::country}}, {{c1::Oceania}}")
        #expect(field.numbers == [1, 2])
        let first = field.question(1)
        #expect(first.prompt == "Canberra is in ____ [country], ____")
        #expect(first.answers == ["Australia", "Oceania"])
        #expect(field.question(2).prompt == "____ is in Australia, Oceania")
        // Nested (Anki 2.1.56 and later): the inner deletion shown inside the outer blank's answer.
        let nested = AnkiHTML.Cloze("{{c1::The {{c2::red}} planet}} is Mars")
        #expect(nested.question(2).prompt == "The ____ planet is Mars")
        #expect(nested.question(1).answers == ["The red planet"])
    }

    @Test func quotedFieldsHoldDelimitersQuotesAndLineBreaks() throws {
        let text = Array("a,\"b,\"\"c\"\"\r\nd\",e\r\n\"\"x,y,\n".utf8)
        let records = try DelimitedRecords(delimiter: 44).records(text[...])
        #expect(records.map(\.fields) == [["a", "b,\"c\"\r\nd", "e"], ["x", "y", ""]])
        #expect(records.map(\.line) == [1, 3])
    }

    /// Every text format imports `ImportLimits.cards` cards and stops at the
    /// one past them, naming its line.
    @Test func everyTextFormatIsHeldToTheCardsBound() throws {
        // Each file with `count` cards, and the line of the card past the bound.
        let cap = ImportLimits.cards
        func files(_ count: Int) -> [(path: String, text: String, line: Int)] {
            [
                ("quizlet.tsv", (1...count).map { "t\($0)\td\n" }.joined(), cap + 1),
                ("sheet.csv", "question,answer\n" + (1...count).map { "q\($0),a\n" }.joined(), cap + 2),
                ("anki.txt", "#separator:tab\n#html:false\n" + (1...count).map { "q\($0)\ta\n" }.joined(), cap + 3),
                (
                    "reversed.txt",
                    "#separator:tab\n#html:false\n#notetype:Basic (and reversed card)\n"
                        + (1...count / 2).map { "q\($0)\ta\($0)\n" }.joined(), cap / 2 + 4
                ),
            ]
        }
        for file in files(ImportLimits.cards) where file.path == "sheet.csv" {  // its header row is no card
            #expect(try CardImport.convert(Array(file.text.utf8), path: file.path).questions > 0, "\(file.path)")
        }
        for file in files(ImportLimits.cards + 2) {
            #expect("\(file.path)") {
                try CardImport.convert(Array(file.text.utf8), path: file.path)
            } throws: { error in
                "\(error)".hasSuffix(
                    "\(file.path): line \(file.line): more than 200000 cards, the most a file imported may hold")
            }
        }
    }

    /// An Anki guid made an id the bank takes: `#`, `%` and spaces written `%XX`.
    @Test func aPackagesQuestionIDIsItsGuidAndNumber() {
        #expect(AnkiPackageImport.questionID("f;2Lq_", 0) == "f;2Lq_-0")
        #expect(AnkiPackageImport.questionID("#a%b c", 3) == "%23a%25b%20c-3")
        #expect(AnkiPackageImport.questionID("", 1) == nil)
        #expect(AnkiPackageImport.questionID(String(repeating: "x", count: 300), 1) == nil)
        // Bytes past ASCII are written %XX too (genanki makes guids of any text).
        #expect(AnkiPackageImport.questionID("é\u{2028}", 1) == "%C3%A9%E2%80%A8-1")
        // The id with its number is at most 200 characters.
        #expect(AnkiPackageImport.questionID(String(repeating: "x", count: 198), 1)?.count == 200)
        #expect(AnkiPackageImport.questionID(String(repeating: "x", count: 199), 1) == nil)
        #expect(AnkiPackageImport.questionID(String(repeating: "x", count: 198), 12) == nil)
    }

    @Test func theFormatIsDetectedByExtensionAndContent() {
        func format(_ path: String, _ text: String) -> CardImport.Format? {
            CardImport.format(path: path, bytes: Array(text.utf8))
        }
        #expect(format("deck.txt", "#separator:tab\n") == .ankiText)
        #expect(format("deck.TXT", "\u{FEFF}#separator:comma\n") == .ankiText)
        #expect(format("set.txt", "term\tdefinition\n") == .quizlet)
        #expect(format("set.tsv", "term\tdefinition\n") == .quizlet)
        #expect(format("sheet.csv", "question,answer\n") == .csv)
        #expect(format("notes.md", "Q: a\nA: b\n") == .markdown)
        #expect(format("bank.txt", " {\"title\": \"x\"}") == nil, "a JSON bank, whatever its name")
        #expect(format("bank.json", "question,answer\n") == nil)
    }

    @Test func invalidUTF8IsFoundAtItsFirstBadByte() {
        #expect(ImportText.firstInvalidUTF8(Array("héllo €𝄞".utf8)) == nil)
        #expect(ImportText.firstInvalidUTF8([0x61, 0xC0, 0x80]) == 1, "an overlong form")
        #expect(ImportText.firstInvalidUTF8([0x61, 0xED, 0xA0, 0x80]) == 1, "a surrogate")
        #expect(ImportText.firstInvalidUTF8([0x61, 0xE2, 0x82]) == 1, "cut short at the end")
        #expect(ImportText.firstInvalidUTF8([0xF4, 0x90, 0x80, 0x80]) == 0, "past U+10FFFF")
        #expect(ImportText.firstInvalidUTF8(Array("Q,caf".utf8) + [0xE9, 0x2C, 0x41]) == 5, "Latin-1, not the comma")
    }

    @Test func theLineGuardStopsAtTheFirstLongLineAcrossChunks() {
        var guardian = ImportLimits.LineGuard()
        let short = [UInt8](repeating: 120, count: 1000) + [10]
        #expect(short.withUnsafeBytes { guardian.scan($0) })
        let half = [UInt8](repeating: 120, count: ImportLimits.lineBytes / 2)
        #expect(half.withUnsafeBytes { guardian.scan($0) })
        #expect(half.withUnsafeBytes { guardian.scan($0) })
        #expect(!([120] as [UInt8]).withUnsafeBytes { guardian.scan($0) })
        #expect(guardian.problem == "line 2 is longer than 1 MiB, the most a line may hold")
    }

    static let seeds: [(String, String)] = [
        (
            "deck.txt",
            "#separator:tab\n#html:true\n#notetype column:1\n#deck column:2\n"
                + "Basic\tA::B\t<b>Q</b>\tA<br>x\nCloze\tA\t{{c1::x::h}} {{c2::y}}\t<img src=\"p.png\">\n"
        ),
        ("set.tsv", "a\tb\nc\td\ne\n"),
        ("sheet.csv", "question,answer,choices\n\"q,1\",a,a|b\nq2,\"x\"\"y\",\n"),
        ("notes.md", "Q: a\nA: b\n\nC: [x] and [y](z) [w]\n"),
    ]

    /// Mutations of each format's file: each either converts to a bank
    /// `BankLoader` takes, or throws one problem of one line, within a time
    /// bound (a hang or a quadratic path shows as a slow case).
    @Test func mutatedFilesConvertOrGiveOneLine() throws {
        var mutator = Mutator(seed: 24)
        let others = Self.seeds.map { Array($0.1.utf8) }
        for round in 0..<4000 {
            let (name, text) = Self.seeds[round % Self.seeds.count]
            let bytes =
                round % 10 == 9
                ? mutator.mutateBytes([], others: others) : mutator.mutateBytes(Array(text.utf8), others: others)
            let started = Date()
            do {
                let result = try CardImport.convert(bytes, path: name)
                _ = try BankLoader.parseJSON(result.json, path: "out.json")
            } catch {
                guard case .invalid(let problems) = error else {
                    Issue.record("round \(round): \(error)")
                    continue
                }
                #expect(problems.count == 1, "round \(round)")
                #expect(!problems[0].description.contains("\n"), "round \(round): \(problems[0])")
            }
            // A guard against a hang, not a measure of speed (each round takes milliseconds).
            #expect(Date().timeIntervalSince(started) < 30, "round \(round)")
        }
    }

    /// Hostile shapes at their bounds end: fields of many `<`, `{{c1::`,
    /// `<style>`, cloze numbers, and a markdown cloze of many `[x]`. A guard
    /// against a hang (work quadratic in these shapes takes minutes), not a
    /// measure of speed: each takes well under a second, and `make bench`
    /// times imports.
    @Test(arguments: ["<", "<a ", "<a b=\"", "<a b='>'", "<!--", "{{c1::", "numbers", "<style>", "markdown"])
    func hostileFieldsNeverHang(shape: String) throws {
        let text: String
        let path: String
        switch shape {
        case "numbers":
            text = "#separator:tab\n" + (1...5000).map { "{{c\($0)::x}}" }.joined() + "\tanswer\n"
            path = "deck.txt"
        case "markdown":
            text = "C: " + String(repeating: "[x]", count: 20_000) + "\n"
            path = "notes.md"
        default:
            text = "#separator:tab\n" + String(repeating: shape, count: 60_000 / shape.count) + "\tanswer\n"
            path = "deck.txt"
        }
        let started = Date()
        _ = try? CardImport.convert(Array(text.utf8), path: path)
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 60, "\(shape): \(seconds) s")
    }
}
