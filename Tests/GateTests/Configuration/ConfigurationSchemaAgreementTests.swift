//===----------------------------------------------------------------------===//
// ConfigurationSchemaAgreementTests.swift: the JSON Schema rejects what the parser rejects.
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption
import Testing

@testable import Gate
@testable import GateConfig

/// One table of configurations goes to both the parser and `templates/acceptance-gate.schema.json`
/// (validated by Python's `jsonschema`), and both must agree on each, except where JSON Schema
/// cannot say what the parser checks (listed in ``schemaCannotSay``).
@Suite("configuration schema agrees with the parser")
struct ConfigurationSchemaAgreementTests {
    /// A suite that is valid everywhere, for the cases that vary something else.
    static let suite = #"{"name": "t", "kind": "command", "command": ["true"]}"#

    /// `(label, JSON text)`: a minimal configuration with `fixture` and one suite.
    static func config(fixture: String = #"{"builtin": "redirect"}"#, suite: String = suite) -> String {
        #"{"fixture": \#(fixture), "suites": [\#(suite)]}"#
    }

    /// The table: what both must accept, then what both must reject.
    static let cases: [(label: String, text: String, valid: Bool)] = [
        ("minimal", config(), true),
        (
            "origin paths",
            config(fixture: #"{"builtin": "redirect", "expect": {"foreignRequests": 0, "originPaths": ["/same", "/start", "/target"]}}"#),
            true
        ),
        ("command fixture with tcp", config(fixture: #"{"command": ["./f"], "ready": {"tcp": ["127.0.0.1:65535"]}}"#), true),
        ("command fixture with a line and no tcp", config(fixture: #"{"command": ["./f"], "ready": {"tcp": [], "line": "READY"}}"#), true),
        ("suite name with dots", config(suite: #"{"name": "a.b-c_1", "kind": "command", "command": ["true"]}"#), true),
        ("env", config(suite: #"{"name": "t", "kind": "command", "command": ["true"], "env": {"A_B": "x=y"}}"#), true),
        ("suite named fixture", config(suite: #"{"name": "fixture", "kind": "command", "command": ["true"]}"#), false),
        ("suite named .", config(suite: #"{"name": ".", "kind": "command", "command": ["true"]}"#), false),
        ("suite named ..", config(suite: #"{"name": "..", "kind": "command", "command": ["true"]}"#), false),
        ("empty env name", config(suite: #"{"name": "t", "kind": "command", "command": ["true"], "env": {"": "x"}}"#), false),
        ("env name with =", config(suite: #"{"name": "t", "kind": "command", "command": ["true"], "env": {"A=B": "x"}}"#), false),
        ("fixture env name with =", config(fixture: #"{"builtin": "redirect", "env": {"A=B": "x"}}"#), false),
        ("port 0", config(fixture: #"{"builtin": "redirect", "ports": [0, 8766]}"#), false),
        ("port 65536", config(fixture: #"{"builtin": "redirect", "ports": [8765, 65536]}"#), false),
        ("same ports", config(fixture: #"{"builtin": "redirect", "ports": [8765, 8765]}"#), false),
        ("tcp port 0", config(fixture: #"{"command": ["./f"], "ready": {"tcp": ["127.0.0.1:0"]}}"#), false),
        ("tcp port 99999", config(fixture: #"{"command": ["./f"], "ready": {"tcp": ["127.0.0.1:99999"]}}"#), false),
        ("tcp localhost", config(fixture: #"{"command": ["./f"], "ready": {"tcp": ["localhost:8765"]}}"#), false),
        ("empty ready.tcp", config(fixture: #"{"command": ["./f"], "ready": {"tcp": []}}"#), false),
        ("ready beside builtin", config(fixture: #"{"builtin": "redirect", "ready": {"line": "READY"}}"#), false),
        ("command fixture without ready", config(fixture: #"{"command": ["./f"]}"#), false),
        ("builtin and command", config(fixture: #"{"builtin": "redirect", "command": ["./f"], "ready": {"line": "R"}}"#), false),
        ("empty origin paths", config(fixture: #"{"builtin": "redirect", "expect": {"originPaths": []}}"#), false),
        ("origin path without /", config(fixture: #"{"builtin": "redirect", "expect": {"originPaths": ["same"]}}"#), false),
        ("origin path with a space", config(fixture: #"{"builtin": "redirect", "expect": {"originPaths": ["/a b"]}}"#), false),
        ("origin path twice", config(fixture: #"{"builtin": "redirect", "expect": {"originPaths": ["/a", "/a"]}}"#), false),
        ("negative foreign requests", config(fixture: #"{"builtin": "redirect", "expect": {"foreignRequests": -1}}"#), false),
        ("unknown key", config(fixture: #"{"builtin": "redirect", "colour": true}"#), false),
        ("flaky reject", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "flaky": "reject"}"#), true),
        ("flaky warn", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "flaky": "warn"}"#), true),
        ("flaky sometimes", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "flaky": "sometimes"}"#), false),
        ("retry 2", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "retry": {"failedTests": 2}}"#), true),
        ("retry 0", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "retry": {"failedTests": 0}}"#), true),
        ("retry 6", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "retry": {"failedTests": 6}}"#), false),
        ("retry -1", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "retry": {"failedTests": -1}}"#), false),
        ("retry a string", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "retry": {"failedTests": "2"}}"#), false),
        ("retry without failedTests", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "retry": {}}"#), false),
        ("retry a number", config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "retry": 2}"#), false),
        (
            "retry with another key",
            config(suite: #"{"name": "t", "kind": "xctest", "command": ["true"], "retry": {"failedTests": 1, "crashes": 1}}"#), false
        ),
        (
            "retry on a command suite",
            config(suite: #"{"name": "t", "kind": "command", "command": ["true"], "retry": {"failedTests": 1}}"#), false
        ),
        (
            "quarantine",
            config(
                suite:
                    #"{"name": "t", "kind": "xctest", "command": ["true"], "quarantine": [{"test": "A.testB", "owner": "ana", "reason": "r", "expires": "2026-12-31"}]}"#
            ), true
        ),
        (
            "quarantine without an owner",
            config(
                suite:
                    #"{"name": "t", "kind": "xctest", "command": ["true"], "quarantine": [{"test": "A.t", "reason": "r", "expires": "2026-12-31"}]}"#
            ),
            false
        ),
        (
            "quarantine expiring in month 13",
            config(
                suite:
                    #"{"name": "t", "kind": "xctest", "command": ["true"], "quarantine": [{"test": "A.testB", "owner": "ana", "reason": "r", "expires": "2026-13-01"}]}"#
            ), false
        ),
        (
            "quarantine on a command suite", config(suite: #"{"name": "t", "kind": "command", "command": ["true"], "quarantine": []}"#),
            false
        ),
        ("flaky on a command suite", config(suite: #"{"name": "t", "kind": "command", "command": ["true"], "flaky": "warn"}"#), false),
        (
            "expectTests on a command suite", config(suite: #"{"name": "t", "kind": "command", "command": ["true"], "expectTests": []}"#),
            false
        ),
        ("xctest without command", config(suite: #"{"name": "t", "kind": "xctest"}"#), false),
        ("empty program", config(suite: #"{"name": "t", "kind": "command", "command": [""]}"#), false),
        ("no suites", #"{"suites": []}"#, false),
        ("grace too long", config(fixture: #"{"builtin": "redirect", "stopGraceSeconds": 61}"#), false),
    ]

    /// Where JSON Schema cannot follow the parser: its `integer` is a mathematical integer, so
    /// `5.0` is one, while the parser takes the JSON text `5.0` for a fraction.
    static let schemaCannotSay: [(label: String, text: String)] = [
        ("5.0 for an integer", config(fixture: #"{"builtin": "redirect", "expect": {"foreignRequests": 5.0}}"#))
    ]

    static func parserAccepts(_ text: String) -> Bool {
        (try? GateConfiguration.parse(Array(text.utf8), file: "case.json")) != nil
    }

    @Test("the parser and the schema agree on every case of the table")
    func agree() throws {
        let schema = String(decoding: try AdoptionTestSupport.templateBytes("acceptance-gate.schema.json"), as: UTF8.self)
        let verdicts = try #require(ConsumerTool.jsonSchemaVerdicts(schema: schema, documents: Self.cases.map(\.text)))
        try #require(verdicts.count == Self.cases.count)
        for (entry, schemaValid) in zip(Self.cases, verdicts) {
            #expect(Self.parserAccepts(entry.text) == entry.valid, "parser: \(entry.label)")
            #expect(schemaValid == entry.valid, "schema: \(entry.label)")
        }
    }

    @Test("the one known disagreement is still one: 5.0 where an integer goes")
    func knownGap() throws {
        let schema = String(decoding: try AdoptionTestSupport.templateBytes("acceptance-gate.schema.json"), as: UTF8.self)
        let verdicts = try #require(ConsumerTool.jsonSchemaVerdicts(schema: schema, documents: Self.schemaCannotSay.map(\.text)))
        for (entry, schemaValid) in zip(Self.schemaCannotSay, verdicts) {
            #expect(!Self.parserAccepts(entry.text), "parser: \(entry.label)")
            #expect(schemaValid, "schema: \(entry.label) (if it now rejects, move the case into the table)")
        }
    }

    @Test("the embedded default and the configuration init writes are valid under the schema")
    func writtenConfigurationsAreValid() throws {
        let schema = String(decoding: try AdoptionTestSupport.templateBytes("acceptance-gate.schema.json"), as: UTF8.self)
        let documents = [
            GateConfiguration.embeddedDefaultJSON,
            AdoptionConfiguration.json(suite: .swiftPackage(expectTests: AdoptionConfiguration.expectedTests), frames: true),
            AdoptionConfiguration.json(suite: .swiftPackage(expectTests: AdoptionConfiguration.expectedTests), frames: false),
        ]
        let verdicts = try #require(ConsumerTool.jsonSchemaVerdicts(schema: schema, documents: documents))
        #expect(verdicts == [true, true, true])
        for document in documents {
            #expect(Self.parserAccepts(document))
        }
    }
}
