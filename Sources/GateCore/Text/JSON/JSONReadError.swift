//===----------------------------------------------------------------------===//
// JSONReadError.swift: why bytes are not the JSON JSONReader accepts, and where.
//===----------------------------------------------------------------------===//

/// Why ``JSONReader`` refused a text: what is wrong, where (byte offset, and line and column for
/// people), and the key path of the value being read (`suites[2].timeoutSeconds`).
package struct JSONReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    package var problem: JSONProblem
    /// The byte offset of the problem, from 0.
    package var offset: Int
    /// The line, from 1.
    package var line: Int
    /// The column in characters, from 1.
    package var column: Int
    /// The key path of the value being read: empty at the top level, else `a.b[2]`,
    /// `(top level)[0]`, `a["odd key"]` (see ``JSONKeyPath``).
    package var path: String
    /// The byte at ``offset``, `nil` at the end of the text; for "found …" in ``message``.
    package var found: UInt8?

    /// An error at `offset` in `bytes`; line and column are counted here, once.
    init(_ problem: JSONProblem, at offset: Int, in bytes: [UInt8], path: String) {
        self.problem = problem
        self.offset = offset
        self.path = path
        let end = min(max(offset, 0), bytes.count)
        (line, column) = JSONPositions.lineAndColumn(at: end, in: bytes)
        self.found = end < bytes.count ? bytes[end] : nil
    }

    /// The problem as one sentence, e.g. `expected ',' or '}' after a member, found '1'`.
    package var message: String {
        switch problem {
        case .expectedValue: "expected a JSON value, found \(shownFound)"
        case .expectedKey: "expected a quoted key, found \(shownFound)"
        case .expectedColon(let key): "expected ':' after the key '\(JSONKeyPath.shown(key))', found \(shownFound)"
        case .expectedCommaOrBrace: "expected ',' or '}' after a member, found \(shownFound)"
        case .expectedCommaOrBracket: "expected ',' or ']' after an element, found \(shownFound)"
        case .duplicateKey(let key): "duplicate key '\(JSONKeyPath.shown(key))'"
        case .unterminatedString: "unterminated string"
        case .invalidUTF8: "a string is not valid UTF-8"
        case .controlCharacter: "a control character inside a string; write it as an escape such as \\n"
        case .unknownEscape(let byte): "unknown escape '\\\(Self.show(byte, quoted: false))'"
        case .badUnicodeEscape: "expected four hex digits after \\u"
        case .loneSurrogate: "a lone UTF-16 surrogate in a \\u escape"
        case .expectedDigit(.integer): "expected a digit, found \(shownFound)"
        case .expectedDigit(.fraction): "expected a digit after '.', found \(shownFound)"
        case .expectedDigit(.exponent): "expected a digit in the exponent, found \(shownFound)"
        case .numberOutOfRange(let text): "the number \(text.prefix(24)) is too large"
        case .trailingText: "unexpected text after the JSON value"
        case .tooDeep(let limit): "nested deeper than \(limit) levels"
        case .tooLarge(let limit): "the text is larger than \(limit) bytes"
        case .byteOrderMark: "the text starts with a byte order mark"
        }
    }

    /// `line L, column C (at path): message`.
    package var description: String {
        "line \(line), column \(column)\(path.isEmpty ? "" : " (at \(path))"): \(message)"
    }

    /// How ``found`` is named in a message.
    private var shownFound: String {
        guard let found else { return "the end of the file" }
        return Self.show(found, quoted: true)
    }

    /// A byte as messages show it: `'x'` when printable ASCII, `byte 0x1f` or `a non-ASCII character` else.
    package static func show(_ byte: UInt8, quoted: Bool) -> String {
        if byte >= 0x21, byte < 0x7F {
            let character = String(Character(Unicode.Scalar(byte)))
            return quoted ? "'\(character)'" : character
        }
        return byte < 0x80 ? "byte 0x\(String(byte, radix: 16))" : "a non-ASCII character"
    }
}
