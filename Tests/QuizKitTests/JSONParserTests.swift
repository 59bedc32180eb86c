import Foundation
import QuizCore
import QuizFormats
import Testing

/// A plain, comparable copy of a parsed value (`JSONNode.Value` is not Equatable).
private indirect enum Plain: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Plain])
    case object([Member])

    struct Member: Equatable {
        var key: String
        var value: Plain
    }

    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(Plain.init))
        case .object(let members): self = .object(members.map { Member(key: $0.key, value: Plain($0.value)) })
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

private func parse(_ text: String) throws -> Plain {
    Plain(try JSONParser.parse(Array(text.utf8)))
}

private func syntaxError(_ bytes: [UInt8]) -> JSONParser.SyntaxError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

private func syntaxError(_ text: String) -> JSONParser.SyntaxError? {
    syntaxError(Array(text.utf8))
}

@Suite("JSONParser: valid documents")
struct JSONParserValidTests {
    @Test func nestedDocumentKeepsStructureAndMemberOrder() throws {
        let text = """
            {
              "title": "Quiz",
              "questions": [
                {"prompt": "One?", "answer": true, "tags": []},
                {"prompt": "Two?", "choices": ["a", "b"], "answer": "b", "extra": null}
              ],
              "empty": {}
            }
            """
        let expected = Plain.object([
            .init(key: "title", value: .string("Quiz")),
            .init(
                key: "questions",
                value: .array([
                    .object([
                        .init(key: "prompt", value: .string("One?")),
                        .init(key: "answer", value: .bool(true)),
                        .init(key: "tags", value: .array([])),
                    ]),
                    .object([
                        .init(key: "prompt", value: .string("Two?")),
                        .init(key: "choices", value: .array([.string("a"), .string("b")])),
                        .init(key: "answer", value: .string("b")),
                        .init(key: "extra", value: .null),
                    ]),
                ])),
            .init(key: "empty", value: .object([])),
        ])
        #expect(try parse(text) == expected)
    }

    @Test func duplicateKeysAreKeptInFileOrderAndSubscriptFindsTheFirst() throws {
        let node = try JSONParser.parse(Array(#"{"k": 1, "k": 2}"#.utf8))
        #expect(node.members?.map(\.key) == ["k", "k"])
        #expect(node["k"].map(Plain.init) == .number(1))
        #expect(node["missing"] == nil)
    }

    @Test func simpleEscapes() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{08}\u{0C}\n\r\t"))
    }

    @Test func unicodeEscapesIncludingSurrogatePairs() throws {
        #expect(try parse(#""\u0041\u00e9\u00C9\u4e2d""#) == .string("AéÉ中"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse(#""\uD834\uDD1E clef""#) == .string("𝄞 clef"))
        #expect(try parse(#""a\u0000b""#) == .string("a\u{0}b"))
    }

    @Test func rawUTF8TextIsKept() throws {
        #expect(
            try parse(#"["São Paulo", "北京の首都", "👍🏽"]"#)
                == .array([.string("São Paulo"), .string("北京の首都"), .string("👍🏽")]))
    }

    @Test func numbers() throws {
        let text = "[0, -0, 12, -7.25, 1e3, 1E-2, 6.02e+23, 0.5, 123456789012]"
        #expect(
            try parse(text)
                == .array([
                    .number(0), .number(-0.0), .number(12), .number(-7.25), .number(1000), .number(0.01),
                    .number(6.02e23), .number(0.5), .number(123_456_789_012),
                ]))
    }

    @Test func literalsAndWhiteSpace() throws {
        #expect(try parse(" \t\r\n true \n") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("null") == .null)
        #expect(try parse(#""""#) == .string(""))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
        #expect(Plain(try JSONParser.parse(bytes)) == .object([.init(key: "a", value: .number(1))]))
    }

    @Test func nodesRememberTheirOffsets() throws {
        let text = "{\n  \"a\": [10,\n    \"x\"]\n}"
        let bytes = Array(text.utf8)
        let root = try JSONParser.parse(bytes)
        let array = try #require(root["a"])
        let second = try #require(array.array?[1])
        #expect(root.offset == 0)
        #expect(array.offset == 9)
        #expect(JSONParser.position(of: array.offset, in: bytes) == (line: 2, column: 8))
        #expect(JSONParser.position(of: second.offset, in: bytes) == (line: 3, column: 5))
    }

