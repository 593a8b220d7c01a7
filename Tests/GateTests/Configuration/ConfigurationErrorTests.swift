//===----------------------------------------------------------------------===//
// ConfigurationErrorTests.swift: every rejected configuration names its key path.
//===----------------------------------------------------------------------===//

import Gate
import GateConfig
import Testing

/// Parses `text` as `acceptance-gate.json` and returns the error message, or `nil` when valid.
func configurationError(_ text: String) -> String? {
    do {
        _ = try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json")
        return nil
    } catch {
        return error.description
    }
}

/// A minimal valid suites array, for tests about other sections.
let framesOnly = #""suites": [{"name": "frames", "kind": "frames"}]"#

@Suite("configuration errors")
struct ConfigurationErrorTests {
    @Test("the two messages of the brief, word for word")
    func briefExamples() {
        #expect(
            configurationError(
                #"{"suites": [{"name": "a", "kind": "frames"}, {"name": "b", "kind": "command", "command": ["x"], "timeoutSeconds": "ten"}]}"#
            )
                == #"acceptance-gate.json:1:115: suites[1].timeoutSeconds: expected a positive number of seconds, found "ten""#)
        #expect(
            configurationError(#"{"fixture": {"builtin": "redirect", "expect": {"foreignRequest": 0}}, \#(framesOnly)}"#)
                == "acceptance-gate.json:1:48: fixture.expect.foreignRequest: unknown key; did you mean 'foreignRequests'?")
    }

