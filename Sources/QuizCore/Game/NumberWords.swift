/// Numbers written as English words, read as digits, for `AnswerMatcher`:
/// `four` → `4`, `twenty one` → `21`, `one hundred five` → `105`, `two
/// thousand five` → `2005`, `nineteen forty five` → `1945` (two numbers of
/// two digits: a year), `fourth` → `4th`, `twenty first` → `21st`; and
/// ordinals in digits put right (`21th` → `21st`). Words arrive lower-case
/// and split (hyphens are spaces by then); `and` is already gone.
enum NumberWords {
    static let small: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    static let scales: [String: Int] = ["hundred": 100, "thousand": 1000, "million": 1_000_000]
    static let ordinals: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
        "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
        "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70, "eightieth": 80,
        "ninetieth": 90,
    ]

    /// Past this a number is left as it is written (no overflow, no giants).
    static let ceiling = 1_000_000_000_000
    static let ordinalScales: [String: Int] = ["hundredth": 100, "thousandth": 1000, "millionth": 1_000_000]

    static func isNumberWord(_ word: String) -> Bool {
        small[word] != nil || tens[word] != nil || scales[word] != nil
    }

    /// More words than this are never read as numbers.
    static let maximumWords = 64

    /// `words` with every run of number words replaced by its digits.
    static func digits(_ words: [String]) -> [String] {
        // An answer is a few words; a text of hundreds (a hostile bank, a
        // pasted page) is taken as written rather than read as numbers.
        if words.count > maximumWords { return words }
        var out: [String] = []
        out.reserveCapacity(words.count)
        var index = 0
        while index < words.count {
            let word = words[index]
            if let ordinal = digitOrdinal(word) {
                out.append(ordinal)
                index += 1
                continue
            }
            guard isNumberWord(word) || ordinals[word] != nil || ordinalScales[word] != nil else {
                out.append(word)
                index += 1
                continue
            }
            var run = Run()
            var end = index
            while end < words.count, run.add(words[end]) {
                end += 1
                if run.ordinal { break }
            }
            if end == index {
                // A word the run refused at once (a scale past the ceiling): as written.
                out.append(word)
                index += 1
                continue
            }
            out += run.digits()
            index = end
        }
        return out
    }

    /// `minus 3` and `negative 3` (from `minus three`) as `-3`, the form a
    /// written sign takes.
    static func signed(_ words: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < words.count {
            if words[index] == "minus" || words[index] == "negative", index + 1 < words.count,
                let next = words[index + 1].first, next.isASCII, next.isNumber
            {
                out.append("-" + words[index + 1])
                index += 2
            } else {
                out.append(words[index])
                index += 1
            }
        }
        return out
    }

    /// `21th`, `1ST`, `4th`: digits and an ordinal suffix, put right; nil otherwise.
    static func digitOrdinal(_ word: String) -> String? {
        guard word.count > 2, word.count <= 20 else { return nil }
        let suffix = word.suffix(2)
        guard ["st", "nd", "rd", "th"].contains(suffix) else { return nil }
        let number = word.dropLast(2)
        guard number.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(number) else { return nil }
        return String(number) + suffixFor(value)
    }

    static func suffixFor(_ value: Int) -> String {
        if (11...13).contains(value % 100) { return "th" }
        switch value % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// One run of number words: numbers of their own (`one two` is two
    /// numbers), each built of a total and the part still growing.
    struct Run {
        var numbers: [Int] = []
        var total = 0
        var current = 0
        var started = false
        var scaled = false
        var ordinal = false

        /// Takes `word` into the run; false when it is no number word (or
        /// would pass the ceiling), which ends the run before it.
        mutating func add(_ word: String) -> Bool {
            if let scale = scales[word] ?? ordinalScales[word] {
                let base = current == 0 ? 1 : current
                guard total <= NumberWords.ceiling / scale, base <= NumberWords.ceiling / scale else { return false }
                scaled = true
                if scale == 100 {
                    current = base * 100
                } else {
                    total += base * scale
                    current = 0
                }
                started = true
                ordinal = ordinalScales[word] != nil
                return true
            }
            guard let value = small[word] ?? tens[word] ?? ordinals[word] else { return false }
            if started {
                // twenty five, one hundred five, two thousand twenty: one number.
                let unitAfterTens = value < 10 && current % 100 >= 20 && current % 10 == 0
                let afterScale = current % 100 == 0 && (current > 0 || total > 0)
                if !(unitAfterTens || afterScale) { finish() }
            }
            current += value
            started = true
            ordinal = ordinals[word] != nil
            return true
        }

        mutating func finish() {
            if started { numbers.append(total + current) }
            total = 0
            current = 0
            started = false
        }

        /// The run's numbers as digits; two numbers of two digits each and no
        /// hundred or thousand between them read as a year (`nineteen forty five`).
        mutating func digits() -> [String] {
            let wasOrdinal = ordinal
            finish()
            var values = numbers
            if values.count == 2, !scaled, (10...99).contains(values[0]), (10...99).contains(values[1]) {
                values = [values[0] * 100 + values[1]]
            }
            var words = values.map(String.init)
            if wasOrdinal, let last = values.last {
                words[words.count - 1] += NumberWords.suffixFor(last)
            }
            return words
        }
    }
}