    @Test func maximumDepthOf512IsAccepted() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func kindNames() throws {
        let node = try JSONParser.parse(Array(#"[null, true, 1, "s", [], {}]"#.utf8))
        #expect(
            node.array?.map(\.kindName) == ["null", "a boolean", "a number", "a string", "an array", "an object"])
    }
}

@Suite("JSONParser: syntax errors with line and column")
struct JSONParserErrorTests {
    @Test func missingCommaOnLineThree() throws {
        let text = """
            {
              "a": 1,
              "b": 2 "c": 3
            }
            """
        let error = try #require(syntaxError(text))
        #expect(error.line == 3)
        #expect(error.column == 10)
        #expect(error.message == "unexpected '\"', expected ',' or '}'")
    }

    @Test func missingCommaAtTheEndOfALineIsReportedAtTheNextToken() throws {
        let text = "[\n  1,\n  2\n  3\n]"
        let error = try #require(syntaxError(text))
        #expect((error.line, error.column) == (4, 3))
        #expect(error.message == "unexpected '3', expected ',' or ']'")
    }

    @Test func unterminatedStringIsReportedWhereItBegins() throws {
        let error = try #require(syntaxError("{\n  \"prompt\": \"What is"))
        #expect((error.line, error.column) == (2, 13))
        #expect(error.message == "unterminated string")
    }

    @Test func trailingGarbage() throws {
        let error = try #require(syntaxError("{\"a\": 1}\n  x"))
        #expect((error.line, error.column) == (2, 3))
        #expect(error.message == "unexpected 'x' after the end of the document")
    }

    @Test func secondDocumentIsTrailingGarbage() throws {
        let error = try #require(syntaxError("{} {}"))
        #expect((error.line, error.column) == (1, 4))
    }

    @Test func controlCharacterInAString() throws {
        let error = try #require(syntaxError("{\"a\": \"ab\tc\"}"))
        #expect((error.line, error.column) == (1, 10))
        #expect(error.message == "control character (byte 0x9) inside a string; escape it")
        let newline = try #require(syntaxError("[\"line one\nline two\"]"))
        #expect((newline.line, newline.column) == (1, 11))
        #expect(newline.message.hasPrefix("control character (byte 0xa)"))
    }

    @Test(arguments: [("[01]", 2), ("[-012]", 2), ("{\"n\": 00}", 7)])
    func leadingZero(text: String, column: Int) throws {
        let error = try #require(syntaxError(text))
        #expect((error.line, error.column) == (1, column))
        #expect(error.message == "leading zero in a number")
    }

    @Test func depthLimit() throws {
        let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(syntaxError(text))
        #expect((error.line, error.column) == (1, 513))
        #expect(error.message == "nested more than 512 levels deep")
        let objects = String(repeating: "{\"k\":", count: 600) + "1" + String(repeating: "}", count: 600)
        #expect(syntaxError(objects)?.message == "nested more than 512 levels deep")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try #require(syntaxError("{\"名前\": 1 x}"))
        #expect((error.line, error.column) == (1, 10))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { text.debugDescription }
    }

    @Test(arguments: [
        Case(text: "", line: 1, column: 1, message: "unexpected end of file, expected a value"),
        Case(text: "   \n", line: 2, column: 1, message: "unexpected end of file, expected a value"),
        Case(text: "[1,]", line: 1, column: 4, message: "unexpected ']', expected a value"),
        Case(text: "{\"a\": 1,}", line: 1, column: 9, message: "unexpected '}', expected a key in double quotes"),
        Case(text: "{a: 1}", line: 1, column: 2, message: "unexpected 'a', expected a key in double quotes"),
        Case(text: "{\"a\" 1}", line: 1, column: 6, message: "unexpected '1', expected ':' after the key \"a\""),
        Case(text: "[1", line: 1, column: 3, message: "unexpected end of file, expected ',' or ']'"),
        Case(text: "{\"a\": 1", line: 1, column: 8, message: "unexpected end of file, expected ',' or '}'"),
        Case(text: "[tru]", line: 1, column: 2, message: "invalid literal, expected 'true'"),
        Case(text: "[nul", line: 1, column: 2, message: "invalid literal, expected 'null'"),
        Case(text: "[.5]", line: 1, column: 2, message: "unexpected '.', expected a value"),
        Case(text: "[-]", line: 1, column: 2, message: "invalid number"),
        Case(text: "[1.]", line: 1, column: 2, message: "invalid number: digits expected after '.'"),
        Case(text: "[1e+]", line: 1, column: 2, message: "invalid number: digits expected in the exponent"),
        Case(text: "[1e999]", line: 1, column: 2, message: "number out of range"),
        Case(text: "[\"a\\qb\"]", line: 1, column: 4, message: "invalid escape '\\q' in a string"),
        Case(text: "[\"\\u12G4\"]", line: 1, column: 7, message: "invalid \\u escape: four hex digits expected"),
        Case(text: "[\"\\ud800\"]", line: 1, column: 3, message: "lone surrogate \\ud800 in a string"),
        Case(text: "[\"\\udc00\"]", line: 1, column: 3, message: "lone surrogate \\udc00 in a string"),
        Case(text: "[\"\\ud800\\u0041\"]", line: 1, column: 3, message: "invalid surrogate pair in a string"),
        Case(text: "\n\n  'single'", line: 3, column: 3, message: "unexpected ''', expected a value"),
    ])
    func malformedDocuments(_ testCase: Case) throws {
        let error = try #require(syntaxError(testCase.text))
        #expect(error.line == testCase.line)
        #expect(error.column == testCase.column)
        #expect(error.message == testCase.message)
    }

