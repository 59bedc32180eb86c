import Foundation
import Testing

@testable import QuizCore

/// The answer matcher of the "Fair answers" issue, on a table of typed
/// answers with the verdict each must get: right as written (after the
/// canonical form), right as a close spelling (a slip), wrong, or rejected.
/// Near misses that must pass and false friends that must not.
@Suite struct AnswerMatcherTests {
    enum Expected: String, CustomStringConvertible {
        case right, slip, wrong, rejected
        var description: String { rawValue }
    }

    struct Case: CustomStringConvertible {
        var typed: String
        var answers: [String]
        var expected: Expected
        var others: [String] = []
        var reject: [String] = []
        var strict = false

        var description: String {
            "\(typed.debugDescription) for \(answers)"
                + (others.isEmpty ? "" : " among \(others)") + (reject.isEmpty ? "" : " rejecting \(reject)")
                + (strict ? " (strict)" : "")
        }
    }

    /// One line a case: typed; answers (| between forms); expected; other
    /// choices; rejected answers; "strict".
    static let table = #"""
        the diaphragm;Diaphragm;right
        a diaphragm;Diaphragm;right
        the sinoatrial node;Sinoatrial node|SA node;right
        the sinoatrial nodes;Sinoatrial node;slip
        Beatles;The Beatles;right
        the beatles;The Beatles;right
        tale of two cities;A Tale of Two Cities;right
        A Tale of 2 Cities;A Tale of Two Cities;right
        apple;an apple;right
        an apple;Apple;right
        a;A;right
        the;The;right
        thediaphragm;Diaphragm;wrong
        base-2;base 2;right
        base 2;base-2;right
        coca cola;Coca-Cola;right
        cocacola;Coca-Cola;slip
        O Brien;O'Brien;right
        obrien;O'Brien;slip
        newtons first law;Newton's first law;slip
        Newton’s 1st law;Newton's first law;right
        Apolo 11;Apollo 11;slip
        Apollo 12;Apollo 11;wrong
        apollo eleven;Apollo 11;right
        four;4;right
        4;four;right
        Four.;4;right
        5;4;wrong
        fourteen;4;wrong
        nineteen forty-five;1945;right
        nineteen forty five;1945;right
        1,945;1945;right
        1946;1945;wrong
        nineteen forty six;1945;wrong
        4th;fourth;right
        fourth;4th;right
        Fourth;4th;right
        twenty-first;21st;right
        twenty first;21st;right
        21th;21st;right
        third;3rd;right
        one hundred;100;right
        a hundred;100;right
        hundred;100;right
        two thousand and five;2005;right
        two thousand five;2005;right
        one thousand;1000;right
        1,000;1000;right
        one million;1,000,000;right
        twelve;12;right
        a dozen;12;wrong
        zero;0;right
        7;Seven;right
        seven;Seven;right
        sevn;Seven;wrong
        ninety nine;99;right
        ninety-nine;99;right
        one hundred and five;105;right
        ten sixty six;1066;right
        twenty twenty;2020;right
        forty two;42;right
        fourty two;42;wrong
        Havanna;Havana;slip
        Havan;Havana;slip
        Habana;Havana;wrong
        Hvaana;Havana;slip
        Hvnaa;Havana;wrong
        Havanaaa;Havana;wrong
        Ghengis Khan;Genghis Khan;slip
        Gengis Khan;Genghis Khan;slip
        Chinggis Khan;Genghis Khan;wrong
        Missisippi;Mississippi;slip
        Misisipi;Mississippi;wrong
        Mississipi;Mississippi;slip
        Pari;Paris;slip
        Parsi;Paris;slip
        Roma;Rome;wrong
        Olso;Oslo;wrong
        chair;Air;wrong
        air;Air;right
        Lime;Lima;wrong
        Perú;Peru;right
        Nairobi.;Nairobi;right
        Niarobi;Nairobi;slip
        Canbera;Canberra;slip
        Camberra;Canberra;slip
        Canberrra;Canberra;slip
        Kanbera;Canberra;wrong
        photosinthesis;Photosynthesis;slip
        fotosinthesis;Photosynthesis;wrong
        mitochondrion;Mitochondria;slip
        Ag;Au;wrong
        au;Au;right
        Pb.;Pb;right
        NaCI;NaCl;wrong
        Helum;Helium;slip
        KMnO3;KMnO4;wrong
        NASSA;NASA;wrong
        UNESKO;UNESCO;wrong
        Jupitor;Jupiter;slip
        jupiter;Jupiter;right
        Satrun;Saturn;slip
        Mercery;Mercury;slip
        Venis;Venus;slip
        Mar;Mars;wrong
        Neptun;Neptune;slip
        Plato;Pluto;wrong;Plato
        Plato;Pluto;wrong
        Austrlia;Austria;wrong;Australia
        Australa;Australia;slip;Austria
        Irak;Iran;wrong;Iraq
        Columbia;Colombia;wrong
        Columbia;Colombia;wrong;Columbia
        led;Lead;rejected;;Led
        toronto;Ottawa;rejected;;Toronto
        Torontoo;Ottawa;rejected;;Toronto
        Otawa;Ottawa;slip;;Toronto
        Greenwich Time;Greenwich Mean Time;rejected;;Greenwich Time
        Tokio;Tokyo|Tokio;right
        Tokjo;Tokyo|Tokio;slip
        Tokoy;Tokyo|Edo;slip
        au;Au;right;;;strict
        Au.;Au;right;;;strict
        base-2;base 2;wrong;;;strict
        Hague;The Hague;wrong;;;strict
        Havanna;Havana;wrong;;;strict
        four;4;wrong;;;strict
        sao paulo;São Paulo;right;;;strict
        rock & roll;Rock and roll;right
        rock and roll;Rock & roll;right
        rock n roll;Rock & roll;wrong
        Romeo & Juliet;Romeo and Juliet;right
        romeo, juliet;Romeo and Juliet;right
        AT and T;AT&T;right
        C;C++;wrong
        C;C#;wrong
        c++;C++;right
        C#;C++;wrong
        Washington DC;Washington, D.C.;right
        st petersburg;St. Petersburg;right
        St Petersburg;Saint Petersburg;wrong
        dont stop me now;Don't Stop Me Now;slip
          sao   paulo. ;São Paulo;right
        zurich;Zürich;right
        Reykjavik;Reykjavík;right
        Reykavik;Reykjavík;slip
        Ulan Bator;Ulaanbaatar;wrong
        北京;北京;right
        北;北京;wrong
        angstrom;Ångström;right
        ;Paris;wrong
           ;Paris;wrong
        ?;?;right
        ?;Paris;wrong
        paris paris;Paris;wrong
        PARIS!;Paris;right
        Paris?;Paris;right
        par is;Paris;slip
        Bat;Bath;wrong
        Wales;Whale;wrong
        Russia;Prussia;wrong
        Russia;Prussia;rejected;;Russia
        Australia;Austria;wrong
        Ireland;Iceland;wrong
        Ireland;Iceland;rejected;;Ireland
        Nigeria;Niger;wrong
        Slovakia;Slovenia;wrong
        Dali;Dalí;right
        Motzart;Mozart;slip
        Beethovan;Beethoven;slip
        Betoven;Beethoven;slip
        Shakspeare;Shakespeare;slip
        Shakespear;Shakespeare;slip
        Darwen;Darwin;slip
        Newtown;Newton;slip
        Einstien;Einstein;slip
        Eisntein;Einstein;slip
        Kopernikus;Copernicus;wrong
        Hydrogen gas;Hydrogen;wrong
        O;Oxygen;wrong
        h2o;H2O;right
        H20;H2O;wrong
        water;H2O;wrong
        pie;Pi;wrong
        CO2;Carbon dioxide;wrong
        World War 2;World War II;right
        World War Two;World War 2;right
        base-2;binary|base 2;right
        base two;binary|base 2;right
        binery;binary|base 2;slip
        S.A. node;Sinoatrial node|SA node;right
        sino-atrial node;Sinoatrial node;slip
        Havana1;Havana;wrong
        Ha-vana;Havana;slip
        HAVANA;Havana;right
        havana.;Havana;right
        Havana!!;Havana;right
        the Havana;Havana;right
        World War I;World War II;wrong
        World War II;World War I;wrong
        Elizabeth I;Elizabeth II;wrong
        Elizabeth II;Elizabeth I;wrong
        Elizabeth;Elizabeth I;wrong
        Charles I;Charles II;wrong
        Charles II;Charles I;wrong
        Henry VII;Henry VIII;wrong
        Henry VIII;Henry VII;wrong
        Henry VIIII;Henry VIII;wrong
        Louis XIV;Louis XVI;wrong
        Louis XVI;Louis XIV;wrong
        Rocky II;Rocky III;wrong
        Rocky III;Rocky II;wrong
        Hepatitis C;Hepatitis B;wrong
        Hepatitis B;Hepatitis C;wrong
        Hepatitis B;Hepatitis;wrong
        Plan B;Plan A;wrong
        Model A;Model T;wrong
        Iceland;Ireland;wrong
        Gambia;Zambia;wrong
        Zambia;Gambia;wrong
        Prussia;Russia;wrong
        40;-40;wrong
        -40;40;wrong
        −40;-40;right
        minus 40;-40;right
        -5;5;wrong
        1,2;12;wrong
        3,14;314;wrong
        3 14;3.14;wrong
        3.14;3.14;right
        314;3.14;wrong
        1,000,000;1000000;right
        Apollo -11;Apollo 11;wrong
        Civl War;Civil War;slip
        Henri VIII;Henry VIII;slip
        """#

    static let cases: [Case] = table.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
        let fields = line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 3, let expected = Expected(rawValue: fields[2]) else { return nil }
        func list(_ index: Int) -> [String] {
            index < fields.count && !fields[index].isEmpty ? fields[index].split(separator: "|").map(String.init) : []
        }
        return Case(
            typed: fields[0], answers: list(1), expected: expected, others: list(3), reject: list(4),
            strict: fields.count > 5 && fields[5] == "strict")
    }

    @Test func theTableHasEnoughCasesOfEveryKind() {
        #expect(Self.cases.count >= 150)
        #expect(Self.table.split(separator: "\n").count == Self.cases.count, "every line of the table is a case")
        for kind in [Expected.right, .slip, .wrong, .rejected] {
            #expect(Self.cases.filter { $0.expected == kind }.count >= 5, "cases of \(kind)")
        }
    }

    @Test(arguments: cases)
    func verdict(_ example: Case) {
        let matcher = AnswerMatcher(
            accepted: example.answers, reject: example.reject, others: example.others, strict: example.strict)
        let got: Expected =
            switch matcher.verdict(for: example.typed) {
            case .accepted(_, let slip): slip ? .slip : .right
            case .rejected: .rejected
            case .wrong: .wrong
            }
        #expect(got == example.expected, "\(example)")
    }

    @Test func aSlipNamesTheAnswerItSpells() {
        let matcher = AnswerMatcher(accepted: ["Tokyo", "Edo"])
        #expect(matcher.verdict(for: "Tokoy") == .accepted(form: "Tokyo", slip: true))
        #expect(matcher.verdict(for: "edo") == .accepted(form: "Edo", slip: false))
    }

    /// A typed choice text with a slip picks one choice, by the same rules:
    /// never when another choice or a rejected answer is as close.
    @Test func aSlipPicksOneChoiceOrNone() {
        let countries = ["Austria", "Australia", "Albania"]
        #expect(AnswerMatcher.slipChoice("Austrlia", among: countries) == nil, "as close to Austria as to Australia")
        #expect(AnswerMatcher.slipChoice("Australa", among: countries) == 1)
        #expect(AnswerMatcher.slipChoice("Albnia", among: countries) == 2)
        #expect(AnswerMatcher.slipChoice("Albnia", among: countries, reject: ["Albnian"]) == nil)
        #expect(AnswerMatcher.slipChoice("Canbera", among: ["Sydney", "Canberra", "Melbourne", "Perth"]) == 1)
        #expect(AnswerMatcher.slipChoice("Perh", among: ["Sydney", "Canberra", "Perth"]) == 2, "Perth has 5 letters")
        #expect(AnswerMatcher.slipChoice("Pert", among: ["Sydney", "Canberra", "Perth"]) == nil, "pert is a word")
        #expect(AnswerMatcher.slipChoice("Rom", among: ["Rome", "Oslo", "Lima"]) == nil, "under 5 letters")
        #expect(AnswerMatcher.slipChoice("Apolo 12", among: ["Apollo 11", "Apollo 12"]) == 1)
        #expect(AnswerMatcher.slipChoice("", among: ["Havana"]) == nil)
        #expect(AnswerMatcher.slipChoice("Havanna", among: []) == nil)
        // The same verdicts as one matcher per choice with the others as rivals.
        let typed = ["Austrlia", "Australa", "Albnia", "Austriaa", "Albanai", "Austral", "Abania"]
        for text in typed {
            let perChoice = countries.indices.filter { index in
                var others = countries
                others.remove(at: index)
                let verdict = AnswerMatcher(accepted: [countries[index]], others: others).verdict(for: text)
                return verdict == .accepted(form: countries[index], slip: true)
            }
            #expect(AnswerMatcher.slipChoice(text, among: countries) == perChoice.first, "\(text)")
        }
    }

    @Test func canonicalForms() {
        #expect(AnswerMatcher.canonical("The Diaphragm.") == "diaphragm")
        #expect(AnswerMatcher.canonical("nineteen forty-five") == "1945")
        #expect(AnswerMatcher.canonical("Twenty-First Century") == "21st century")
        #expect(AnswerMatcher.canonical("one two three") == "1 2 3")
        #expect(AnswerMatcher.canonical("Rock & Roll") == "rock roll")
        #expect(AnswerMatcher.canonical("and") == "and")
        #expect(AnswerMatcher.canonical("1,000,000") == "1000000")
        #expect(AnswerMatcher.canonical("C++") == "c++")
        #expect(AnswerMatcher.form("?", strict: false) == "?")
        // Number words past a trillion are left as written, with no overflow.
        let giant = Array(repeating: "million", count: 40).joined(separator: " ")
        #expect(!AnswerMatcher.canonical(giant).isEmpty)
    }

    @Test func theDistanceCountsASwapOnce() {
        func d(_ a: String, _ b: String) -> Int {
            AnswerMatcher.distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: 5)
        }
        #expect(d("havana", "hvaana") == 1)
        #expect(d("havana", "havanna") == 1)
        #expect(d("ghengis", "genghis") == 2)
        #expect(d("", "abc") == 3)
        #expect(d("abc", "abc") == 0)
        #expect(AnswerMatcher.distance(Array("a".unicodeScalars), Array("zzzzzzzz".unicodeScalars), limit: 2) == 3)
    }

    @Test func chemicalLookingAnswers() {
        for text in ["Au", "Pb", "NaCl", "KMnO4", "H2O", "NASA", "UNESCO"] {
            #expect(AnswerMatcher.looksChemical(text), "\(text)")
        }
        for text in ["Helium", "Havana", "Coca-Cola", "au", "O'Brien", ""] {
            #expect(!AnswerMatcher.looksChemical(text), "\(text)")
        }
    }
}
