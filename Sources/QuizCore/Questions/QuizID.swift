/// A quiz id as a player types it after `--quiz`: the same quiz whatever
/// its letters' case (`WORLD-capitals` is `world-capitals`), as the menu
/// finds a bank by its id ignoring case (`QuizLookup.menu`).
public struct QuizID: Sendable, Equatable {
    /// What was typed.
    public let typed: String
    private let lowered: String
    private let asciiOnly: Bool

    public init(_ typed: String) {
        self.typed = typed
        lowered = typed.lowercased()
        asciiOnly = typed.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether `id` (a game's or a bank's quiz id) is this quiz: equal, or
    /// equal once both are lowercased. ASCII ids are compared a byte at a
    /// time, without building a string: the filter runs once per game.
    public func matches(_ id: String?) -> Bool {
        guard let id else { return false }
        if id == typed { return true }
        if asciiOnly && id.utf8.allSatisfy({ $0 < 0x80 }) {
            return id.utf8.elementsEqual(typed.utf8) { Self.folded($0) == Self.folded($1) }
        }
        return id.lowercased() == lowered
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }
}

extension QuizID: ExpressibleByStringLiteral {
    public init(stringLiteral typed: String) { self.init(typed) }
}
