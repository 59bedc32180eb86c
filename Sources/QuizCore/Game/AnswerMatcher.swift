/// Decides whether a typed answer means one of a question's accepted answers.
///
/// Both sides are first brought to a canonical form (`canonical(_:)`):
/// `AnswerFolding` (invisible characters dropped, stroke letters and
/// ligatures as their letters), `AnswerNormalizer` (case, accents, spaces, a
/// final full stop), then hyphens, apostrophes and inner punctuation read as
/// spaces, `&` and the word `and` dropped, runs of single letters joined
/// (`U.S.A.` is `usa`), a leading article (`the`, `a`, `an`) set off by a
/// space dropped, numbers written as words read as digits (`four` is `4`,
/// `fourth` is `4th`, `nineteen forty-five` is `1945`, `minus three` is
/// `-3`), and a roman numeral of `i`, `v`, `x` after the first word read as
/// its number (`Mehmed II` is `Mehmed 2`). Equal canonical forms match.
///
/// Failing that, a spelling slip is accepted when it is close: a
/// Damerau–Levenshtein distance (adjacent swaps count one) of 1 for answers
/// of 5 to 8 letters, 2 for 9 letters and more; never for shorter answers,
/// never for answers with digits or symbols, never for ones that look like
/// chemical symbols or formulas (`Au`, `NaCl`, `NASA`), never when what was
/// typed has digits, never when it is a different word (`FalseFriends`:
/// `hungry` is no slip of `Hungary`, `Ireland` none of `Iceland`, `dessert`
/// none of `desert`), and never when it is as close to
/// something wrong (a rejected answer, another choice) as to the accepted
/// form it is nearest to; two accepted forms are never rivals, and a doubled
/// letter wins a tie. A slip changes letters only inside words long enough
/// to carry one: never a word of 1 to 3 letters (`Plan A`, `Hepatitis C`),
/// never a roman numeral (`World War II`, `Henry VIII`), never a word's first
/// letter (`Gambia`, `Zambia`); spaces may come and go (`cocacola`).
///
/// Numbers written in digits must agree with the answer's, sign, decimal
/// point and all (`-40` is not `40`, `3 14` is not `3.14`); a comma before
/// exactly three digits groups thousands (`1,000` is `1000`). This holds
/// for an exact match as for a slip, when both sides have digits.
///
/// A `strict` matcher compares `AnswerFolding` and `AnswerNormalizer` forms
/// only. Answers in `reject` are never accepted, whatever else would match
/// them, unless one reads exactly as an accepted answer (then the accepted
/// answer wins).
public struct AnswerMatcher: Sendable {
    /// What a typed answer was taken for.
    public enum Verdict: Sendable, Equatable {
        /// Accepted: `form` is the accepted answer it matched; `slip` when only
        /// as a close spelling (then say how it is spelled).
        case accepted(form: String, slip: Bool)
        /// One of the question's rejected answers, or near one.
        case rejected
        case wrong

        public var isAccepted: Bool {
            if case .accepted = self { true } else { false }
        }
    }

    public let accepted: [String]
    public let reject: [String]
    public let others: [String]
    public let strict: Bool

    private let acceptedForms: [String]
    private let rejectForms: [String]
    private let otherForms: [String]
    private let acceptedNumbers: [[String]]

    /// `accepted`: the answer and its other accepted forms; `reject`: answers
    /// never accepted; `others`: other candidates a slip must not be as close
    /// to (a question's other choices).
    public init(accepted: [String], reject: [String] = [], others: [String] = [], strict: Bool = false) {
        self.accepted = accepted
        self.reject = reject
        self.others = others
        self.strict = strict
        acceptedForms = accepted.map { Self.form($0, strict: strict) }
        // A rejected answer that reads as an accepted one (`The Tokyo` beside
        // `Tokyo`) is left out: the right answer can always be given.
        let acceptedForms = self.acceptedForms
        rejectForms = reject.map { Self.form($0, strict: strict) }.filter { !acceptedForms.contains($0) }
        otherForms = others.map { Self.form($0, strict: strict) }
        acceptedNumbers = accepted.map(Self.numbers)
    }

