//===----------------------------------------------------------------------===//
// StrictJSONScanner.swift: a validating JSON scanner that refuses what readers could disagree on.
//===----------------------------------------------------------------------===//

/// Validates that bytes are one JSON document (RFC 8259) that every JSON reader reads the same
/// way, before Foundation decodes them. Foundation's `JSONSerialization` and `JSONDecoder` keep
/// the *last* of two equal keys while other readers keep the first or refuse, so a signed
/// envelope or report with `"verdict"` twice could verify as one thing and be read as another.
///
/// Refused, each with its key path:
/// - a key that appears twice in one object, at any depth; keys are compared after unescaping
///   (`"a"` and `"\u0061"` are the same key) and as Swift strings, so two spellings of one
///   character (`é` and `e` + U+0301) also count as one key: some readers normalise, some do not;
/// - invalid UTF-8 (overlong forms, surrogates, bytes after U+10FFFF), unpaired surrogate escapes,
///   raw control characters in strings;
/// - a top level that is not one object, a byte order mark, and anything but whitespace after it;
/// - numbers too large for a double (`1e400`), which readers turn into infinity, an error or a
///   big number;
/// - nesting deeper than ``maxDepth``, and documents larger than the caller's limit, so a hostile
///   file cannot exhaust the stack or memory;
/// - anything else that is not JSON (the grammar is RFC 8259's, with no extensions).
///
/// Every read of the input goes through ``peek`` or ``byte(at:)``, which check the index.
struct StrictJSONScanner {
    /// The deepest nesting of objects and arrays accepted; the gate's documents nest about 6 deep.
    static let maxDepth = 64
    /// The longest key shown in a path; a hostile key could be megabytes.
    static let maxShownKey = 40

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Checks `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: the document.
    ///   - limit: the largest size accepted, in bytes.
    /// - Throws: ``StrictJSONViolation`` at the first problem found.
    static func check(_ bytes: [UInt8], limit: Int) throws(StrictJSONViolation) {
        guard bytes.count <= limit else {
            throw StrictJSONViolation(path: "(top level)", problem: "the document is larger than \(limit) bytes", isAmbiguity: true)
        }
        var scanner = StrictJSONScanner(bytes)
        try scanner.document()
    }

    /// The first violation in `bytes`, or `nil` when it is strict JSON. Callers throw an
    /// ambiguity at once, let their decoder word plain bad syntax, and still refuse the document
    /// if the decoder accepted what this scanner refused.
    static func violation(in bytes: [UInt8], limit: Int) -> StrictJSONViolation? {
        do throws(StrictJSONViolation) {
            try check(bytes, limit: limit)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Grammar

    private mutating func document() throws(StrictJSONViolation) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw StrictJSONViolation(path: "(top level)", problem: "it starts with a byte order mark", isAmbiguity: true)
        }
        skipWhitespace()
        guard peek == UInt8(ascii: "{") else {
            throw StrictJSONViolation(
                path: "(top level)", problem: peek == nil ? "it is empty" : "the top level is not one JSON object",
                isAmbiguity: false)
        }
        try object(path: "", depth: 1)
        skipWhitespace()
        guard peek == nil else {
            throw StrictJSONViolation(
                path: "(top level)", problem: "there are bytes after the top-level object (at byte \(index))", isAmbiguity: true)
        }
    }

    private mutating func value(path: String, depth: Int) throws(StrictJSONViolation) {
        skipWhitespace()
        guard let next = peek else { throw violation(path, "the document ends where a value should be") }
        switch next {
        case UInt8(ascii: "{"): try object(path: path, depth: depth + 1)
        case UInt8(ascii: "["): try array(path: path, depth: depth + 1)
        case UInt8(ascii: "\""): _ = try string(path: path, keepText: false)
        case UInt8(ascii: "t"): try literal("true", path: path)
        case UInt8(ascii: "f"): try literal("false", path: path)
        case UInt8(ascii: "n"): try literal("null", path: path)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(path: path)
        default: throw violation(path, "unexpected \(Self.show(next)) where a value should be")
        }
    }

    private mutating func object(path: String, depth: Int) throws(StrictJSONViolation) {
        guard depth <= Self.maxDepth else { throw violation(path, "objects and arrays nest deeper than \(Self.maxDepth)", ambiguous: true) }
        index += 1  // "{"
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return
        }
        var keys = Set<String>()
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw violation(path, "expected a quoted key") }
            let key = try string(path: path, keepText: true)
            let keyPath = Self.join(path, key: key)
            guard keys.insert(key).inserted else {
                throw violation(keyPath, "the key '\(Self.shown(key))' appears twice in one object", ambiguous: true)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw violation(keyPath, "expected ':' after the key") }
            index += 1
            try value(path: keyPath, depth: depth)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw violation(path, "expected ',' or '}' after the value of '\(Self.shown(key))'")
            }
        }
    }

    private mutating func array(path: String, depth: Int) throws(StrictJSONViolation) {
        guard depth <= Self.maxDepth else { throw violation(path, "objects and arrays nest deeper than \(Self.maxDepth)", ambiguous: true) }
        index += 1  // "["
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return
        }
        var element = 0
        while true {
            let elementPath = "\(path.isEmpty ? "(top level)" : path)[\(element)]"
            try value(path: elementPath, depth: depth)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return
            default: throw violation(elementPath, "expected ',' or ']' after an array element")
            }
            element += 1
        }
    }

    private mutating func literal(_ word: String, path: String) throws(StrictJSONViolation) {
        for expected in word.utf8 {
            guard peek == expected else { throw violation(path, "not a JSON value (expected '\(word)')") }
            index += 1
        }
    }

    private mutating func number(path: String) throws(StrictJSONViolation) {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try digits(path: path) > 0 else { throw violation(path, "a number has no digits") }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard try digits(path: path) > 0 else { throw violation(path, "a number has no digits after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard try digits(path: path) > 0 else { throw violation(path, "a number has no digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
        guard let parsed = Double(text), parsed.isFinite else {
            throw violation(path, "the number \(text.prefix(24)) does not fit a double, so readers disagree on its value", ambiguous: true)
        }
    }

    /// Skips decimal digits; returns how many.
    private mutating func digits(path: String) throws(StrictJSONViolation) -> Int {
        var count = 0
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            index += 1
            count += 1
        }
        return count
    }

    /// Scans a string at the opening quote; returns its text when `keepText` (keys), else "".
    private mutating func string(path: String, keepText: Bool) throws(StrictJSONViolation) -> String {
        index += 1  // opening quote
        var text = String.UnicodeScalarView()
        while true {
            guard let byte = peek else { throw violation(path, "a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(text)
            case UInt8(ascii: "\\"):
                index += 1
                let scalar = try escape(path: path)
                if keepText { text.append(scalar) }
            case 0..<0x20:
                throw violation(path, "a string holds a raw control character (\(Self.show(byte))); escape it", ambiguous: true)
            case 0..<0x80:
                index += 1
                if keepText { text.append(Unicode.Scalar(byte)) }
            default:
                let scalar = try utf8Sequence(path: path)
                if keepText { text.append(scalar) }
            }
        }
    }

    /// Decodes the escape after a backslash.
    private mutating func escape(path: String) throws(StrictJSONViolation) -> Unicode.Scalar {
        guard let escaped = peek else { throw violation(path, "a string is not closed") }
        index += 1
        switch escaped {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hex4(path: path)
            switch unit {
            case 0xD800...0xDBFF:
                guard peek == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "u") else {
                    throw violation(path, "a string holds an unpaired surrogate escape", ambiguous: true)
                }
                index += 2
                let low = try hex4(path: path)
                guard (0xDC00...0xDFFF).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                else {
                    throw violation(path, "a string holds an unpaired surrogate escape", ambiguous: true)
                }
                return scalar
            case 0xDC00...0xDFFF:
                throw violation(path, "a string holds an unpaired surrogate escape", ambiguous: true)
            default:
                guard let scalar = Unicode.Scalar(unit) else { throw violation(path, "a string holds an invalid escape") }
                return scalar
            }
        default:
            throw violation(path, "a string holds the invalid escape \\ + \(Self.show(escaped))")
        }
    }

    private mutating func hex4(path: String) throws(StrictJSONViolation) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexValue(byte) else {
                throw violation(path, "a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Decodes one multi-byte UTF-8 sequence at ``index`` (its lead byte is 0x80 or more),
    /// refusing every form RFC 3629 forbids.
    private mutating func utf8Sequence(path: String) throws(StrictJSONViolation) -> Unicode.Scalar {
        let invalid = violation(path, "a string is not valid UTF-8 (at byte \(index))", ambiguous: true)
        guard let lead = peek else { throw invalid }
        let length: Int
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
        case 0xE0: (length, value, lowest) = (3, 0, 0xA0)  // no overlong forms
        case 0xE1...0xEC, 0xEE...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
        case 0xED: (length, value, highest) = (3, 0x0D, 0x9F)  // no surrogates
        case 0xF0: (length, value, lowest) = (4, 0, 0x90)  // no overlong forms
        case 0xF1...0xF3: (length, value) = (4, UInt32(lead & 0x07))
        case 0xF4: (length, value, highest) = (4, 4, 0x8F)  // nothing past U+10FFFF
        default: throw invalid
        }
        for position in 1..<length {
            guard let next = byte(at: index + position) else { throw invalid }
            let range = position == 1 ? lowest...highest : 0x80...0xBF
            guard range.contains(next) else { throw invalid }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { throw invalid }
        index += length
        return scalar
    }

    // MARK: - Bytes

    private var peek: UInt8? { byte(at: index) }

    private func byte(at position: Int) -> UInt8? {
        position >= 0 && position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// A violation at `path`; `ambiguous` marks what readers disagree on (see ``StrictJSONViolation/isAmbiguity``).
    private func violation(_ path: String, _ problem: String, ambiguous: Bool = false) -> StrictJSONViolation {
        StrictJSONViolation(path: path.isEmpty ? "(top level)" : path, problem: problem, isAmbiguity: ambiguous)
    }

    // MARK: - Showing

    /// `path.key` for a plain key, `path["odd key"]` for any other.
    private static func join(_ path: String, key: String) -> String {
        let plain =
            !key.isEmpty
            // ASCII letters by range: the same set as `properties.isAlphabetic` restricted to ASCII, without a
            // Unicode property lookup for every key of every object (bulk verify reads thousands of reports).
            && key.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
        if plain, key.count <= maxShownKey { return path.isEmpty ? key : path + "." + key }
        return (path.isEmpty ? "(top level)" : path) + "[\"" + shown(key) + "\"]"
    }

    /// A key as messages show it: printable ASCII as is, anything else as `\u{…}`, clipped.
    static func shown(_ key: String) -> String {
        var text = ""
        for scalar in key.unicodeScalars {
            if text.count >= maxShownKey {
                text += "…"
                break
            }
            if scalar.isASCII, scalar.value >= 0x20, scalar.value < 0x7F, scalar != "'", scalar != "\"", scalar != "\\" {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return text
    }

    /// A byte as messages show it: `'x'` when printable, else `byte 0x1f`.
    private static func show(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
