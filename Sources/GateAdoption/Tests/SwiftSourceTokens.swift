//===----------------------------------------------------------------------===//
// SwiftSourceTokens.swift: Swift source as the few tokens the test scanner reads.
//===----------------------------------------------------------------------===//

/// Swift source cut into the tokens ``SwiftTestSource`` reads: identifiers, punctuation, string
/// literals (their text when they hold no interpolation) and `#if` family directives, with their
/// lines. Comments go; a string's braces never count. Bounded and total: any byte sequence gives
/// tokens, never a trap, in one pass.
struct SwiftSourceTokens {
    /// One token.
    enum Token: Equatable {
        /// A word: an identifier or a keyword (backticks dropped).
        case word(String)
        /// One punctuation byte: `{ } ( ) [ ] < > : , @ = . ;` and the rest.
        case punctuation(UInt8)
        /// A string literal: its text when it is a plain one, `nil` with interpolation.
        case string(String?)
        /// `#if`, `#elseif`, `#else` or `#endif`, with the rest of its line.
        case directive(String, condition: String)
    }

    /// The tokens with their 1-based lines.
    private(set) var tokens: [(token: Token, line: Int)] = []

    /// The most tokens kept from one file: past that, the rest is not read.
    static let tokenLimit = 500_000

    /// Cuts `bytes` into tokens.
    init(_ bytes: [UInt8]) {
        var index = 0
        var line = 1
        var lineStart = true
        let count = bytes.count
        func byte(_ at: Int) -> UInt8 { at < count ? bytes[at] : 0 }
        while index < count && tokens.count < Self.tokenLimit {
            let current = bytes[index]
            if current == UInt8(ascii: "\n") {
                line += 1
                lineStart = true
                index += 1
                continue
            }
            if current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") || current == UInt8(ascii: "\r") {
                index += 1
                continue
            }
            let atLineStart = lineStart
            lineStart = false
            if current == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "/") {
                while index < count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if current == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                var depth = 0
                while index < count {
                    if bytes[index] == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                        if depth == 0 { break }
                    } else {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                }
                continue
            }
            if current == UInt8(ascii: "#") {
                var hashes = 0
                while byte(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(index + hashes) == UInt8(ascii: "\"") {
                    let startLine = line
                    let text = Self.string(bytes, at: &index, line: &line, hashes: hashes)
                    tokens.append((.string(text), startLine))
                    continue
                }
                if atLineStart, hashes == 1 {
                    let word = Self.word(bytes, from: index + 1)
                    if ["if", "elseif", "else", "endif"].contains(word) {
                        var end = index + 1 + word.utf8.count
                        let conditionStart = end
                        while end < count && bytes[end] != UInt8(ascii: "\n")
                            && !(bytes[end] == UInt8(ascii: "/")
                                && (byte(end + 1) == UInt8(ascii: "/") || byte(end + 1) == UInt8(ascii: "*")))
                        {
                            end += 1
                        }
                        let condition = String(decoding: bytes[conditionStart..<end], as: UTF8.self)
                        tokens.append((.directive(word, condition: condition), line))
                        index = end
                        continue
                    }
                }
                tokens.append((.punctuation(current), line))
                index += 1
                continue
            }
            if current == UInt8(ascii: "\"") {
                let startLine = line
                let text = Self.string(bytes, at: &index, line: &line, hashes: 0)
                tokens.append((.string(text), startLine))
                continue
            }
            if current == UInt8(ascii: "`") {
                var end = index + 1
                while end < count && bytes[end] != UInt8(ascii: "`") && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                tokens.append((.word(String(decoding: bytes[(index + 1)..<min(end, count)], as: UTF8.self)), line))
                index = min(end + 1, count)
                continue
            }
            if Self.isWordByte(current) {
                let word = Self.word(bytes, from: index)
                tokens.append((.word(word), line))
                index += max(1, word.utf8.count)
                continue
            }
            tokens.append((.punctuation(current), line))
            index += 1
        }
    }

    /// Whether `byte` may be part of a word: ASCII letters, digits, `_`, and every byte of a
    /// multi-byte UTF-8 character (Swift allows most of them in identifiers).
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// The word starting at `start` (empty when none does).
    private static func word(_ bytes: [UInt8], from start: Int) -> String {
        var end = start
        while end < bytes.count && isWordByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[min(start, end)..<end], as: UTF8.self)
    }

    /// Skips the string literal whose `hashes` `#` start at `index` (a raw string has some),
    /// single-line or `"""`, interpolations (and the strings in them) included, counting lines.
    /// - Returns: its text when it is plain (no escape, no interpolation), else `nil`.
    private static func string(_ bytes: [UInt8], at index: inout Int, line: inout Int, hashes: Int) -> String? {
        let count = bytes.count
        func byte(_ at: Int) -> UInt8 { at < count ? bytes[at] : 0 }
        index += hashes
        let quote = UInt8(ascii: "\"")
        let multiline = byte(index + 1) == quote && byte(index + 2) == quote
        index += multiline ? 3 : 1
        let start = index
        var plain = true
        while index < count {
            let current = bytes[index]
            if current == UInt8(ascii: "\n") {
                line += 1
                if !multiline { return nil }
            }
            if current == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ byte(index + 1 + $0) == UInt8(ascii: "#") }) {
                plain = false
                let after = index + 1 + hashes
                if byte(after) == UInt8(ascii: "(") {
                    index = after + 1
                    skipInterpolation(bytes, at: &index, line: &line)
                } else {
                    index = after + 1
                }
                continue
            }
            let closes = multiline ? (current == quote && byte(index + 1) == quote && byte(index + 2) == quote) : current == quote
            if closes && (0..<hashes).allSatisfy({ byte(index + (multiline ? 3 : 1) + $0) == UInt8(ascii: "#") }) {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += (multiline ? 3 : 1) + hashes
                return plain && !multiline ? text : nil
            }
            index += 1
        }
        return nil
    }

    /// Skips an interpolation's expression up to its closing `)`, nested parentheses and string
    /// literals included.
    private static func skipInterpolation(_ bytes: [UInt8], at index: inout Int, line: inout Int) {
        var depth = 1
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\"") {
                _ = string(bytes, at: &index, line: &line, hashes: 0)
                continue
            }
            if current == UInt8(ascii: "\n") { line += 1 }
            if current == UInt8(ascii: "(") { depth += 1 }
            if current == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 {
                    index += 1
                    return
                }
            }
            index += 1
        }
    }
}
