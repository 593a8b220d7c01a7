//===----------------------------------------------------------------------===//
// JSONValueDecoderTests.swift: Codable models from the strict reader's values, and the errors.
//===----------------------------------------------------------------------===//

import GateCore
import Testing

@Suite("JSONValueDecoder")
struct JSONValueDecoderTests {
    private struct Inner: Codable, Equatable {
        var count: Int
        var label: String?
    }

    private enum Colour: String, Codable {
        case red, green
    }

    private struct Outer: Codable, Equatable {
        var name: String
        var ratio: Double
        var flag: Bool
        var inner: Inner
        var list: [Inner]
        var words: [String]
        var colour: Colour
        var optionalInner: Inner?
        var small: Int8?
        var pair: ListenerPair<Int>?
    }

    private static let valid = #"""
        {"name": "n", "ratio": 2, "flag": true, "inner": {"count": 1}, "list": [{"count": 2, "label": "x"}],
         "words": ["a", "b"], "colour": "green", "optionalInner": null, "pair": {"origin": 1, "foreign": 2}}
        """#

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONValueDecoder().decode(type, from: try JSONReader.read(Array(text.utf8)))
    }

    /// The error decoding `text` as `Outer` throws, with its coding path as `a.b[0]`.
    private func failure(_ text: String) throws -> (error: DecodingError, path: String, kind: String)? {
        let value = try JSONReader.read(Array(text.utf8))
        do throws(DecodingError) {
            _ = try JSONValueDecoder().decode(Outer.self, from: value)
            return nil
        } catch {
            let context: DecodingError.Context
            let kind: String
            var suffix: [any CodingKey] = []
            switch error {
            case .keyNotFound(let key, let found): (context, suffix, kind) = (found, [key], "keyNotFound")
            case .typeMismatch(_, let found): (context, kind) = (found, "typeMismatch")
            case .valueNotFound(_, let found): (context, kind) = (found, "valueNotFound")
            case .dataCorrupted(let found): (context, kind) = (found, "dataCorrupted")
            @unknown default: return (error, "?", "?")
            }
            let path = (context.codingPath + suffix).map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return (error, path, kind)
        }
    }

    /// `text` with `replacement` in place of `original` (which must be in it once).
    private static func valid(replacing original: String, with replacement: String) -> String {
        valid.replacing(original, with: replacement)
    }

    @Test("a model is filled: nested objects and arrays, optionals absent or null, enums, integers as Double")
    func decodes() throws {
        let outer = try decode(Outer.self, Self.valid)
        #expect(
            outer
                == Outer(
                    name: "n", ratio: 2, flag: true, inner: Inner(count: 1), list: [Inner(count: 2, label: "x")], words: ["a", "b"],
                    colour: .green, optionalInner: nil, small: nil, pair: ListenerPair(origin: 1, foreign: 2)))
        #expect(try decode([Double].self, "[1, -0.5, 2e3, 0]") == [1, -0.5, 2000, 0])
        #expect(try decode([Int?].self, "[1, null, -3]") == [1, nil, -3])
        #expect(try decode([String: Int].self, #"{"a": 1, "odd key": 2}"#) == ["a": 1, "odd key": 2])
        #expect(try decode(Int.self, "-9223372036854775808") == Int.min)
        #expect(try decode(UInt8.self, "255") == 255)
        #expect(try decode(Float.self, "0.5") == 0.5)
    }

    @Test("keys the model does not ask for are ignored, at any depth")
    func unknownKeys() throws {
        let text = Self.valid(replacing: #""count": 1}"#, with: #""count": 1, "later": {"deep": [1, {"x": null}]}}, "extra": 3"#)
        #expect(try decode(Outer.self, text) == (try decode(Outer.self, Self.valid)))
    }

    @Test(
        "type errors are JSONDecoder's cases with its coding paths",
        arguments: [
            (#""name": "n""#, #""name": 3"#, ".name", "typeMismatch"),
            (#""name": "n""#, #""name": null"#, ".name", "valueNotFound"),
            (#""name": "n", "#, "", ".name", "keyNotFound"),
            (#""inner": {"count": 1}"#, #""inner": null"#, ".inner", "valueNotFound"),
            (#""inner": {"count": 1}"#, #""inner": [1]"#, ".inner", "typeMismatch"),
            (#""list": [{"count": 2, "label": "x"}]"#, #""list": [{"count": 2, "label": 7}]"#, ".list[0].label", "typeMismatch"),
            (#""list": [{"count": 2, "label": "x"}]"#, #""list": [{"count": 2}, null]"#, ".list[1]", "valueNotFound"),
            (#""list": [{"count": 2, "label": "x"}]"#, #""list": {}"#, ".list", "typeMismatch"),
            (#""words": ["a", "b"]"#, #""words": ["a", false]"#, ".words[1]", "typeMismatch"),
            (#""flag": true"#, #""flag": 1"#, ".flag", "typeMismatch"),
            (#""ratio": 2"#, #""ratio": "2""#, ".ratio", "typeMismatch"),
            (#""colour": "green""#, #""colour": "blue""#, ".colour", "dataCorrupted"),
            (#""optionalInner": null"#, #""optionalInner": 3"#, ".optionalInner", "typeMismatch"),
            (#""pair": {"origin": 1, "foreign": 2}"#, #""pair": {"origin": 1}"#, ".pair.foreign", "keyNotFound"),
        ])
    func typeErrors(original: String, replacement: String, path: String, kind: String) throws {
        let found = try #require(try failure(Self.valid(replacing: original, with: replacement)))
        #expect(found.path == path)
        #expect(found.kind == kind)
    }

    @Test(
        "an integer type takes only an integer it can hold; a fraction, an exponent or overflow throws, never traps",
        arguments: [
            ("1.5", "expected a whole number, found 1.5"),
            ("-0.25", "expected a whole number, found -0.25"),
            ("1.0", "expected a whole number without a fraction or exponent, found 1"),
            ("1e2", "expected a whole number without a fraction or exponent, found 100"),
            ("99999999999999999999", "the number 1e+20 is out of range (-9223372036854775808 to 9223372036854775807)"),
            ("-9223372036854775809", "the number -9.223372036854776e+18 is out of range"),
            ("1e308", "the number 1e+308 is out of range"),
        ])
    func integers(number: String, message: String) throws {
        let text = Self.valid(replacing: #""count": 1}"#, with: #""count": \#(number)}"#)
        let found = try #require(try failure(text))
        #expect(found.path == ".inner.count")
        guard case .dataCorrupted(let context) = found.error else {
            Issue.record("expected dataCorrupted, got \(found.error)")
            return
        }
        let refusal = try #require(context.underlyingError as? JSONNumberRefusal)
        #expect(refusal.description.hasPrefix(message))
    }

    @Test("a smaller integer type refuses what it cannot hold; a Float refuses what overflows it")
    func narrowTypes() throws {
        let small = try #require(try failure(Self.valid(replacing: #""colour": "green""#, with: #""colour": "green", "small": 300"#)))
        #expect(small.path == ".small")
        guard case .dataCorrupted(let context) = small.error else {
            Issue.record("\(small.error)")
            return
        }
        #expect((context.underlyingError as? JSONNumberRefusal)?.description == "the number 300 is out of range (-128 to 127)")
        #expect(throws: DecodingError.self) { try decode(UInt.self, "-1") }
        // In UInt64's range, beyond what the reader keeps exactly: said so, not "out of range".
        #expect {
            try decode(UInt64.self, "10000000000000000000")
        } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
            return (context.underlyingError as? JSONNumberRefusal)?.description
                == "the number 1e+19 is beyond 9223372036854775807, the largest whole number read exactly"
        }
        #expect(throws: DecodingError.self) { try decode(Float.self, "1e300") }
        #expect(try decode(Double.self, "1e300") == 1e300)
    }

    @Test("reading past the end of an array is valueNotFound at the next index")
    func pastTheEnd() throws {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var elements = try decoder.unkeyedContainer()
                _ = try elements.decode(Int.self)
                _ = try elements.decode(Int.self)
            }
        }
        #expect(throws: DecodingError.self) { try decode(Pair.self, "[1]") }
        do {
            _ = try decode(Pair.self, "[1]")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1"])
            #expect(context.codingPath.map(\.intValue) == [1])
        }
        #expect(throws: Never.self) { try decode(Pair.self, "[1, 2, 3]") }
    }

    @Test("wrong top-level types name the top level")
    func topLevel() throws {
        for text in ["[1, 2]", "\"x\"", "3", "true"] {
            let found = try #require(try failure(text))
            #expect(found.path.isEmpty)
            #expect(found.kind == "typeMismatch", "\(text)")
        }
        let null = try #require(try failure("null"))
        #expect(null.path.isEmpty)
        #expect(null.kind == "valueNotFound")
    }

    @Test("an error a model's own init(from:) throws comes back as dataCorrupted with it underneath")
    func foreignError() throws {
        struct Refuses: Decodable {
            struct Nope: Error {}
            init(from decoder: any Decoder) throws { throw Nope() }
        }
        do throws(DecodingError) {
            _ = try JSONValueDecoder().decode(Refuses.self, from: .null)
            Issue.record("decoded")
        } catch {
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(context.underlyingError is Refuses.Nope)
        }
    }
}
