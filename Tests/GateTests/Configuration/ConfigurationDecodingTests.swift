//===----------------------------------------------------------------------===//
// ConfigurationDecodingTests.swift: the configuration types read themselves through the strict decoder.
//===----------------------------------------------------------------------===//

import GateCore
import Testing

@testable import GateConfig

@Suite("configuration through the strict decoder")
struct ConfigurationDecodingTests {
    /// A file that sets every key of every section (two suites: an xctest and a frames one).
    static let full = #"""
        {
          "fixture": {
            "command": ["./fixture", "--port", "9000"], "ports": [9000, 9001],
            "ready": {"tcp": ["127.0.0.1:9000"], "line": "READY", "timeoutSeconds": 12.5},
            "stopGraceSeconds": 0.5, "expect": {"foreignRequests": 2, "originPaths": ["/same"]}, "env": {"MODE": "ci"}
          },
          "suites": [
            {"name": "unit", "kind": "xctest", "command": ["swift", "test"], "expectTests": ["A.testB"],
             "results": {"xcresult": "out.xcresult"}, "flaky": "reject", "unrunTests": "warn",
             "quarantine": [{"test": "A.testC", "owner": "ana", "reason": "STAGE-1", "expires": "2030-01-01"}],
             "retry": {"failedTests": 2}, "timeoutSeconds": 60, "workingDirectory": "ios", "env": {"X": "1"}},
            {"name": "frames", "kind": "frames", "decoder": ["./decoder"], "limit": 1000}
          ],
          "scan": {"allow": ["fixture-only"], "paths": ["logs"]},
          "report": {"dir": "out", "formats": ["junit"], "templates": "tpl"},
          "signing": {"keyFile": "ci.key", "require": true},
          "git": {"requireClean": true}
        }
        """#

    /// Values of every JSON type, and numbers no setting takes.
    static let hostileValues: [JSONValue] = [
        .null, .bool(true), .number(-1, integer: -1), .number(0, integer: 0), .number(1e308, integer: nil),
        .number(2.5, integer: nil), .number(9.3e18, integer: nil), .string(""), .string("x\ny"), .array([]), .array([.null]),
        .object([]), .object([JSONValue.Member(key: "x", value: .null)]),
    ]

    /// Every key path of `value` with the value there (`suites[1].limit`), the top level first.
    static func paths(of value: JSONValue, at path: String = "") -> [(String, JSONValue)] {
        var result = [(path, value)]
        switch value {
        case .object(let members):
            for member in members { result += paths(of: member.value, at: path.isEmpty ? member.key : "\(path).\(member.key)") }
        case .array(let elements):
            for (index, element) in elements.enumerated() { result += paths(of: element, at: "\(path)[\(index)]") }
        default: break
        }
        return result
    }

    /// `root` with the value at `path` (as ``paths(of:at:)`` spells it) replaced by `replacement`.
    static func replacing(_ path: String, in root: JSONValue, with replacement: JSONValue, at current: String = "") -> JSONValue {
        if current == path { return replacement }
        switch root {
        case .object(let members):
            return .object(
                members.map { member in
                    let child = current.isEmpty ? member.key : "\(current).\(member.key)"
                    return JSONValue.Member(key: member.key, value: replacing(path, in: member.value, with: replacement, at: child))
                })
        case .array(let elements):
            return .array(elements.enumerated().map { replacing(path, in: $1, with: replacement, at: "\(current)[\($0)]") })
        default: return root
        }
    }

    @Test("every value of the full file replaced by every hostile one: valid, or one line naming that place; never a trap")
    func everyPlaceEveryType() throws {
        let root = try JSONReader.read(Array(Self.full.utf8))
        #expect(configurationError(Self.full) == nil)
        var refused = 0
        for (path, _) in Self.paths(of: root) where !path.isEmpty {
            for hostile in Self.hostileValues {
                let text = Self.replacing(path, in: root, with: hostile).text()
                guard let message = configurationError(text) else { continue }
                refused += 1
                #expect(!message.contains("\n"), "\(path) = \(hostile.shortDescription): \(message)")
                let named = message.replacingOccurrences(
                    of: #"^acceptance-gate\.json(:[0-9]+:[0-9]+)?: "#, with: "", options: .regularExpression)
                let place = named.components(separatedBy: ": ").first ?? ""
                // The place named is the value replaced, inside it, or (a rule of the whole) around it.
                #expect(place.hasPrefix(path) || path.hasPrefix(place), "\(path) = \(hostile.shortDescription): \(message)")
            }
        }
        #expect(refused > 300, "the replacements must mostly be refused: \(refused)")
    }

    @Test(
        "null, huge numbers and wrong containers are refused where they are, worded as the setting expects",
        arguments: [
            (#"{"suites": null}"#, "suites: expected an array, found null"),
            (#"{"suites": [{"name": null, "kind": "frames"}]}"#, "suites[0].name: expected a non-empty string, found null"),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "timeoutSeconds": null}]}"#,
                "expected a positive number of seconds, found null"
            ),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "timeoutSeconds": 1e308}]}"#,
                "suites[0].timeoutSeconds: expected at most 86400 seconds"
            ),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "limit": 99999999999999999999}]}"#,
                "suites[0].limit: expected an integer from 0 to 1048576, found 1e+20"
            ),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "limit": 1e2}]}"#,
                "suites[0].limit: expected an integer from 0 to 1048576, found 100.0"
            ),
            (#"{"suites": [{"name": "a", "kind": "frames"}], "scan": []}"#, "scan: expected an object, found an array"),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "env": {"A=B": "x"}}]}"#,
                "suites[0].env.A=B: not a valid environment variable name"
            ),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "env": []}]}"#,
                "suites[0].env: expected an object of string values, found an array"
            ),
            (
                #"{"suites": [{"name": "a", "kind": "xctest", "command": ["t"], "results": {"xcresults": "x"}}]}"#,
                "suites[0].results.xcresults: unknown key; did you mean 'xcresult'?"
            ),
            (
                #"{"suites": [{"name": "a", "kind": "xctest", "command": ["t"], "quarantine": [{"test": "t"}]}]}"#,
                "suites[0].quarantine[0]: missing 'owner'; an entry needs test, owner, reason and expires"
            ),
            (
                #"{"suites": [{"name": "a", "kind": "xctest", "command": ["t"], "quarantine": {}}]}"#,
                "suites[0].quarantine: expected an array, found an object"
            ),
            (#"{"suites": [{"name": "a", "kind": "frames", "decoder": []}]}"#, "suites[0].decoder: expected a non-empty array of strings"),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "decoder": [""]}]}"#,
                "suites[0].decoder: the program (the first element) must not be empty"
            ),
            (
                #"{"fixture": {"builtin": "redirect", "expect": {"originPaths": []}}, \#(framesOnly)}"#,
                #"fixture.expect.originPaths: expected an array of paths such as ["/same", "/start", "/target"], found an array"#
            ),
            (#"{"fixture": [], \#(framesOnly)}"#, "fixture: expected an object, found an array"),
            (#"{\#(framesOnly), "signing": {"keyFile": ""}}"#, #"signing.keyFile: expected a non-empty string, found """#),
            (#"{\#(framesOnly), "report": {"formats": "json"}}"#, #"report.formats: expected an array, found "json""#),
            (#"{\#(framesOnly), "report": {"templates": 3}}"#, "report.templates: expected a non-empty string, found 3"),
        ])
    func refused(text: String, expected: String) {
        let message = configurationError(text)
        #expect(message?.contains(expected) == true, "\(message ?? "valid")")
        #expect(message?.contains("\n") == false)
    }

