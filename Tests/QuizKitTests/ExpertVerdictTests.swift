import Foundation
import Testing

@testable import QuizCore

/// Verdicts an expert quizmaster would sign, each with its reason: more
/// accepted spellings never make the game stricter, a typed word that is a
/// different real word is no slip, and right answers pasted with invisible
/// characters, written with stroke letters, as initials or in words count.
@Suite struct ExpertVerdictTests {
    struct Case: CustomStringConvertible {
        var typed: String
        var answers: [String]
        var expected: AnswerMatcherTests.Expected
        var reject: [String]
        var reason: String

        var description: String {
            "\(typed.debugDescription) for \(answers)" + (reject.isEmpty ? "" : " rejecting \(reject)")
                + ": \(reason)"
        }
    }

    /// One line a case: typed; answers (| between forms); expected; rejected
    /// answers; the reason. `\u{…}` in typed and answers is the scalar.
    static let table = #"""
        Gengis Khan;Genghis Khan|Chinggis Khan|Jenghis Khan|Temüjin|Chingis Khan|Ghengis Khan|Genghis|Chinggis;slip;Kublai Khan;a slip of Genghis Khan; also near other accepted forms, which are no rivals
        Chinghis Khan;Genghis Khan|Chinggis Khan|Jenghis Khan|Temüjin|Chingis Khan|Ghengis Khan|Genghis|Chinggis;slip;Kublai Khan;as near Chinggis Khan as Chingis Khan: both right
        Orang-utang;Orangutan|Orangutans|Orang-utan|Orang utan|Orangutang|Orang-outang;slip;;Orangutang with a space put in
        Orangoutang;Orangutan|Orangutans|Orang-utan|Orang utan|Orangutang|Orang-outang;slip;;one letter from Orang-outang and Orangutang, both right
        Orangoutan;Orangutan|Orangutans|Orang-utan|Orang utan|Orangutang|Orang-outang;slip;;one letter from Orangutan and from Orang-outang
        Heamoglobin;Haemoglobin|Hemoglobin|Hb;slip;Myoglobin;two letters swapped; Hemoglobin as near is right too
        Mendeleiev;Mendeleev|Dmitri Mendeleev|Mendeleyev|Dmitri Mendeleyev|Mendeleef|Dmitry Mendeleev|Dmitri Ivanovich Mendeleev;slip;;as near Mendeleev as Mendeleyev: both right
        Mendelejev;Mendeleev|Dmitri Mendeleev|Mendeleyev|Dmitri Mendeleyev|Mendeleef|Dmitry Mendeleev|Dmitri Ivanovich Mendeleev;slip;;the German transliteration, one letter from Mendeleyev
        Dmitriy Mendeleev;Mendeleev|Dmitri Mendeleev|Mendeleyev|Dmitri Mendeleyev|Mendeleef|Dmitry Mendeleev|Dmitri Ivanovich Mendeleev;slip;;one letter from Dmitri and from Dmitry Mendeleev
        Hypotneuse;Hypotenuse|The hypotenuse|Hypoteneuse;slip;;two letters swapped
        Hypotenouse;Hypotenuse|The hypotenuse|Hypoteneuse;slip;;one letter from Hypoteneuse, two from Hypotenuse
        Mendeleef;Mendeleev|Mendeleef;right;;an accepted form as written
        Gengis Khan;Genghis Khan;slip;Kublai Khan;one letter missing; Kublai Khan is far
        Tokjo;Tokyo|Tokio;slip;;as near Tokyo as Tokio: either way right
        South America;South Africa;wrong;;america is a real word, another continent
        hypotension;hypertension;wrong;;low blood pressure, not high: a real word
        hyperthyroidism;hypothyroidism;wrong;;the opposite condition
        endothermic;Exothermic;wrong;;the opposite reaction
        alkene;Alkane;wrong;;another family of hydrocarbons
        alkane;Alkyne;wrong;;another family of hydrocarbons
        alkene;alkyne;wrong;;another family of hydrocarbons
        ethene;ethane;wrong;;-ene is not -ane, whatever the word list holds
        ethyne;ethene;wrong;;-yne is not -ene
        Nitrite;Nitrate;wrong;;another ion
        Sulfite;Sulfate;wrong;;another ion
        Sulphite;Sulphate;wrong;;another ion, British spelling
        Chloride;Chlorine;wrong;;the ion, not the element
        Iconic;Ionic;wrong;;iconic is a real word
        hungry;Hungary;wrong;;hungry is a real word
        Dominican;Dominica;wrong;;a different country's people
        intracellular;intercellular;wrong;;within cells, not between them
        macroeconomics;microeconomics;wrong;;the other half of economics
        antebellum;antibellum;wrong;;ante- is before, anti- against
        Plato;Pluto;wrong;;a philosopher, not a dwarf planet
        Columbia;Colombia;wrong;;a river, a district and a university: another place
        hypothyrodism;hypothyroidism;slip;;a slip of the right word, no other word
        Hungray;Hungary;slip;;two letters swapped, not a word
        Hungry;Hungary;wrong;;hungry is a word even capitalised
        mitochondrion;Mitochondria;slip;;the singular of the answer, not another word
        vertebra;vertebrae;slip;;the singular of the answer
        Pyrenee;Pyrenees;slip;;the answer without its s
        sea horse;seahorse;slip;;a space put in makes no other word
        seahorse;sea horse;slip;;run together
        Pa\u{200B}ris;Paris;right;;a zero-width space from pasting
        Par\u{200D}is;Paris;right;;a zero-width joiner
        \u{FEFF}Paris;Paris;right;;a byte-order mark
        \u{200E}Paris\u{200F};Paris;right;;bidi marks
        Pa\u{00AD}ris;Paris;right;;a soft hyphen
        \u{2066}Paris\u{2069};Paris;right;;bidi isolates
        Lodz;Łódź;right;;Ł is L with a stroke
        LODZ;Łódź;right;;in capitals
        Oresund;Øresund;right;;Ø is O with a stroke
        Aesir;Æsir;right;;Æ is the letters AE
        Æsir;Aesir;right;;the other way round
        Strasse;Straße;right;;ß is ss
        Torshavn;Tórshavn;right;;an accent
        Torshavn;Þórshöfn;wrong;;Þ is th, so Torshavn misses a letter at the start
        Thorshofn;Þórshöfn;right;;Þ is th
        Dubrovnik;Dubrovnik;right;;as written
        Đakovo;Djakovo;slip;;Đ is D
        USA;U.S.A.;right;;initials with their dots
        U.S.A.;USA;right;;the other way round
        U S A;U.S.A.;right;;initials with spaces
        the U.S.;United States|U.S.;right;;an article and initials
        JRR Tolkien;J. R. R. Tolkien;right;;initials run together
        J.R.R. Tolkien;J R R Tolkien;right;;initials with dots
        UK;U.S.A.;wrong;;other initials
        minus three;-3;right;;a sign in words
        negative three;-3;right;;a sign in words
        minus 3;-3;right;;a sign in words, the number in digits
        −3;-3;right;;a minus sign for a hyphen
        three;-3;wrong;;the sign is part of the answer
        3;-3;wrong;;the sign is part of the answer
        minus three;3;wrong;;a sign the answer lacks
        Mehmed 2;Mehmed II;right;;a regnal number in digits
        Mehmet 2;Mehmet II;right;;a regnal number in digits
        Mehmed 3;Mehmed II;wrong;;another sultan
        Mehmed 3;Mehmed II;rejected;Mehmed III;named wrong by the bank
        World War 2;World War II;right;;the war's number in digits
        World War 1;World War II;wrong;;the other war
        Henry 8;Henry VIII;right;;a regnal number in digits
        Louis 14;Louis XIV;right;;a regnal number in digits
        Washington DC;Washington, D.C.;right;;D.C. as initials
        Abysal;Abyssal;slip;Abysmal;a doubled letter written once is nearer than Abysmal's missing m
        Abysal plain;Abyssal plain;slip;Abysmal plain;a doubled letter written once
        Abysml;Abyssal;rejected;Abysmal;nearer Abysmal
        Pert;Perth;wrong;;pert is a word
        Harry Porter;Harry Potter;slip;;a common word inside a longer name: the rest says what was meant
        Bearing Strait;Bering Strait;slip;;a common word inside a longer name
        Colorado Rover;Colorado River;slip;;a common word inside a longer name
        Robert Louis Stephenson;Robert Louis Stevenson;slip;;another surname inside a longer name: the rest says who was meant
        Genghis Kahn;Genghis Khan;slip;;a name inside a longer name
        Antarctica krill;Antarctic krill;slip;;a form of the same word
        Stephenson;Stevenson;wrong;;another name on its own
        Tiber;Tibet;wrong;;a river, not a region
        Hungray Strait;Hungary Strait;slip;;not a word at all
        -three;3;wrong;;a sign before a number word
        \u{2013}3;3;wrong;;an en dash as a minus sign
        \u{2010}3;3;wrong;;a hyphen as a minus sign
        -three;-3;right;;minus three
        \u{2013}3;-3;right;;an en dash as a minus sign
        -40;\u{2013}40;right;;a bank's en dash is a minus sign too
        40;\u{2013}40;wrong;;a bank's en dash is a minus sign too
        19\u{200B}45;1945;right;;a zero-width space inside a number
        -Paris;Paris;right;;a stray dash before a word that is no number
        O;O-;wrong;;a minus closing a symbol: O negative is not O
        AB;AB-;wrong;;a minus closing a symbol
        O-;O-;right;;as written
        B52;B-52;right;;letters and digits, a hyphen left out
        B 52;B52;right;;letters and digits, a space put in
        MI 5;MI5;right;;letters and digits apart
        5km;5 km;right;;digits and letters apart
        21st century;twenty-first century;right;;an ordinal stays whole
        Malcolm 10;Malcolm X;wrong;;a lone X is a letter
        Louis 14;Louis XIV;right;;a longer numeral is a number
        Nigeria River;Niger River;wrong;;another country in a longer name
        Central American Republic;Central African Republic;wrong;;a people's word of another continent
        Australian Empire;Austrian Empire;wrong;;another country's word
        Bank of Indiana;Bank of India;wrong;;a name in place of a country
        team;A-Team;wrong;;the A of a compound is no article
        225;An-225;wrong;;the An of a compound is no article
        the ha;a-ha;wrong;;a-ha is one name
        the A-Team;A-Team;right;;an article before the compound
        Coper;Copper;wrong;;coper is a word, if an old one: a bank that takes it accepts it
        dessert;Desert;wrong;;a doubled letter that makes another word
        latter;Later;wrong;;a doubled letter that makes another word
        Hunggary;Hungary;slip;;a letter doubled
        """#

    static let cases: [Case] = table.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: ";", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 5, let expected = AnswerMatcherTests.Expected(rawValue: fields[2]) else { return nil }
        return Case(
            typed: unescaped(fields[0]), answers: fields[1].split(separator: "|").map { unescaped(String($0)) },
            expected: expected, reject: fields[3].isEmpty ? [] : fields[3].split(separator: "|").map(String.init),
            reason: fields[4])
    }

    /// `\u{200B}` written in the table as the scalar it names.
    static func unescaped(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "\\u{") {
            result += rest[..<range.lowerBound]
            let after = rest[range.upperBound...]
            guard let close = after.firstIndex(of: "}"), let value = UInt32(after[..<close], radix: 16),
                let scalar = Unicode.Scalar(value)
            else { return result + rest }
            result.unicodeScalars.append(scalar)
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }

    @Test func everyLineIsACase() {
        #expect(Self.cases.count == Self.table.split(separator: "\n").count)
        #expect(Self.cases.count >= 80)
    }

    @Test(arguments: cases)
    func verdict(_ example: Case) {
        let matcher = AnswerMatcher(accepted: example.answers, reject: example.reject)
        let got: AnswerMatcherTests.Expected =
            switch matcher.verdict(for: example.typed) {
            case .accepted(_, let slip): slip ? .slip : .right
            case .rejected: .rejected
            case .wrong: .wrong
            }
        #expect(got == example.expected, "\(example)")
    }

    /// A typed choice text is read by the same rules: a different real word
    /// picks no choice (the question is asked again), a slip picks its one.
    @Test func aChoiceIsNotPickedByADifferentWord() {
        let bonds = ["Ionic", "Covalent", "Metallic", "Hydrogen"]
        #expect(AnswerMatcher.slipChoice("Iconic", among: bonds) == nil)
        #expect(AnswerMatcher.slipChoice("Ionik", among: bonds) == 0)
        let continents = ["South Africa", "Egypt", "Kenya"]
        #expect(AnswerMatcher.slipChoice("South America", among: continents) == nil)
        #expect(AnswerMatcher.slipChoice("South Afrika", among: continents) == 0)
    }

    /// The canonical form folds as the matcher does, so a choice's text typed
    /// with a pasted invisible character or a stroke letter reads as that choice.
    @Test func theCanonicalFormFolds() {
        #expect(AnswerMatcher.canonical("Pa\u{200B}ris") == "paris")
        #expect(AnswerMatcher.canonical("Łódź") == "lodz")
        #expect(AnswerMatcher.canonical("U.S.A.") == "usa")
        #expect(AnswerMatcher.canonical("A-Team") == "a team")
        #expect(AnswerMatcher.canonical("minus three") == "-3")
    }

    @Test func theWordListIsSearchedWhole() {
        for word in ["aardvark", "hungry", "iconic", "america", "chloride", "zyrian", "hypotension"] {
            #expect(RealWords.contains(word), "\(word)")
        }
        for word in ["", "aaa", "hungray", "colour", "color", "hershel", "orangutang", "zzzzzz", "aaaaaa"] {
            #expect(!RealWords.contains(word), "\(word)")
        }
    }

    /// Adding an accepted form never turns a right verdict wrong: on random
    /// answers from the bundled banks' free-text questions, random typed
    /// slips of them, and random extra forms (slips of the answer, other
    /// answers, slips of those).
    @Test func anotherAcceptedFormNeverMakesAVerdictStricter() throws {
        let answers = try Self.bundledAnswers()
        #expect(answers.count > 100)
        var random = SeededGenerator(seed: 20261201)
        func mutated(_ text: String) -> String {
            var scalars = Array(text.unicodeScalars)
            for _ in 0..<Int.random(in: 0...2, using: &random) where !scalars.isEmpty {
                let at = Int.random(in: 0..<scalars.count, using: &random)
                let letter = Unicode.Scalar(UInt8.random(in: 97...122, using: &random))
                switch Int.random(in: 0..<4, using: &random) {
                case 0: scalars.remove(at: at)
                case 1: scalars.insert(letter, at: at)
                case 2: scalars[at] = letter
                default: if at + 1 < scalars.count { scalars.swapAt(at, at + 1) }
                }
            }
            return String(String.UnicodeScalarView(scalars))
        }
        var checked = 0
        for _ in 0..<20_000 {
            let question = answers[Int.random(in: 0..<answers.count, using: &random)]
            let typed = mutated(question.accepted[Int.random(in: 0..<question.accepted.count, using: &random)])
            let before = AnswerMatcher(accepted: question.accepted, reject: question.reject).verdict(for: typed)
            guard before.isAccepted else { continue }
            checked += 1
            let source = Bool.random(using: &random) ? question : answers.randomElement(using: &random)!
            let extra = mutated(source.accepted.randomElement(using: &random)!)
            let after = AnswerMatcher(accepted: question.accepted + [extra], reject: question.reject)
            #expect(after.verdict(for: typed).isAccepted, "\(typed) for \(question.accepted) + \(extra)")
        }
        #expect(checked > 1_000)
    }

    struct Answer {
        var accepted: [String]
        var reject: [String]
    }

    static func bundledAnswers() throws -> [Answer] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Questions")
        var result: [Answer] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard let bank = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let questions = bank["questions"] as? [[String: Any]]
            else { continue }
            for question in questions where question["choices"] == nil {
                guard let answer = question["answer"] as? String else { continue }
                result.append(
                    Answer(
                        accepted: [answer] + (question["accept"] as? [String] ?? []),
                        reject: question["reject"] as? [String] ?? []))
            }
        }
        return result
    }
}