    /// The form `text` is compared in: canonical, or only normalized when
    /// strict; an answer of punctuation alone (`?`), which normalizing
    /// empties, is compared as it is written.
    public static func form(_ text: String, strict: Bool) -> String {
        let folded = AnswerFolding.fold(text)
        let form = strict ? AnswerNormalizer.normalize(folded) : canonical(folded: folded)
        return form.isEmpty ? AnswerNormalizer.trimmingSpaces(folded).lowercased() : form
    }

    /// Two choices with the same key read as one to a player (case, spaces
    /// and invisible characters aside): a bank may not offer both. Accents
    /// count: a quiz of spellings offers `Brasil` and `Brasíl`.
    static func sameChoiceKey(_ text: String) -> String {
        let visible = String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .format }))
        return visible.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    public func verdict(for typed: String) -> Verdict {
        let form = Self.form(typed, strict: strict)
        if form.isEmpty { return .wrong }
        if rejectForms.contains(form) { return .rejected }
        let typedNumbers = Self.numbers(typed)
        let agreeing = acceptedNumbers.map { Self.numbersAgree(typedNumbers, $0) }
        if let index = acceptedForms.indices.first(where: { acceptedForms[$0] == form && agreeing[$0] }) {
            return .accepted(form: accepted[index], slip: false)
        }
        if strict || acceptedForms.contains(form) { return .wrong }
        return slip(form, agreeing: agreeing)
    }

    /// The numbers written in digits in `text` (folded: a zero-width space
    /// inside `19​45` splits nothing), in order, each with its sign (a minus
    /// sign, hyphen or dash not after a letter or digit, or the word `minus`)
    /// and decimal part; a comma before exactly three digits groups
    /// thousands and is dropped.
    static func numbers(_ text: String) -> [String] {
        let scalars = Array(AnswerFolding.fold(text).unicodeScalars)
        var result: [String] = []
        var index = 0
        while index < scalars.count {
            guard isDigit(scalars[index]) else {
                index += 1
                continue
            }
            var number = ""
            if index > 0, minusSigns.contains(scalars[index - 1]),
                index < 2 || !(scalars[index - 2].properties.isAlphabetic || isDigit(scalars[index - 2]))
            {
                number = "-"
            } else if signWord(before: scalars[..<index]) {
                number = "-"  // minus 3
            }
            while index < scalars.count {
                if isDigit(scalars[index]) {
                    number.unicodeScalars.append(scalars[index])
                    index += 1
                } else if scalars[index] == "." || scalars[index] == ",", index + 1 < scalars.count,
                    isDigit(scalars[index + 1])
                {
                    var end = index + 1
                    while end < scalars.count, isDigit(scalars[end]) { end += 1 }
                    if scalars[index] == "," && end - index - 1 == 3 {
                        index += 1  // 1,000 is 1000
                    } else {
                        number.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                } else {
                    break
                }
            }
            result.append(number)
        }
        return result
    }

    /// `text` ends with the word `minus` or `negative` and a space or more.
    static func signWord(before text: ArraySlice<Unicode.Scalar>) -> Bool {
        var end = text.endIndex
        guard end > text.startIndex, text[end - 1] == " " else { return false }
        while end > text.startIndex, text[end - 1] == " " { end -= 1 }
        var start = end
        while start > text.startIndex, text[start - 1].properties.isAlphabetic { start -= 1 }
        let word = String(String.UnicodeScalarView(text[start..<end])).lowercased()
        return word == "minus" || word == "negative"
    }

    /// Numbers in digits on both sides must be the same; `four` for `4` is
    /// left to the canonical form.
    static func numbersAgree(_ typed: [String], _ answer: [String]) -> Bool {
        typed.isEmpty || answer.isEmpty || typed == answer
    }

    /// The accepted answer `form` is a close spelling of, if it is unambiguous.
    ///
    /// Of the accepted forms close enough, the nearest that `form` is no
    /// different word from (`FalseFriends`); then nothing wrong (a rejected
    /// answer, another choice) may be as close. Two accepted forms as close
    /// as each other are no rivals: either way the answer is right, so more
    /// accepted forms never make a verdict stricter.
    private func slip(_ form: String, agreeing: [Bool]) -> Verdict {
        let typed = SlipKey(form)
        guard typed.plain else { return .wrong }
        var near: [(index: Int, distance: Int)] = []
        for (index, candidate) in acceptedForms.enumerated() {
            let key = SlipKey(candidate)
            let allowed = Self.allowedSlip(original: accepted[index], key: key)
            guard allowed > 0, agreeing[index] else { continue }
            let distance = typed.distance(to: key, limit: allowed)
            if distance <= allowed { near.append((index, distance)) }
        }
        near.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        guard let best = near.first(where: { !FalseFriends.differ(typed: form, answer: acceptedForms[$0.index]) })
        else {
            return nearReject(typed) ? .rejected : .wrong
        }
        let right = Set(acceptedForms)
        let rivals = rejectForms + otherForms.filter { !right.contains($0) }
        let doubled = Self.onlyDoubling(form, acceptedForms[best.index])
        for rival in rivals where typed.distance(to: SlipKey(rival), limit: best.distance) <= best.distance {
            if doubled && !Self.onlyDoubling(form, rival) { continue }
            return rejectForms.contains(rival) ? .rejected : .wrong
        }
        return .accepted(form: accepted[best.index], slip: true)
    }

    /// `a` and `b` differ only in letters written once or twice (`abysal`
    /// and `abyssal`, `tomorow` and `tomorrow`): the commonest slip, nearer
    /// than any other edit, so such a slip wins a tie with a rival that
    /// differs otherwise (`abysmal`).
    static func onlyDoubling(_ a: String, _ b: String) -> Bool {
        func single(_ text: String) -> [Unicode.Scalar] {
            var out: [Unicode.Scalar] = []
            for scalar in text.unicodeScalars where scalar != " " && out.last != scalar { out.append(scalar) }
            return out
        }
        return a != b && single(a) == single(b)
    }

    /// The one choice `typed` is a close spelling of, by the same rules as a
    /// matcher per choice with the other choices as rivals, but with each
    /// form worked out once: nil when none is close enough, `typed` is a
    /// different word from it (`FalseFriends`), or another choice or a
    /// rejected answer is as close.
    public static func slipChoice(_ typed: String, among choices: [String], reject: [String] = []) -> Int? {
        let typedForm = form(typed, strict: false)
        let key = SlipKey(typedForm)
        guard key.plain, !key.text.isEmpty else { return nil }
        let typedNumbers = numbers(typed)
        let forms = choices.map { form($0, strict: false) }
        let keys = forms.map(SlipKey.init)
        var near: [(index: Int, distance: Int)] = []
        for index in choices.indices {
            let allowed = allowedSlip(original: choices[index], key: keys[index])
            guard allowed > 0, numbersAgree(typedNumbers, numbers(choices[index])) else { continue }
            let distance = key.distance(to: keys[index], limit: allowed)
            if distance <= allowed { near.append((index, distance)) }
        }
        near.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        guard let best = near.first(where: { !FalseFriends.differ(typed: typedForm, answer: forms[$0.index]) })
        else { return nil }
        let chosen = forms[best.index]
        let rivals =
            forms.filter { $0 != chosen } + reject.map { form($0, strict: false) }.filter { $0 != chosen }
        let doubled = onlyDoubling(typedForm, chosen)
        for rival in rivals where key.distance(to: SlipKey(rival), limit: best.distance) <= best.distance {
            if doubled && !onlyDoubling(typedForm, rival) { continue }
            return nil
        }
        return best.index
    }

    private func nearReject(_ typed: SlipKey) -> Bool {
        zip(reject, rejectForms).contains { original, form in
            let key = SlipKey(form)
            let allowed = Self.allowedSlip(original: original, key: key)
            return allowed > 0 && typed.distance(to: key, limit: allowed) <= allowed
        }
    }

    /// How many edits a slip of this accepted answer may have: 0 (none) for
    /// answers under 5 letters, numbers alone, symbols, and chemical-looking ones.
    static func allowedSlip(original: String, key: SlipKey) -> Int {
        if !key.plain || key.letters < 5 || looksChemical(original) { return 0 }
        return key.letters >= 9 ? 2 : 1
    }

    /// A canonical form as slips see it: its words of letters, and its
    /// numbers apart, which must be equal (`Apollo 11` is no slip of `Apollo 12`).
    struct SlipKey {
        var text: [Unicode.Scalar] = []
        /// Per scalar of `text`: no slip may change it (a letter of a word of
        /// 1 to 3 letters or of a roman numeral, or a word's first letter).
        var fixed: [Bool] = []
        /// Per scalar of `text`: in a word of 1 to 3 letters or a roman
        /// numeral, so nothing may be put next to it either.
        var short: [Bool] = []
        var numbers: [Substring] = []
        var letters = 0
        /// Letters and numbers only: no symbol anywhere.
        var plain = true

        init(_ form: String) {
            for word in form.split(separator: " ") {
                if word.unicodeScalars.contains(where: { $0.properties.numericType != nil }) {
                    numbers.append(word)
                    if !word.unicodeScalars.allSatisfy({
                        $0.properties.isAlphabetic || $0.properties.numericType != nil
                    }) {
                        plain = false
                    }
                    continue
                }
                if !text.isEmpty {
                    text.append(" ")
                    fixed.append(false)
                    short.append(false)
                }
                let isShort = word.unicodeScalars.count <= 3 || AnswerMatcher.isRomanNumeral(word)
                for (offset, scalar) in word.unicodeScalars.enumerated() {
                    if !scalar.properties.isAlphabetic { plain = false }
                    text.append(scalar)
                    fixed.append(isShort || offset == 0)
                    short.append(isShort)
                    letters += 1
                }
            }
        }

        /// The edits between the words, when the numbers are the same; else more than `limit`.
        func distance(to other: SlipKey, limit: Int) -> Int {
            guard numbers == other.numbers else { return limit + 1 }
            return AnswerMatcher.distance(self, other, limit: limit)
        }
    }

    /// `Au`, `Pb`, `NaCl`, `KMnO4`, `NASA`: capital letters each followed by
    /// at most one small letter, and digits; no spaces.
    static func looksChemical(_ text: String) -> Bool {
        let scalars = Array(text.trimmed.unicodeScalars)
        guard !scalars.isEmpty, let first = scalars.first, isUpper(first) else { return false }
        var index = 0
        while index < scalars.count {
            guard isUpper(scalars[index]) else { return false }
            index += 1
            if index < scalars.count, isLower(scalars[index]) { index += 1 }
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        }
        return true
    }

    /// `ii`, `viii`, `xiv`, `mcmxc`: a well-formed roman numeral, in small letters.
    static func isRomanNumeral(_ word: Substring) -> Bool {
        var rest = Array(word.unicodeScalars)
        guard !rest.isEmpty, rest.allSatisfy({ "ivxlcdm".unicodeScalars.contains($0) }) else { return false }
        // Thousands, then hundreds, tens and units, each one of its forms.
        let places: [(one: Unicode.Scalar, five: Unicode.Scalar, ten: Unicode.Scalar)] = [
            ("c", "d", "m"), ("x", "l", "c"), ("i", "v", "x"),
        ]
        var thousands = 0
        while rest.first == "m", thousands < 4 {
            rest.removeFirst()
            thousands += 1
        }
        for place in places {
            let forms: [[Unicode.Scalar]] = [
                [place.one, place.ten], [place.one, place.five], [place.five, place.one, place.one, place.one],
                [place.five, place.one, place.one], [place.five, place.one], [place.five],
                [place.one, place.one, place.one], [place.one, place.one], [place.one],
            ]
            if let form = forms.first(where: { rest.starts(with: $0) }) { rest.removeFirst(form.count) }
        }
        return rest.isEmpty
    }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    private static func isLower(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }

    /// Damerau–Levenshtein distance (optimal string alignment: insertions,
    /// deletions, substitutions and swaps of neighbours, each 1); any value
    /// above `limit` is reported as `limit + 1`, so long texts cost little.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return min(max(a.count, b.count), limit + 1) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return min(previous[b.count], limit + 1)
    }

    /// The distance between two slip keys (`a` typed, `b` an answer) where an
    /// edit may not touch a fixed letter of either, nor put a letter next to
    /// a short word's letter or before a word's first letter: such an edit
    /// costs more than `limit`. Spaces may be put in or left out anywhere.
    static func distance(_ a: SlipKey, _ b: SlipKey, limit: Int) -> Int {
        let x = a.text
        let y = b.text
        if abs(x.count - y.count) > limit { return limit + 1 }
        let barred = limit + 1
        /// A scalar of `y` missing from `x` at gap `i` of `x` (between x[i-1] and x[i]).
        func missing(_ j: Int, gap i: Int) -> Int {
            if b.fixed[j] { return barred }
            if y[j] != " " && ((i > 0 && a.short[i - 1]) || (i < x.count && a.fixed[i])) { return barred }
            return 1
        }
        /// A scalar of `x` not in `y`, at gap `j` of `y`.
        func extra(_ i: Int, gap j: Int) -> Int {
            if a.fixed[i] { return barred }
            if x[i] != " " && ((j > 0 && b.short[j - 1]) || (j < y.count && b.fixed[j])) { return barred }
            return 1
        }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for j in 0..<y.count { rows[0][j + 1] = min(rows[0][j] + missing(j, gap: 0), barred) }
        for i in 1..<(x.count + 1) {
            rows[i][0] = min(rows[i - 1][0] + extra(i - 1, gap: 0), barred)
            var rowMinimum = rows[i][0]
            for j in 1..<(y.count + 1) {
                let same = x[i - 1] == y[j - 1]
                let change = same ? 0 : (a.fixed[i - 1] || b.fixed[j - 1] ? barred : 1)
                var value = min(
                    rows[i - 1][j] + extra(i - 1, gap: j), rows[i][j - 1] + missing(j - 1, gap: i),
                    rows[i - 1][j - 1] + change)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] && !same {
                    let touched = a.fixed[i - 1] || a.fixed[i - 2] || b.fixed[j - 1] || b.fixed[j - 2]
                    value = min(value, rows[i - 2][j - 2] + (touched ? barred : 1))
                }
                value = min(value, barred)
                rows[i][j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
        }
        return min(rows[x.count][y.count], limit + 1)
    }

    // MARK: The canonical form

    /// The form answers are compared in (see the type's description). Never
    /// empty for a text with something in it: when the rules leave nothing
    /// (`and`, `&`), the `AnswerNormalizer` form is used.
    public static func canonical(_ text: String) -> String {
        canonical(folded: AnswerFolding.fold(text))
    }

    /// `canonical` of a text `AnswerFolding` has folded already.
    private static func canonical(folded text: String) -> String {
        let normalized = AnswerNormalizer.normalize(text)
        var spaced = ""
        spaced.unicodeScalars.reserveCapacity(normalized.unicodeScalars.count)
        let scalars = Array(normalized.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let startsWord = index == 0 || scalars[index - 1] == " "
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if minusSigns.contains(scalar), startsWord, let next, isDigit(next) {
                spaced.unicodeScalars.append("-")  // a sign: -3 and –3 are not 3
            } else if minusSigns.contains(scalar), startsWord, next != nil, numberWord(in: scalars, from: index + 1) {
                spaced.unicodeScalars.append(contentsOf: "minus ".unicodeScalars)  // -three is minus three
            } else if scalar == "-", !startsWord, next == nil || next == " " {
                spaced.unicodeScalars.append("-")  // ends a symbol: O- is not O
            } else if let next, isDigit(scalar) != isDigit(next), next.properties.isAlphabetic || isDigit(next),
                scalar.properties.isAlphabetic || isDigit(scalar), !isOrdinalEnding(scalars, after: index)
            {
                // Letters and digits apart: B52 is B-52, MI5 is MI 5, 5km is 5 km.
                spaced.unicodeScalars.append(scalar)
                spaced.unicodeScalars.append(" ")
            } else if scalar == "&" {
                spaced.unicodeScalars.append(contentsOf: " and ".unicodeScalars)
            } else if scalar == ",", index > 0, index + 1 < scalars.count, isDigit(scalars[index - 1]),
                isDigit(scalars[index + 1])
            {
                continue  // 1,000 is 1000
            } else if separators.contains(scalar) {
                spaced.unicodeScalars.append(" ")
            } else {
                spaced.unicodeScalars.append(scalar)
            }
        }
        var words = joiningInitials(spaced.split(separator: " ").map(String.init).filter { $0 != "and" })
        // An article before the answer, set off by a space (`the Hague`),
        // not the first part of a compound (`A-Team`, `An-225`, `a-ha`).
        if words.count > 1, articles.contains(words[0]), normalized.hasPrefix(words[0] + " ") {
            words.removeFirst()
        }
        let result = regnalNumbers(NumberWords.signed(NumberWords.digits(words))).joined(separator: " ")
        return result.isEmpty ? normalized : result
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// A minus sign as typed or pasted: the hyphen, the minus sign, and the
    /// hyphens and dashes a word processor puts in its place.
    static let minusSigns: Set<Unicode.Scalar> = [
        "-", "\u{2212}", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{FE63}", "\u{FF0D}",
    ]

    /// Digits at `index`, then `st`, `nd`, `rd` or `th` ending the word:
    /// an ordinal (`21st`), kept whole.
    private static func isOrdinalEnding(_ scalars: [Unicode.Scalar], after index: Int) -> Bool {
        guard isDigit(scalars[index]), index + 2 < scalars.count else { return false }
        let suffix = String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)]))
        let ends = index + 3 == scalars.count || !scalars[index + 3].properties.isAlphabetic
        return ["st", "nd", "rd", "th"].contains(suffix) && ends
    }

    /// The letters from `index` on, to the end of the word, are a number
    /// word (`-three`: minus three).
    private static func numberWord(in scalars: [Unicode.Scalar], from index: Int) -> Bool {
        var end = index
        while end < scalars.count, scalars[end].properties.isAlphabetic { end += 1 }
        return NumberWords.isNumberWord(String(String.UnicodeScalarView(scalars[index..<end])))
    }

    /// A roman numeral of `i`, `v` and `x` after the first word, as digits:
    /// `Mehmed II` is `Mehmed 2`, `World War II` `World War 2`, `Henry VIII`
    /// `Henry 8` (a numeral with `l`, `c`, `d` or `m` is more often a word:
    /// `mix`, `DC`; and a lone `X` a letter: `Malcolm X`).
    static func regnalNumbers(_ words: [String]) -> [String] {
        let values: [Unicode.Scalar: Int] = ["i": 1, "v": 5, "x": 10]
        var out = words
        for index in words.indices.dropFirst() {
            let word = words[index]
            // A lone `x` is more often a letter than ten: Malcolm X, Generation X.
            guard word != "x", word.unicodeScalars.allSatisfy({ values[$0] != nil }), isRomanNumeral(Substring(word))
            else { continue }
            let digits = word.unicodeScalars.compactMap { values[$0] }
            var total = 0
            for (position, value) in digits.enumerated() {
                total += position + 1 < digits.count && value < digits[position + 1] ? -value : value
            }
            out[index] = String(total)
        }
        return out
    }

    /// Runs of two or more single letters as one word: `U.S.A.`, `U S A`
    /// and `USA` are one answer, as are `J. R. R. Tolkien` and `JRR Tolkien`.
    static func joiningInitials(_ words: [String]) -> [String] {
        var out: [String] = []
        var run = ""
        func flush() {
            if !run.isEmpty { out.append(run) }
            run = ""
        }
        for word in words {
            if word.unicodeScalars.count == 1, let scalar = word.unicodeScalars.first, scalar.properties.isAlphabetic {
                run += word
            } else {
                flush()
                out.append(word)
            }
        }
        flush()
        return out
    }

    /// Read as spaces: hyphens and dashes, apostrophes and quotes, and
    /// punctuation inside an answer. Symbols that carry meaning (`+`, `#`,
    /// `%`, `$`, `*`, `=`) are kept: `C++` and `C#` are not `C`.
    static let separators: Set<Unicode.Scalar> = [
        "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}", "'", "\u{2018}", "\u{2019}",
        "\u{02BC}", "`", "\u{00B4}", "\"", "\u{201C}", "\u{201D}", ".", ",", ";", ":", "/", "\\", "(", ")", "[",
        "]", "{", "}", "!", "?", "\u{00A1}", "\u{00BF}", "\u{2026}", "_", "\t",
    ]
    static let articles: Set<String> = ["the", "a", "an"]
}