    @Test("an unknown key and a wrong type give the line and column, as a syntax error does")
    func lineAndColumn() {
        let text = """
            {
              "suites": [
                { "name": "a", "kind": "frames" },
                { "name": "b", "kind": "command", "command": ["x"],
                  "timeoutSecond": 5 }
              ],
              "git": { "requireClean": "yes" }
            }
            """
        #expect(
            configurationError(text) == "acceptance-gate.json:5:7: suites[1].timeoutSecond: unknown key; did you mean 'timeoutSeconds'?")
        let wrongType = text.replacingOccurrences(of: "\"timeoutSecond\"", with: "\"timeoutSeconds\"")
        #expect(configurationError(wrongType) == #"acceptance-gate.json:7:28: git.requireClean: expected true or false, found "yes""#)
        // A key a path would quote (the commonest typo) is placed too, and a byte order mark is no column.
        #expect(
            configurationError(#"{"suites": [{"name": "a", "kind": "frames", "timeout-seconds": 5}]}"#)?.hasPrefix(
                "acceptance-gate.json:1:45: suites[0].timeout-seconds: unknown key") == true)
        #expect(
            configurationError("\u{FEFF}" + #"{"suites": [{"name": "a", "kind": "frames", "bad": 5}]}"#)?.hasPrefix(
                "acceptance-gate.json:1:45: suites[0].bad: unknown key") == true)
        // After a character of two bytes: the column counts characters, as an editor shows them.
        #expect(
            configurationError(
                "{\n\"suites\": [{\"name\": \"a\", \"kind\": \"command\", \"command\": [\"é\"], \"timeoutSeconds\": \"x\"}]}")?.hasPrefix(
                    "acceptance-gate.json:2:81: suites[0].timeoutSeconds:") == true)
    }

    @Test(
        "each rule names the key path",
        arguments: [
            (#"{"fixture": null, "suites": [], "x": 1}"#, "acceptance-gate.json: x: unknown key; expected one of"),
            (#"{"fixture": null}"#, "acceptance-gate.json: missing 'suites'"),
            (#"{"suites": []}"#, "acceptance-gate.json: suites: list at least one suite"),
            (#"{"suites": {}}"#, "acceptance-gate.json: suites: expected an array, found an object"),
            (#"[1]"#, "acceptance-gate.json: expected an object at the top level, found an array"),
            (#"{"suites": [{"name": "A", "kind": "frames"}]}"#, "suites[0].name: expected a name of lowercase letters"),
            (#"{"suites": [{"name": "a", "kind": "lint"}]}"#, #"suites[0].kind: expected "xctest", "frames" or "command", found "lint""#),
            (#"{"suites": [{"name": "a", "kind": "xctest"}]}"#, "suites[0]: missing 'command' for a xctest suite"),
            (#"{"suites": [{"name": "a", "kind": "command", "command": []}]}"#, "suites[0].command: expected a non-empty array"),
            (#"{"suites": [{"name": "a", "kind": "command", "command": ["x", 1]}]}"#, "suites[0].command[1]: expected a string, found 1"),
            (#"{"suites": [{"name": "a", "kind": "frames"}, {"name": "a", "kind": "frames"}]}"#, "suites[1].name: the name 'a' is used"),
            (#"{"suites": [{"name": "fixture", "kind": "frames"}]}"#, "suites[0].name: 'fixture' is reserved for the fixture's own log"),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "timeoutSeconds": 0}]}"#,
                "suites[0].timeoutSeconds: expected a positive number of seconds, found 0"
            ),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "timeoutSeconds": 86401}]}"#,
                "suites[0].timeoutSeconds: expected at most 86400 seconds"
            ),
            (#"{"suites": [{"name": "a", "kind": "frames", "expectTests": []}]}"#, "suites[0].expectTests: only an xctest suite"),
            (#"{"suites": [{"name": "a", "kind": "command", "command": ["x"], "limit": 3}]}"#, "suites[0].limit: only a frames suite"),
            (#"{"suites": [{"name": "a", "kind": "frames", "limit": 1048577}]}"#, "suites[0].limit: expected an integer from 0 to 1048576"),
            (#"{"suites": [{"name": "a", "kind": "frames", "limit": 2.5}]}"#, "suites[0].limit: expected an integer"),
            (
                #"{"suites": [{"name": "a", "kind": "frames", "decoder": "mine"}]}"#,
                #"suites[0].decoder: expected "builtin" or a command array"#
            ),
            (#"{"suites": [{"name": "a", "kind": "frames", "env": {"A": 1}}]}"#, "suites[0].env.A: expected a string, found 1"),
            (#"{"suites": [{"name": "a", "kind": "frames", "nmae": "x"}]}"#, "suites[0].nmae: unknown key; did you mean 'name'?"),
            (#"{"fixture": {}, \#(framesOnly)}"#, "fixture: missing 'builtin' or 'command'"),
            (#"{"fixture": {"builtin": "redirect", "command": ["x"]}, \#(framesOnly)}"#, "fixture: give either 'builtin' or 'command'"),
            (#"{"fixture": {"builtin": "other"}, \#(framesOnly)}"#, #"fixture.builtin: expected "redirect", found "other""#),
            (#"{"fixture": {"builtin": "redirect", "ports": [8765, 8765]}, \#(framesOnly)}"#, "fixture.ports: the two ports must differ"),
            (
                #"{"fixture": {"builtin": "redirect", "ports": [0, 8766]}, \#(framesOnly)}"#,
                "fixture.ports[0]: expected a port from 1 to 65535, found 0"
            ),
            (
                #"{"fixture": {"builtin": "redirect", "ports": [1]}, \#(framesOnly)}"#,
                "fixture.ports: expected \"auto\" or two distinct ports"
            ),
            (#"{"fixture": {"builtin": "redirect", "ports": "any"}, \#(framesOnly)}"#, "fixture.ports: expected \"auto\""),
            (
                #"{"fixture": {"builtin": "redirect", "stopGraceSeconds": 61}, \#(framesOnly)}"#,
                "fixture.stopGraceSeconds: expected a number of seconds from 0.1 to 60, found 61"
            ),
            (
                #"{"fixture": {"builtin": "redirect", "expect": {"foreignRequests": -1}}, \#(framesOnly)}"#,
                "fixture.expect.foreignRequests: expected an integer of at least 0, found -1"
            ),
            (
                #"{"fixture": {"builtin": "redirect", "ready": {"line": "R"}}, \#(framesOnly)}"#,
                "fixture.ready: only a command fixture takes 'ready'"
            ),
            (#"{"fixture": {"command": ["f"]}, \#(framesOnly)}"#, "fixture: a command fixture needs 'ready'"),
            (#"{"fixture": {"command": ["f"], "ready": {}}, \#(framesOnly)}"#, "fixture.ready: give 'tcp' addresses and/or a 'line'"),
            (
                #"{"fixture": {"command": ["f"], "ready": {"tcp": ["localhost:8765"]}}, \#(framesOnly)}"#,
                "fixture.ready.tcp[0]: use 127.0.0.1"
            ),
            (
                #"{"fixture": {"command": ["f"], "ready": {"tcp": ["10.0.0.1:8765"]}}, \#(framesOnly)}"#,
                "fixture.ready.tcp[0]: readiness probes reach IPv4 loopback only"
            ),
            (
                #"{"fixture": {"command": ["f"], "ready": {"tcp": ["[::1]:8765"]}}, \#(framesOnly)}"#,
                "fixture.ready.tcp[0]: readiness probes reach IPv4 loopback only; use 127.0.0.1:<port>"
            ),
            (
                #"{"fixture": {"command": ["f"], "ready": {"tcp": ["127.0.0.1:99999"]}}, \#(framesOnly)}"#,
                "fixture.ready.tcp[0]: expected a port from 1 to 65535"
            ),
            (
                #"{"fixture": {"command": ["f"], "ready": {"line": "R", "timeoutSeconds": -1}}, \#(framesOnly)}"#,
                "fixture.ready.timeoutSeconds: expected a positive number"
            ),
            (
                #"{\#(framesOnly), "report": {"formats": ["pdf"]}}"#,
                #"report.formats[0]: expected "json", "junit", "markdown" or "html", found "pdf""#
            ),
            (#"{\#(framesOnly), "report": {"dir": ""}}"#, #"report.dir: expected a non-empty string, found """#),
            (#"{\#(framesOnly), "signing": {"require": "yes"}}"#, #"signing.require: expected true or false, found "yes""#),
            (#"{\#(framesOnly), "signing": {"keyfile": "k"}}"#, "signing.keyfile: unknown key; did you mean 'keyFile'?"),
            (#"{\#(framesOnly), "scan": {"allow": "fixture-only"}}"#, #"scan.allow: expected an array of strings, found "fixture-only""#),
            (#"{\#(framesOnly), "git": {"requireClean": 1}}"#, "git.requireClean: expected true or false, found 1"),
        ])
    func rule(text: String, expected: String) {
        // The line and column after the file name have their own test.
        let message = configurationError(text)?.replacingOccurrences(
            of: #"^acceptance-gate\.json:[0-9]+:[0-9]+:"#, with: "acceptance-gate.json:", options: .regularExpression)
        #expect(message?.contains(expected) == true, "\(message ?? "valid")")
        #expect(message?.hasPrefix("acceptance-gate.json") == true)
        #expect(message?.contains("\n") == false)
    }

    @Test(
        "malformed JSON names line and column",
        arguments: [
            (
                "{\n  \"suites\": [\n    {\"name\": \"a\",, }\n  ]\n}",
                "acceptance-gate.json:3:18: not valid JSON: expected a quoted key, found ',' (in suites[0])"
            ),
            (
                "{\"suites\": [1, 2}",
                "acceptance-gate.json:1:17: not valid JSON: expected ',' or ']' after an element, found '}' (in suites[1])"
            ),
            ("{\"a\": 1, \"a\": 2}", "acceptance-gate.json:1:10: not valid JSON: duplicate key 'a'"),
            ("", "acceptance-gate.json:1:1: not valid JSON: expected a JSON value, found the end of the file"),
            ("{} x", "acceptance-gate.json:1:4: not valid JSON: unexpected text after the JSON value"),
            ("{\"a\": \"\\q\"}", "acceptance-gate.json:1:8: not valid JSON: unknown escape '\\q' (in a)"),
            ("{\"a\": 01}", "acceptance-gate.json:1:8: not valid JSON: expected ',' or '}' after a member, found '1'"),
            ("{\"a\": 1e999}", "acceptance-gate.json:1:7: not valid JSON: the number 1e999 is too large (in a)"),
        ])
    func malformed(text: String, expected: String) {
        #expect(configurationError(text) == expected)
    }

    @Test("deep nesting and random bytes are errors, never traps")
    func hostile() {
        #expect(configurationError(String(repeating: "[", count: 10_000))?.contains("nested deeper than 64") == true)
        var state: UInt64 = 7
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let count = Int(state >> 58)
            var bytes: [UInt8] = []
            for index in 0..<count {
                bytes.append(UInt8(truncatingIfNeeded: (state >> UInt64(index % 56)) ^ UInt64(index)))
            }
            let pieces = ["{", "}", "[", "]", "\"suites\"", ":", ",", "\"\\u", "1e", "-", "\"", "null"]
            let text = String(decoding: bytes, as: UTF8.self) + pieces[Int(state % UInt64(pieces.count))]
            _ = configurationError(text)
        }
    }
}