    @Test func invalidUTF8InAStringIsReportedWhereTheStringBegins() throws {
        let bytes: [UInt8] = Array("[\n \"ab".utf8) + [0xFF, 0xFE] + Array("\"]".utf8)
        let error = try #require(syntaxError(bytes))
        #expect((error.line, error.column) == (2, 2))
        #expect(error.message == "invalid UTF-8 in a string")
    }

    /// Lines ended by a carriage return alone (a classic Mac file) are lines
    /// in the position said, as lines ended by CR LF or LF are.
    @Test func aCarriageReturnAloneEndsALine() throws {
        for ending in ["\n", "\r\n", "\r"] {
            let text = ["{\"title\":\"t\",", "\"questions\":[", "{\"prompt\":\"a\",", "\"answer\":\"b\",}]}"]
                .joined(separator: ending)
            let error = try #require(syntaxError(text))
            #expect((error.line, error.column) == (4, 14), "\(ending.debugDescription)")
        }
    }

    @Test func nonPrintableByteIsNamedInHex() throws {
        let error = try #require(syntaxError([UInt8(ascii: "["), 0x01, UInt8(ascii: "]")]))
        #expect(error.message == "unexpected byte 0x1, expected a value")
    }
}

/// Strings with escapes are gathered as bytes and checked as UTF-8 once:
/// on random strings of raw text, escapes, surrogate pairs and bad bytes,
/// the parser gives what Foundation's own JSON reader gives, and refuses
/// exactly the strings holding a byte that is not UTF-8 or a lone surrogate.
@Suite("JSONParser: strings against Foundation")
struct JSONParserStringOracleTests {
    static let pieces: [[UInt8]] =
        [
            "plain", " ", "é", "🙂", "e\u{301}", "\\n", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\t",
            "\\u00e9", "\\u0041", "\\u0000", "\\u2028", "\\ud83d\\ude00", "\\uD834\\uDD1E", "\\u00E9",
        ].map { Array($0.utf8) } + bad
    /// Bytes that are no UTF-8 beside any piece: none ends in an unfinished sequence.
    static let bad: [[UInt8]] = [
        [0xFF], [0x80], [0xC3, 0x28], [0xC0, 0xAF], [0xE2, 0x82, 0x28], [0xED, 0xA0, 0x80],
    ]

    @Test func escapedStringsReadAsFoundationReadsThem() throws {
        var generator = SeededGenerator(seed: 2026)
        var refused = 0
        for _ in 0..<5_000 {
            let chosen = (0..<generator.below(8)).map { _ in Self.pieces[generator.below(Self.pieces.count)] }
            let document = [UInt8(ascii: "[")] + [UInt8(ascii: "\"")] + chosen.joined() + Array("\"]".utf8)
            let invalid = chosen.contains { Self.bad.contains($0) }
            do {
                let node = try JSONParser.parse(document)
                #expect(!invalid, "\(document) was read, but holds bytes that are not UTF-8")
                let theirs = try JSONSerialization.jsonObject(with: Data(document)) as? [String]
                #expect(node.array?.first?.string == theirs?.first, "\(document)")
            } catch let error as JSONParser.SyntaxError {
                refused += 1
                #expect(invalid, "\(document) was refused: \(error.message)")
                #expect(error.message == "invalid UTF-8 in a string")
                #expect((error.line, error.column) == (1, 2))
            }
        }
        #expect(refused > 100, "too few bad strings were made to test their refusal")
    }
}
