//===----------------------------------------------------------------------===//
// StrictJSONScannerTests.swift: what every JSON reader reads the same passes; nothing else does.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import GateSigning

@Suite("strict JSON")
struct StrictJSONScannerTests {
    private func violation(_ text: String) -> StrictJSONViolation? {
        StrictJSONScanner.violation(in: Array(text.utf8), limit: 1 << 20)
    }

    private func violation(_ bytes: [UInt8]) -> StrictJSONViolation? {
        StrictJSONScanner.violation(in: bytes, limit: 1 << 20)
    }

    @Test(
        "documents every reader reads the same pass",
        arguments: [
            "{}", " {\"a\": 1} \n", #"{"a": [1, -0.5, 2e10, 1E-3, true, false, null, "x", {}, []]}"#,
            #"{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}"#, #"{"s": "\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00"}"#,
            "{\"é\": \"日本\", \"😀\": 1}", #"{"": 1, " ": 2}"#,
        ])
    func valid(_ text: String) throws {
        #expect(violation(text) == nil)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test(
        "a key twice in one object is refused at any depth, with its key path",
        arguments: [
            (#"{"verdict": "rejected", "verdict": "accepted"}"#, "verdict", "verdict"),
            (#"{"a": {"b": 1, "c": 2, "b": 3}}"#, "a.b", "b"),
            (#"{"signatures": [{"sig": "x"}, {"keyid": "k", "sig": "y", "sig": "z"}]}"#, "signatures[1].sig", "sig"),
            (#"{"logs": [[{"path": 1, "path": 2}]]}"#, "logs[0][0].path", "path"),
            (#"{"a": 1, "\u0061": 2}"#, "a", "a"),  // the same key, escaped
            ("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}", #"(top level)["cafe\u{301}"]"#, #"cafe\u{301}"#),  // one character, two spellings
            (#"{"x y": 1, "x y": 2}"#, #"(top level)["x y"]"#, "x y"),
        ])
    func duplicates(_ text: String, _ path: String, _ key: String) throws {
        let found = try #require(violation(text))
        #expect(found.path == path)
        #expect(found.problem == "the key '\(key)' appears twice in one object")
        #expect(found.isAmbiguity)
    }

    @Test(
        "invalid UTF-8 is refused: overlong forms, surrogates, past U+10FFFF, stray and missing continuation bytes",
        arguments: [
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xE2, 0x82], [0xE2, 0x82, 0x41], [0xFF], [0xFE],
        ] as [[UInt8]])
    func invalidUTF8(_ sequence: [UInt8]) throws {
        let document = Array(#"{"k": "a"#.utf8) + sequence + Array(#""}"#.utf8)
        let found = try #require(violation(document))
        #expect(found.path == "k")
        #expect(found.problem.hasPrefix("a string is not valid UTF-8"))
        #expect(found.isAmbiguity)
        let inKey = Array(#"{"a"#.utf8) + sequence + Array(#"": 1}"#.utf8)
        #expect(violation(inKey)?.problem.hasPrefix("a string is not valid UTF-8") == true)
    }

    @Test(
        "unpaired surrogate escapes and raw control characters are refused",
        arguments: [
            (#"{"k": "\ud800"}"#, "a string holds an unpaired surrogate escape"),
            (#"{"k": "\ud800\u0041"}"#, "a string holds an unpaired surrogate escape"),
            (#"{"k": "\udc00"}"#, "a string holds an unpaired surrogate escape"),
            ("{\"k\": \"a\tb\"}", "a string holds a raw control character (byte 0x9); escape it"),
            ("{\"k\": \"a\nb\"}", "a string holds a raw control character (byte 0xa); escape it"),
        ])
    func escapes(_ text: String, _ problem: String) {
        #expect(violation(text) == StrictJSONViolation(path: "k", problem: problem, isAmbiguity: true))
    }

    @Test(
        "a top level that is not one object, a byte order mark, or bytes after the object are refused",
        arguments: [
            ("", "it is empty", false), ("   ", "it is empty", false), ("[]", "the top level is not one JSON object", false),
            (#""{}""#, "the top level is not one JSON object", false), ("1", "the top level is not one JSON object", false),
            ("{} x", "there are bytes after the top-level object (at byte 3)", true),
            ("{}{}", "there are bytes after the top-level object (at byte 2)", true),
            (#"{"a": 1}, {"a": 2}"#, "there are bytes after the top-level object (at byte 8)", true),
            ("{}\u{0}", "there are bytes after the top-level object (at byte 2)", true),
            ("\u{FEFF}{}", "it starts with a byte order mark", true),
        ])
    func topLevel(_ text: String, _ problem: String, _ ambiguous: Bool) {
        #expect(violation(text) == StrictJSONViolation(path: "(top level)", problem: problem, isAmbiguity: ambiguous))
    }

    @Test(
        "what is not JSON at all is refused (and Foundation agrees)",
        arguments: [
            "{", #"{"a"}"#, #"{"a": }"#, "{'a': 1}", "{a: 1}", #"{"a": 01}"#, #"{"a": .5}"#, #"{"a": 1.}"#,
            #"{"a": +1}"#, #"{"a": NaN}"#, #"{"a": tru}"#, #"{"a": "\x"}"#, #"{"a": "\u12"}"#, #"{"a": [1 2]}"#,
            #"{"a": "unclosed}"#, "{\"a\": 1 /* c */}",
        ])
    func notJSON(_ text: String) {
        #expect(violation(text) != nil)
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) == nil)
    }

    @Test("Foundation reads a trailing comma that RFC 8259 forbids; the envelope parser refuses it all the same")
    func foundationLeniency() throws {
        let text = #"{"payload": "AA==", "payloadType": "x", "signatures": [],}"#
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "if Foundation grows strict, this test can go")
        let found = try #require(violation(text))
        #expect(found.problem == "expected a quoted key")
        #expect(throws: SigningError.verificationFailed([.notAnEnvelope(reason: "it is not JSON: expected a quoted key at '(top level)'")]))
        {
            try DSSEEnvelope(jsonBytes: Array(text.utf8), source: "e")
        }
    }

    @Test("a number too large for a double is refused; nesting is bounded; so is the size")
    func limits() {
        #expect(violation(#"{"n": 1e400}"#)?.problem.hasPrefix("the number 1e400 does not fit a double") == true)
        #expect(violation(#"{"n": -1e309}"#)?.isAmbiguity == true)
        #expect(violation(#"{"n": 1e308}"#) == nil)
        let deep = { (depth: Int) in #"{"a": "# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
        }
        #expect(violation(deep(64)) == nil)
        #expect(violation(deep(65))?.problem == "objects and arrays nest deeper than 64")
        #expect(violation(deep(100_000))?.problem == "objects and arrays nest deeper than 64", "no stack overflow")
        #expect(
            StrictJSONScanner.violation(in: Array("{}".utf8) + [UInt8](repeating: 0x20, count: 10), limit: 5)?.problem
                == "the document is larger than 5 bytes")
    }

    @Test("a hostile key is shown escaped and clipped, never raw")
    func shownKeys() throws {
        let long = String(repeating: "k", count: 500)
        let found = try #require(violation(#"{"\#(long)\n": 1, "\#(long)\n": 2}"#))
        #expect(found.path.count < 80)
        #expect(!found.problem.contains("\n"))
        #expect(found.problem.contains("…"))
    }

    @Test("random bytes and random mutations of a valid document never trap, and what passes Foundation also reads")
    func randomInput() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let valid = Array(#"{"a": [1, "b\u00e9", {"c": null}], "d": "é", "e": -1.5e3}"#.utf8)
        for round in 0..<5_000 {
            var bytes = valid
            if round % 2 == 0 {
                bytes = (0..<Int(next() % 40)).map { _ in UInt8(truncatingIfNeeded: next()) }
            } else {
                for _ in 0..<(1 + Int(next() % 3)) where !bytes.isEmpty {
                    bytes[Int(next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: next())
                }
            }
            if violation(bytes) == nil {
                #expect(
                    (try? JSONSerialization.jsonObject(with: Data(bytes))) is [String: Any],
                    "strict JSON that Foundation cannot read: \(bytes)")
            }
        }
    }
}
