/// One thing wrong with a bank file: where it is and what is wrong, printed as
/// one line that starts with the file's path, as compilers do.
public struct BankProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the file the problem is.
    public enum Place: Sendable, Equatable {
        case file
        case position(line: Int, column: Int)
        /// `number` is 1-based; `field` is nil when the question as a whole is at fault.
        case question(number: Int, field: String?, line: Int?)
    }

    public var path: String
    public var place: Place
    public var message: String

    public init(path: String, place: Place, message: String) {
        self.path = path
        self.place = place
        self.message = message
    }

    public var description: String {
        switch place {
        case .file:
            return "\(path): \(message)"
        case .position(let line, let column):
            return "\(path):\(line):\(column): \(message)"
        case .question(let number, let field, let line):
            let at = line.map { ":\($0)" } ?? ""
            let what = field.map { "question \(number), \"\($0)\"" } ?? "question \(number)"
            return "\(path)\(at): \(what): \(message)"
        }
    }
}

/// Why a bank could not be loaded.
public enum BankError: Error, Sendable, CustomStringConvertible {
    case notFound(path: String)
    /// There, but not a bank file that can be read; `reason` says why, in full
    /// ("a folder, not a bank file", "cannot read it: permission denied").
    case unreadable(path: String, reason: String)
    /// Every problem found; there is at least one.
    case invalid([BankProblem])

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file"
        case .unreadable(let path, let reason): "\(path): \(reason)"
        case .invalid(let problems):
            problems.count == 1
                ? problems[0].description
                : "\(problems[0]) (and \(problems.count - 1) more; see quiz --validate)"
        }
    }

    /// All the problems, one line each.
    public var problems: [String] {
        if case .invalid(let problems) = self { return problems.map(\.description) }
        return [description]
    }
}