    @Test("a hostile key is shown escaped and clipped: one short line, never the key's megabytes or line breaks")
    func hostileKeys() throws {
        let broken = try #require(configurationError(#"{\#(framesOnly), "a\nb": 1}"#))
        #expect(broken.hasPrefix(#"acceptance-gate.json: "a\u{a}b": unknown key; expected one of fixture, suites, scan"#), "\(broken)")
        let long = String(repeating: "k", count: 100_000)
        let clipped = try #require(configurationError(#"{\#(framesOnly), "git": {"\#(long)": 1}}"#))
        #expect(clipped.count < 200, "\(clipped.prefix(300))")
        #expect(clipped.contains("unknown key; expected one of requireClean"))
    }

    @Test("null where null means 'none': no fixture, the built-in templates, no key file")
    func meaningfulNull() throws {
        let text = #"{"fixture": null, \#(framesOnly), "report": {"templates": null}, "signing": {"keyFile": null}}"#
        let configuration = try GateConfiguration.parse(Array(text.utf8), file: "f")
        #expect(configuration.fixture == nil)
        #expect(configuration.report.templates == nil)
        #expect(configuration.signing == ConfigSigning(keyFile: nil, keyFileIsExplicit: false))
    }

    @Test("the accepted keys are the types' coding keys, in declaration order, and the unknown-key message lists them so")
    func acceptedKeysAreCodingKeys() {
        #expect(GateConfiguration.acceptedKeys["suites[]"] == ConfigSuite.CodingKeys.allCases.map(\.stringValue))
        #expect(GateConfiguration.acceptedKeys[""] == ["fixture", "suites", "scan", "report", "signing", "git"])
        #expect(
            configurationError(#"{\#(framesOnly), "signing": {"zzz": 1}}"#)
                == "acceptance-gate.json:1:64: signing.zzz: unknown key; expected one of keyFile, require")
    }
}
