/// The categories of a bank's questions with how many questions each has,
/// for `quiz --list` and for messages about `--category`.
public struct BankCategories: Sendable, Equatable {
    /// Category names as the bank spells them, with their question counts,
    /// sorted by name ignoring case; questions without a category are not counted.
    public let counts: [(name: String, count: Int)]

    public init(_ bank: QuestionBank) {
        var counts: [String: Int] = [:]
        for question in bank.questions {
            if let category = question.category, !category.isEmpty { counts[category, default: 0] += 1 }
        }
        self.counts = counts.map { (name: $0.key, count: $0.value) }.sorted {
            let order = $0.name.lowercased().compare($1.name.lowercased())
            return order == .orderedSame ? $0.name < $1.name : order == .orderedAscending
        }
    }

    public static func == (lhs: BankCategories, rhs: BankCategories) -> Bool {
        lhs.counts.elementsEqual(rhs.counts) { $0.name == $1.name && $0.count == $1.count }
    }

    /// "A (12), B (40)".
    public var summary: String {
        counts.map { "\($0.name) (\($0.count))" }.joined(separator: ", ")
    }

    /// The lines `quiz --list` prints under a bank with two or more categories:
    /// "  categories: A (12), B (40), …", wrapped to `width` columns between
    /// categories, continuation lines indented under the first category.
    public func listing(width: Int) -> [String] {
        guard counts.count > 1 else { return [] }
        let head = "  categories: "
        let indent = String(repeating: " ", count: head.count)
        var lines: [String] = []
        var line = head
        var lineHasItem = false
        for (index, entry) in counts.enumerated() {
            let item = "\(TerminalText.safe(entry.name)) (\(entry.count))" + (index < counts.count - 1 ? "," : "")
            if lineHasItem && DisplayWidth.of(line) + 1 + DisplayWidth.of(item) > width {
                lines.append(line)
                line = indent
                lineHasItem = false
            }
            line += (lineHasItem ? " " : "") + item
            lineHasItem = true
        }
        lines.append(line)
        return lines
    }
}
