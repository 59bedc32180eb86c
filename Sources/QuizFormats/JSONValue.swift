/// A parsed JSON value that remembers where each part began in its file, so
/// that a problem found later can still be reported with a line and column.
public struct JSONNode: Sendable {
    /// The value itself.
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in file order; a key may appear twice, and the checker says so.
        case object([JSONMember])
    }

    public var value: Value
    /// Byte offset in the source where this value starts.
    public var offset: Int

    public init(_ value: Value, offset: Int) {
        self.value = value
        self.offset = offset
    }

    /// The first member named `key`, when this is an object.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    public var array: [JSONNode]? {
        if case .array(let a) = value { return a }
        return nil
    }

    public var members: [JSONMember]? {
        if case .object(let m) = value { return m }
        return nil
    }

    /// A short name of the value's kind, for messages ("a string", "an array").
    public var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One member of a JSON object, in file order. (A struct, not a tuple: arrays
/// of tuples made the parser look up generic metadata for every object.)
public struct JSONMember: Sendable {
    public var key: String
    public var value: JSONNode

    public init(key: String, value: JSONNode) {
        self.key = key
        self.value = value
    }
}
