//===----------------------------------------------------------------------===//
// ConfigJSONParser.swift: strict RFC 8259 JSON with line and column in every error.
//===----------------------------------------------------------------------===//

/// Parses JSON text (RFC 8259, UTF-8) into ``ConfigJSON``. Duplicate keys are an error, nesting
/// is limited, and every error says where (line and column, from 1).
struct ConfigJSONParser {
    /// Why the text is not JSON, and where.
    struct Failure: Error, Equatable {
        /// The line, from 1.
        var line: Int
        /// The column in characters, from 1.
        var column: Int
        /// What is wrong, e.g. `expected ',' or '}' after an object member`.
        var problem: String
    }

    /// The deepest nesting accepted.
    static let maximumDepth = 64

    /// The text.
    private let bytes: [UInt8]
    /// The next byte to read.
    private var offset = 0

    /// Parses `bytes` as one JSON value with nothing but blanks around it.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> ConfigJSON {
        var parser = ConfigJSONParser(bytes: bytes)
        var start = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        parser.offset = start
        parser.skipBlanks()
        let value = try parser.value(depth: 0)
        parser.skipBlanks()
        guard parser.offset == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    /// A parser over `bytes`.
    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The byte at the read position, if any.
    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// A failure at the read position.
    private func failure(_ problem: String) -> Failure {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let prefix = bytes[lineStart..<min(offset, bytes.count)]
        let column = String(decoding: prefix, as: UTF8.self).count + 1
        return Failure(line: line, column: column, problem: problem)
    }

    /// How the byte at the read position is named in a message.
    private var found: String {
        guard let byte = current else { return "the end of the file" }
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return byte < 0x80 ? "byte 0x\(String(byte, radix: 16))" : "a non-ASCII character"
    }

    /// Skips spaces, tabs, carriage returns and line feeds.
    private mutating func skipBlanks() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            offset += 1
        }
    }

    /// One value of any kind.
    private mutating func value(depth: Int) throws(Failure) -> ConfigJSON {
        guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        switch current {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return try number()
        default:
            throw failure("expected a JSON value, found \(found)")
        }
    }

    /// `true`, `false` or `null`.
    private mutating func literal(_ word: String, _ value: ConfigJSON) throws(Failure) -> ConfigJSON {
        let expected = Array(word.utf8)
        guard bytes.count - offset >= expected.count, Array(bytes[offset..<offset + expected.count]) == expected else {
            throw failure("expected a JSON value, found \(found)")
        }
        offset += expected.count
        return value
    }

    /// `{ "key": value, … }`.
    private mutating func object(depth: Int) throws(Failure) -> ConfigJSON {
        offset += 1
        var members: [(key: String, value: ConfigJSON)] = []
        var seen: Set<String> = []
        skipBlanks()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipBlanks()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted key, found \(found)") }
            let keyStart = offset
            let key = try string()
            guard seen.insert(key).inserted else {
                offset = keyStart
                throw failure("duplicate key '\(key)'")
            }
            skipBlanks()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key '\(key)', found \(found)") }
            offset += 1
            skipBlanks()
            members.append((key, try value(depth: depth + 1)))
            skipBlanks()
            if current == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard current == UInt8(ascii: "}") else { throw failure("expected ',' or '}' after a member, found \(found)") }
            offset += 1
            return .object(members)
        }
    }

    /// `[ value, … ]`.
    private mutating func array(depth: Int) throws(Failure) -> ConfigJSON {
        offset += 1
        var elements: [ConfigJSON] = []
        skipBlanks()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipBlanks()
            elements.append(try value(depth: depth + 1))
            skipBlanks()
            if current == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard current == UInt8(ascii: "]") else { throw failure("expected ',' or ']' after an element, found \(found)") }
            offset += 1
            return .array(elements)
        }
    }

    /// A quoted string with its escapes decoded; the read position is on the opening quote.
    private mutating func string() throws(Failure) -> String {
        offset += 1
        var output: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                // Decoding repairs invalid UTF-8 with U+FFFD, so a repaired string reads back other
                // bytes. (Not `String(validating:as:)`: it needs macOS 15 / iOS 18.)
                let text = String(decoding: output, as: UTF8.self)
                guard text.utf8.elementsEqual(output) else { throw failure("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                try escape(into: &output)
            case 0..<0x20:
                throw failure("a control character inside a string; write it as an escape such as \\n")
            default:
                output.append(byte)
                offset += 1
            }
        }
    }

    /// One escape after a backslash.
    private mutating func escape(into output: inout [UInt8]) throws(Failure) {
        guard let byte = current else { throw failure("unterminated string") }
        offset += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let plain = simple[byte] {
            output.append(plain)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            offset -= 2
            throw failure("unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
        var code = try hexQuad()
        if (0xD800...0xDBFF).contains(code) {
            guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                throw failure("a lone UTF-16 surrogate in a \\u escape")
            }
            offset += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone UTF-16 surrogate in a \\u escape") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("a lone UTF-16 surrogate in a \\u escape") }
        output.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// Four hex digits.
    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard bytes.count - offset >= 4,
            let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16),
            bytes[offset..<offset + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw failure("expected four hex digits after \\u") }
        offset += 4
        return value
    }

    /// A number in JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Failure) -> ConfigJSON {
        let start = offset
        var isInteger = true
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw failure("expected a digit, found \(found)")
        }
        if first == UInt8(ascii: "0") {
            offset += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard try digitsFollow() else { throw failure("expected a digit after '.', found \(found)") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard try digitsFollow() else { throw failure("expected a digit in the exponent, found \(found)") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw failure("the number \(text) is too large")
        }
        return .number(value, integer: isInteger ? Int(text) : nil)
    }

    /// Skips digits and says whether there was at least one.
    private mutating func digitsFollow() throws(Failure) -> Bool {
        let before = offset
        skipDigits()
        return offset > before
    }

    /// Skips ASCII digits.
    private mutating func skipDigits() {
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            offset += 1
        }
    }
}
