/// Finds the word a player probably meant: the first candidate that starts
/// with what was typed (two letters or more: `hist` is `history`, not `list`),
/// else the candidate with the smallest edit distance (Levenshtein, ignoring
/// case), if it is close enough to be a typo: at most 1 edit for words of up
/// to 4 letters, 2 up to 8, else 3.
public enum NearestMatch {
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty else { return nil }
        if typed.count >= 2, let started = candidates.first(where: { $0.lowercased().hasPrefix(word.lowercased()) }) {
            return started
        }
        let allowed = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance <= allowed && distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
