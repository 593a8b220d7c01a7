//===----------------------------------------------------------------------===//
// JSONReader.swift: the one strict JSON reader for every file the gate did not write itself.
//===----------------------------------------------------------------------===//

/// Reads one JSON text (RFC 8259, UTF-8) into a ``JSONValue``, for every input the gate did not
/// write itself: the configuration, xcresulttool's output, signed envelopes and their payloads,
/// the fixture's ledger, the outputs of tools run in the team's repository, and a `report.json`
/// read back (`report render --in`, archived reports), which ``JSONValueDecoder`` then turns
/// into the report's Codable model.
///
/// It refuses, with a ``JSONReadError`` that says where (byte offset, line and column, key path):
/// - a key twice in one object, at any depth, compared after unescaping and as Swift strings
///   (`"a"` and `"\u0061"`, `é` and `e` + U+0301 are one key): readers disagree on which one wins;
/// - invalid UTF-8 (overlong forms, surrogates, past U+10FFFF), unpaired surrogate escapes,
///   raw control characters in strings;
/// - numbers that do not fit a `Double` (`1e400`), leading zeros, and any other departure from
///   RFC 8259's grammar (no comments, no trailing commas, no `NaN`);
/// - anything but blanks after the value;
/// - nesting deeper than `maximumDepth` and texts larger than `maximumBytes`, so a hostile file
///   exhausts neither the stack nor memory.
///
/// It never traps: every read of the input goes through ``peek`` or ``byte(at:)``.
package struct JSONReader {
    /// The limits of one read.
    package struct Limits: Sendable {
        /// The deepest nesting of objects and arrays accepted.
        package var maximumDepth: Int
        /// The largest text accepted, in bytes.
        package var maximumBytes: Int
        /// Whether a leading UTF-8 byte order mark is skipped (`true`) or refused.
        package var allowsByteOrderMark: Bool

        /// Limits; the defaults suit hand-written files.
        package init(maximumDepth: Int = 64, maximumBytes: Int = 1 << 26, allowsByteOrderMark: Bool = true) {
            self.maximumDepth = maximumDepth
            self.maximumBytes = maximumBytes
            self.allowsByteOrderMark = allowsByteOrderMark
        }
    }

    /// One step of the key path to the value being read.
    private enum Step {
        case key(String)
        case index(Int)
    }

    private let bytes: [UInt8]
    private let limits: Limits
    private var index = 0
    private var steps: [Step] = []
    /// Where each key and value began, when the caller asked (``readRecordingPositions(_:limits:)``).
    private var recorded: JSONPositions?

    private init(_ bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Reads `bytes` as one JSON value with nothing but blanks around it.
    /// - Throws: ``JSONReadError`` at the first problem.
    package static func read(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONReadError) -> JSONValue {
        var reader = JSONReader(bytes, limits: limits)
        return try reader.document()
    }

    /// Reads `bytes` as ``read(_:limits:)`` does, and records where each key and value begins
    /// (for a small text a person wrote, such as the configuration: it costs a key path per value).
    /// - Throws: ``JSONReadError`` at the first problem.
    package static func readRecordingPositions(
        _ bytes: [UInt8], limits: Limits = Limits()
    ) throws(JSONReadError) -> (value: JSONValue, positions: JSONPositions) {
        var reader = JSONReader(bytes, limits: limits)
        reader.recorded = JSONPositions(bytes)
        let value = try reader.document()
        return (value, reader.recorded ?? JSONPositions(bytes))
    }

    /// The whole text as one value with nothing but blanks around it.
    private mutating func document() throws(JSONReadError) -> JSONValue {
        guard bytes.count <= limits.maximumBytes else { throw failure(.tooLarge(limit: limits.maximumBytes), at: 0) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard limits.allowsByteOrderMark else { throw failure(.byteOrderMark, at: 0) }
            index = 3
        }
        skipBlanks()
        let value = try value(depth: 0)
        skipBlanks()
        guard peek == nil else { throw failure(.trailingText) }
        return value
    }

    // MARK: - Grammar

    private mutating func value(depth: Int) throws(JSONReadError) -> JSONValue {
        guard let next = peek else { throw failure(.expectedValue) }
        if recorded != nil {
            let path = plainPath
            recorded?.values[path] = index
        }
        switch next {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure(.expectedValue)
        }
    }

    private mutating func object(depth: Int) throws(JSONReadError) -> JSONValue {
        guard depth <= limits.maximumDepth else { throw failure(.tooDeep(limit: limits.maximumDepth)) }
        index += 1  // "{"
        var members: [JSONValue.Member] = []
        skipBlanks()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        var keys = Set<String>()
        while true {
            skipBlanks()
            guard peek == UInt8(ascii: "\"") else { throw failure(.expectedKey) }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else { throw failure(.duplicateKey(key), at: keyStart) }
            // The path names the key from here until its value is read; a throw leaves it, as
            // the reader is done then.
            steps.append(.key(key))
            if recorded != nil {
                let path = plainPath
                recorded?.keys[path] = keyStart
            }
            skipBlanks()
            guard peek == UInt8(ascii: ":") else { throw failure(.expectedColon(key: key)) }
            index += 1
            skipBlanks()
            members.append(JSONValue.Member(key: key, value: try value(depth: depth)))
            steps.removeLast()
            skipBlanks()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw failure(.expectedCommaOrBrace)
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONReadError) -> JSONValue {
        guard depth <= limits.maximumDepth else { throw failure(.tooDeep(limit: limits.maximumDepth)) }
        index += 1  // "["
        var elements: [JSONValue] = []
        skipBlanks()
        if peek == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        steps.append(.index(0))
        while true {
            skipBlanks()
            steps[steps.count - 1] = .index(elements.count)
            elements.append(try value(depth: depth))
            skipBlanks()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                steps.removeLast()
                return .array(elements)
            default: throw failure(.expectedCommaOrBracket)
            }
        }
    }

    private mutating func literal(_ word: String, _ result: JSONValue) throws(JSONReadError) -> JSONValue {
        for (offset, expected) in word.utf8.enumerated() where byte(at: index + offset) != expected {
            throw failure(.expectedValue)
        }
        index += word.utf8.count
        return result
    }

    /// A number in RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(JSONReadError) -> JSONValue {
        let start = index
        var isInteger = true
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() > 0 else { throw failure(.expectedDigit(.integer)) }
        }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard skipDigits() > 0 else { throw failure(.expectedDigit(.fraction)) }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw failure(.expectedDigit(.exponent)) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw failure(.numberOutOfRange(text), at: start) }
        return .number(value, integer: isInteger ? Int(text) : nil)
    }

    /// Skips decimal digits; returns how many.
    private mutating func skipDigits() -> Int {
        let before = index
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - before
    }

    /// A string at its opening quote, escapes decoded.
    private mutating func string() throws(JSONReadError) -> String {
        index += 1  // opening quote
        var text: [UInt8] = []
        while true {
            // Plain ASCII runs are copied in one go: most strings are nothing else.
            let runStart = index
            while let byte = peek, byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") { index += 1 }
            if index > runStart { text.append(contentsOf: bytes[runStart..<index]) }
            guard let byte = peek else { throw failure(.unterminatedString) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                // The bytes are valid UTF-8 by now, so decoding repairs nothing.
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case 0..<0x20:
                throw failure(.controlCharacter(byte))
            default:
                try utf8Sequence(into: &text)
            }
        }
    }

    /// One escape at its backslash.
    private mutating func escape(into text: inout [UInt8]) throws(JSONReadError) {
        let start = index
        index += 1  // backslash
        guard let escaped = peek else { throw failure(.unterminatedString) }
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var unit = try hexQuad()
            switch unit {
            case 0xD800...0xDBFF:
                guard peek == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "u") else { throw failure(.loneSurrogate) }
                index += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure(.loneSurrogate) }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00...0xDFFF:
                throw failure(.loneSurrogate)
            default:
                break
            }
            guard let scalar = Unicode.Scalar(unit) else { throw failure(.loneSurrogate) }
            UTF8.encode(scalar) { text.append($0) }
        default:
            throw failure(.unknownEscape(escaped), at: start)
        }
    }

    /// Four hex digits after `\u`.
    private mutating func hexQuad() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let byte = byte(at: index + offset), let digit = HexCodec.value(of: byte) else { throw failure(.badUnicodeEscape) }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// One multi-byte UTF-8 sequence at its lead byte (0x80 or more), refusing every form
    /// RFC 3629 forbids.
    private mutating func utf8Sequence(into text: inout [UInt8]) throws(JSONReadError) {
        guard let lead = peek else { throw failure(.unterminatedString) }
        let length: Int
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, lowest) = (3, 0xA0)  // no overlong forms
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, highest) = (3, 0x9F)  // no surrogates
        case 0xF0: (length, lowest) = (4, 0x90)  // no overlong forms
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, highest) = (4, 0x8F)  // nothing past U+10FFFF
        default: throw failure(.invalidUTF8)
        }
        for position in 1..<length {
            guard let next = byte(at: index + position), (position == 1 ? lowest...highest : 0x80...0xBF).contains(next) else {
                throw failure(.invalidUTF8)
            }
        }
        text.append(contentsOf: bytes[index..<(index + length)])
        index += length
    }

    // MARK: - Bytes

    private var peek: UInt8? { byte(at: index) }

    private func byte(at position: Int) -> UInt8? {
        position >= 0 && position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipBlanks() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// The key path of the value being read.
    private var currentPath: String {
        var path = ""
        for step in steps {
            switch step {
            case .key(let key): path = JSONKeyPath.appending(key: key, to: path)
            case .index(let element): path = JSONKeyPath.appending(index: element, to: path)
            }
        }
        return path
    }

    /// The key path of the value being read spelled plainly, as ``JSONPositions`` keys it.
    private var plainPath: String {
        var path = ""
        for step in steps {
            switch step {
            case .key(let key): path = path.isEmpty ? key : path + "." + key
            case .index(let element): path += "[\(element)]"
            }
        }
        return path
    }

    /// An error at `offset` (the read position by default) with the key path read so far.
    private func failure(_ problem: JSONProblem, at offset: Int? = nil) -> JSONReadError {
        JSONReadError(problem, at: offset ?? index, in: bytes, path: currentPath)
    }
}
