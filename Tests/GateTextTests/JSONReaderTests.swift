//===----------------------------------------------------------------------===//
// JSONReaderTests.swift: the one strict JSON reader: what it reads, what it refuses and where.
//===----------------------------------------------------------------------===//

import GateCore
import GateTestSupport
import Testing

@Suite("JSONReader")
struct JSONReaderTests {
    private func read(_ text: String, _ limits: JSONReader.Limits = JSONReader.Limits()) throws(JSONReadError) -> JSONValue {
        try JSONReader.read(Array(text.utf8), limits: limits)
    }

    private func error(_ text: String, _ limits: JSONReader.Limits = JSONReader.Limits()) -> JSONReadError? {
        error(Array(text.utf8), limits)
    }

    private func error(_ bytes: [UInt8], _ limits: JSONReader.Limits = JSONReader.Limits()) -> JSONReadError? {
        do throws(JSONReadError) {
            _ = try JSONReader.read(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test("values are read with members in document order and escapes decoded")
    func values() throws {
        let value = try read(#" {"b": [1, -0.5, 2e3, true, false, null], "a": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "": {}} "#)
        #expect(value.members?.map(\.key) == ["b", "a", ""])
        #expect(
            value["b"]
                == .array([
                    .number(1, integer: 1), .number(-0.5, integer: nil), .number(2000, integer: nil), .bool(true), .bool(false), .null,
                ]))
        #expect(value["a"]?.string == "x\"\\/\u{08}\u{0C}\n\r\té😀")
        #expect(value[""] == .object([]))
        #expect(value["missing"] == nil)
        #expect(try read("\u{FEFF}[]") == .array([]), "a byte order mark is skipped by default")
    }

    @Test("numbers: -0, exponents, integers that do not fit Int, leading zeros and huge exponents")
    func numbers() throws {
        #expect(try read("-0") == .number(-0.0, integer: 0))
        #expect(try read("-0").number?.sign == .minus)
        #expect(try read("1E+2") == .number(100, integer: nil))
        #expect(try read("1e-400").number == 0, "underflow reads as zero, as every reader does")
        #expect(try read("99999999999999999999") == .number(1e20, integer: nil))
        #expect(try read("1e308").number == 1e308)
        #expect(error("1e309")?.problem == .numberOutOfRange("1e309"))
        #expect(error("-1e99999999999999999999")?.problem == .numberOutOfRange("-1e99999999999999999999"))
        #expect(error("01")?.problem == .trailingText)
        #expect(error("-01")?.problem == .trailingText)
        #expect(error("-")?.problem == .expectedDigit(.integer))
        #expect(error("1.")?.problem == .expectedDigit(.fraction))
        #expect(error("1e")?.problem == .expectedDigit(.exponent))
        #expect(error(".5")?.problem == .expectedValue)
        #expect(error("+1")?.problem == .expectedValue)
        #expect(error("NaN")?.problem == .expectedValue)
    }

    @Test(
        "a key twice in one object is refused at any depth, with the object's path and the key's position",
        arguments: [
            (#"{"a": 1, "a": 2}"#, "a", "", 9),
            (#"{"a": {"b": 1, "c": 2, "b": 3}}"#, "b", "a", 23),
            (#"{"s": [{"k": 1}, {"k": 1, "k": 2}]}"#, "k", "s[1]", 26),
            (#"{"a": 1, "\u0061": 2}"#, "a", "", 9),
            ("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}", "cafe\u{301}", "", 13),
        ])
    func duplicateKeys(_ text: String, _ key: String, _ path: String, _ offset: Int) throws {
        let found = try #require(error(text))
        #expect(found.problem == .duplicateKey(key))
        #expect(found.path == path)
        #expect(found.offset == offset)
    }

    @Test("nesting is bounded, without a stack overflow")
    func depth() throws {
        let nested = { (depth: Int) in String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        #expect(error(nested(64)) == nil)
        #expect(error(nested(65))?.problem == .tooDeep(limit: 64))
        #expect(error(nested(200_000))?.problem == .tooDeep(limit: 64))
        #expect(error(String(repeating: "{\"a\":", count: 100_000))?.problem == .tooDeep(limit: 64))
        #expect(error(nested(256), JSONReader.Limits(maximumDepth: 256)) == nil)
        let deep = try #require(error(#"{"a": [[{"b": [[]]}]]}"#, JSONReader.Limits(maximumDepth: 5)))
        #expect(deep.problem == .tooDeep(limit: 5))
        #expect(deep.path == "a[0][0].b[0]")
    }

    @Test("size is bounded, and a byte order mark can be refused")
    func size() {
        #expect(error("[1]", JSONReader.Limits(maximumBytes: 3)) == nil)
        #expect(error("[1] ", JSONReader.Limits(maximumBytes: 3))?.problem == .tooLarge(limit: 3))
        #expect(error("\u{FEFF}{}", JSONReader.Limits(allowsByteOrderMark: false))?.problem == .byteOrderMark)
    }

    @Test(
        "invalid UTF-8 is refused: overlong forms, encoded surrogates, past U+10FFFF, stray and missing continuation bytes",
        arguments: [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xE2, 0x82], [0xE2, 0x82, 0x41], [0xFF], [0xFE],
        ] as [[UInt8]])
    func invalidUTF8(_ sequence: [UInt8]) throws {
        let found = try #require(error(Array(#"{"k": "ab"#.utf8) + sequence + Array(#""}"#.utf8)))
        #expect(found.problem == .invalidUTF8)
        #expect(found.offset == 9, "the lead byte of the bad sequence")
        #expect(found.path == "k")
        #expect(error(Array(#"{"a"#.utf8) + sequence + Array(#"": 1}"#.utf8))?.problem == .invalidUTF8)
    }

    @Test("valid multi-byte UTF-8 at every length is read as is")
    func validUTF8() throws {
        #expect(
            try read("\"\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\"").string
                == "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}")
    }

    @Test(
        "lone surrogates, bad escapes and raw control characters are refused where they start",
        arguments: [
            (#"["\ud800"]"#, JSONProblem.loneSurrogate, 8),
            (#"["\ud800\u0041"]"#, .loneSurrogate, 14),
            (#"["\udc00"]"#, .loneSurrogate, 8),
            (#"["\u12"]"#, .badUnicodeEscape, 4),
            (#"["\u+123"]"#, .badUnicodeEscape, 4),
            (#"["\q"]"#, .unknownEscape(UInt8(ascii: "q")), 2),
            ("[\"a\tb\"]", .controlCharacter(0x09), 3),
            (#"["abc"#, .unterminatedString, 5),
            (#"["abc\"#, .unterminatedString, 6),
        ])
    func strings(_ text: String, _ problem: JSONProblem, _ offset: Int) throws {
        let found = try #require(error(text))
        #expect(found.problem == problem)
        #expect(found.offset == offset)
        #expect(found.path == "(top level)[0]")
    }

    @Test(
        "trailing garbage and broken structure are refused",
        arguments: [
            ("{} x", JSONProblem.trailingText, 3), ("{}{}", .trailingText, 2), ("[1] ,", .trailingText, 4), ("{}\u{0}", .trailingText, 2),
            ("", .expectedValue, 0), ("   ", .expectedValue, 3), ("[1,]", .expectedValue, 3), (#"{"a": 1,}"#, .expectedKey, 8),
            ("{'a': 1}", .expectedKey, 1), (#"{"a" 1}"#, .expectedColon(key: "a"), 5), ("[1 2]", .expectedCommaOrBracket, 3),
            (#"{"a": 1 "b": 2}"#, .expectedCommaOrBrace, 8), ("tru", .expectedValue, 0), ("[nul]", .expectedValue, 1),
            ("[1] // c", .trailingText, 4),
        ])
    func structure(_ text: String, _ problem: JSONProblem, _ offset: Int) throws {
        let found = try #require(error(text))
        #expect(found.problem == problem)
        #expect(found.offset == offset)
    }

    @Test("errors say line, column (in characters) and key path; messages name what was found")
    func positions() throws {
        let text = "{\n  \"suites\": [\n    {\"name\": \"é\", \"timeoutSeconds\": 1x}\n  ]\n}"
        let found = try #require(error(text))
        #expect(found.problem == .expectedCommaOrBrace)
        #expect(found.line == 3)
        #expect(found.column == 38)
        #expect(found.path == "suites[0]")
        #expect(found.message == "expected ',' or '}' after a member, found 'x'")
        #expect(found.description == "line 3, column 38 (at suites[0]): expected ',' or '}' after a member, found 'x'")
        let inValue = try #require(error(#"{"suites": [{}, {}, {"timeoutSeconds": "\x"}]}"#))
        #expect(inValue.path == "suites[2].timeoutSeconds")
        #expect(error("[")?.message == "expected a JSON value, found the end of the file")
        #expect(error("[\u{1}]")?.message == "expected a JSON value, found byte 0x1")
        #expect(error("[\u{E9}]")?.message == "expected a JSON value, found a non-ASCII character")
    }

    @Test("a hostile key is shown quoted, escaped and clipped in paths and messages")
    func hostileKeys() throws {
        let long = String(repeating: "k", count: 500) + "\n"
        let found = try #require(error(#"{"\#(long)": {"x y": [1 2]}}"#.replacingOccurrences(of: "\n", with: "\\n")))
        #expect(found.path.count < 100)
        #expect(found.path.hasPrefix("(top level)[\"kkk"))
        #expect(found.path.hasSuffix("…\"][\"x y\"][0]"))
        #expect(!found.path.contains("\n"))
        let duplicate = try #require(error(#"{"a\u0000": 1, "a\u0000": 2}"#))
        #expect(duplicate.message == #"duplicate key 'a\u{0}'"#)
    }

    @Test("random bytes and mutated JSON never trap: each read gives a value or a typed error")
    func randomInput() {
        var random = SplitMix64(seed: 21)
        let seed = Array(#"{"a": [1, -2.5e3, "x\u00e9\ud83d\ude00", true, null, {"b": {}}], "c": "é"}"#.utf8)
        let alphabet = Array(#"{}[]:,"\-+.eE0123456789tfnrlu aé"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        for round in 0..<4_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int(random.next() % 48)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                bytes = seed
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let position = Int(random.next() % UInt64(bytes.count + 1))
                    let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
                    switch random.next() % 3 {
                    case 0: bytes.insert(byte, at: position)
                    case 1 where position < bytes.count: bytes.remove(at: position)
                    default: if position < bytes.count { bytes[position] = byte }
                    }
                }
            }
            do throws(JSONReadError) {
                _ = try JSONReader.read(bytes, limits: JSONReader.Limits(maximumDepth: 8))
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count, "\(bytes)")
                #expect(error.line >= 1 && error.column >= 1)
                #expect(!error.description.contains("\n"))
            }
        }
    }
}
