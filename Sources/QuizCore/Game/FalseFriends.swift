/// When a close spelling is a different word, not a slip: a quizmaster hears
/// `hungry` as hungry, not as a slip of `Hungary`.
///
/// A typed text is no slip of an answer when a word of it that the answer
/// lacks (4 letters or more) is
/// - for an answer of one word, any real word (`RealWords`: `iconic` for
///   `Ionic`, `chloride` for `Chlorine`, `hungry` for `Hungary`, `pert` for
///   `Perth`) or a country's name (`KnownNames`);
/// - for an answer of several words, a country or a continent, or a word
///   made of one (`KnownNames`: `America` in `South America` for `South
///   Africa`, `Nigeria River` for `Niger River`, `Central American
///   Republic`), or any name in place of a country (`Bank of Indiana`), but
///   not a form of a word that names no place (`Antarctica krill`): any
///   other word inside a longer name is a slip, since the rest of the name
///   says what was meant (`Harry Porter`, `Bearing Strait`, `Genghis Kahn`);
/// - in either, the answer's word with a prefix or an ending that means the
///   opposite or another compound: `hypo`/`hyper`, `endo`/`exo`,
///   `inter`/`intra`, `micro`/`macro`, `ante`/`anti`; `-ane`/`-ene`/`-yne`,
///   `-ate`/`-ite`, `-ide`/`-ine` (`ethyne` for `ethane`, words no list
///   need hold).
///
/// Not different words: the answer's word with an `s` or `es` more or less
/// (`Pyrenee`, `islands`) or in its other number (`mitochondrion`), and words
/// that only move a space (`sea horse` for `seahorse`, and the other way).
enum FalseFriends {
    /// Whether `typed` holds a different word from `answer` (both canonical forms).
    static func differ(typed: String, answer: String) -> Bool {
        let typedWords = typed.split(separator: " ")
        let answerWords = answer.split(separator: " ")
        let replaced = answerWords.filter { !typedWords.contains($0) }
        let split = splitWords(typedWords, joiningTo: replaced)
        for (index, word) in typedWords.enumerated() where word.count >= 4 && !answerWords.contains(word) {
            if replaced.contains(where: { inflected(word, $0) }) { continue }
            if split.contains(index) || !splitWords(answerWords, joiningTo: [word]).isEmpty { continue }
            // A space put in, with a slip in the other part (`bbio luminescence`).
            if typedWords.count > answerWords.count,
                replaced.contains(where: { $0.count > word.count && ($0.hasPrefix(word) || $0.hasSuffix(word)) })
            {
                continue
            }
            if answerWords.count == 1 {
                if RealWords.contains(word) || KnownNames.isPlace(word) { return true }
            } else {
                // A place for the answer's word, or a name for its place;
                // not a form of a word that names no place (`antarctica`
                // for `antarctic`, as `nigeria` for `niger` is another place).
                let form = replaced.contains { derived(word, $0) && !KnownNames.isPlace($0) }
                let named = RealWords.isName(word) && replaced.contains { KnownNames.isPlace($0) }
                if !form && (KnownNames.isPlace(word) || named) { return true }
            }
            if replaced.contains(where: { contrasting(word, $0) }) { return true }
        }
        return false
    }

    /// One of `a` and `b` is the other with one or two letters more at the
    /// end (`antarctica` and `antarctic`): in a longer name, a form of the
    /// same word.
    static func derived(_ a: Substring, _ b: Substring) -> Bool {
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        return long.hasPrefix(short) && long.count - short.count <= 2
    }

    /// `a` is `b` with `s` or `es` more, or the other way round, or the
    /// other number of a Latin or Greek noun (`mitochondrion` and
    /// `mitochondria`, `bacterium` and `bacteria`, `nucleus` and `nuclei`,
    /// `axis` and `axes`, `larva` and `larvae`, `vertex` and `vertices`).
    static func inflected(_ a: Substring, _ b: Substring) -> Bool {
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        if long.hasPrefix(short) {
            let rest = long.dropFirst(short.count)
            if rest == "s" || rest == "es" || (rest == "e" && short.hasSuffix("a")) { return true }
        }
        for (one, many) in latinNumbers {
            for (x, y) in [(a, b), (b, a)] where x.hasSuffix(one) && y.hasSuffix(many) {
                if x.dropLast(one.count) == y.dropLast(many.count) { return true }
            }
        }
        return false
    }

    static let latinNumbers: [(String, String)] = [
        ("on", "a"), ("um", "a"), ("us", "i"), ("is", "es"), ("ex", "ices"), ("ix", "ices"),
    ]

    /// The indices of `words` in runs of two or more that, run together,
    /// make one of `targets`: `sea horse` typed for `seahorse`, and (with
    /// the answer's words and the typed word as the target) `seahorse` for
    /// `sea horse`.
    static func splitWords(_ words: [Substring], joiningTo targets: [Substring]) -> Set<Int> {
        var result = Set<Int>()
        for start in words.indices {
            var joined = ""
            for end in start..<words.count {
                joined += words[end]
                if end > start, targets.contains(where: { $0 == joined }) { result.formUnion(start...end) }
                if targets.allSatisfy({ joined.count >= $0.count }) { break }
            }
        }
        return result
    }

    static let prefixes: [[String]] = [
        ["hypo", "hyper"], ["endo", "exo"], ["inter", "intra"], ["micro", "macro"], ["ante", "anti"],
    ]
    static let endings: [[String]] = [["ane", "ene", "yne"], ["ate", "ite"], ["ide", "ine"]]

    /// `a` and `b` are one stem with two prefixes, or two endings (after a
    /// stem of 3 letters or more: `seide` is no compound of `seine`), of a pair.
    static func contrasting(_ a: Substring, _ b: Substring) -> Bool {
        for group in prefixes {
            for first in group where a.hasPrefix(first) {
                for second in group where second != first && b.hasPrefix(second) {
                    if a.dropFirst(first.count) == b.dropFirst(second.count) { return true }
                }
            }
        }
        for group in endings {
            for first in group where a.hasSuffix(first) {
                for second in group where second != first && b.hasSuffix(second) {
                    let stem = a.dropLast(first.count)
                    if stem.count >= 3 && stem == b.dropLast(second.count) { return true }  // not se-ide, se-ine
                }
            }
        }
        return false
    }
}
