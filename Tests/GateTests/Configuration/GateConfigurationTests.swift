//===----------------------------------------------------------------------===//
// GateConfigurationTests.swift: defaults, the embedded default, and loading files.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateDigest
import GateReport
import GateTestSupport
import Testing

@testable import Gate
@testable import GateConfig

@Suite("configuration")
struct GateConfigurationTests {
    @Test("the embedded default text parses to exactly the embedded default value")
    func embeddedDefault() throws {
        let parsed = try GateConfiguration.parse(Array(GateConfiguration.embeddedDefaultJSON.utf8), file: "default")
        #expect(parsed == GateConfiguration.embeddedDefault)
        #expect(parsed.fixture?.ports == .automatic)
        #expect(parsed.fixture?.expectForeignRequests == 0)
        #expect(parsed.suites.map(\.name) == ["redirect-boundary", "frames"])
        #expect(parsed.suites.first?.expectTests.count == 4)
        #expect(parsed.suites.first?.timeout == .seconds(900))
        #expect(parsed.report.formats == [.json, .junit, .markdown, .html])
        #expect(parsed.signing == ConfigSigning(keyFile: "gate.key", keyFileIsExplicit: false))
    }

    @Test("every default is applied to a minimal file")
    func defaults() throws {
        let text = #"{"fixture": {"builtin": "redirect"}, "suites": [{"name": "t", "kind": "command", "command": ["true"]}]}"#
        let configuration = try GateConfiguration.parse(Array(text.utf8), file: "f")
        let fixture = try #require(configuration.fixture)
        #expect(fixture.ports == .fixed(origin: 8765, foreign: 8766))
        #expect(fixture.teardown == .service(stopGrace: .seconds(5)))
        #expect(fixture.readyTimeout == .seconds(30))
        #expect(fixture.expectForeignRequests == nil)
        #expect(fixture.ready == nil)
        let suite = try #require(configuration.suites.first)
        #expect(suite.timeout == .seconds(1800))
        #expect(suite.teardown.deadline == .seconds(1800))
        #expect(suite.decoder == .builtin)
        #expect(suite.workingDirectory == nil)
        #expect(configuration.scan == ConfigScan(allow: ["fixture-only"], paths: []))
        #expect(configuration.report.dir == ".acceptance-gate")
        #expect(configuration.report.formats == ReportFormat.allCases)
        // The file's defaults are the type's own: one spelling of each.
        let report = ConfigReport()
        #expect(configuration.report.dir == report.dir && configuration.report.formats == report.formats)
        #expect(configuration.report.templates == nil)
        #expect(configuration.signing.keyFile == "gate.key")
        #expect(configuration.signing.keyFileIsExplicit == false)
        #expect(configuration.signing.require == false)
        #expect(configuration.git.requireClean == false)
    }

    @Test("a full command-fixture file reads every field")
    func everything() throws {
        let text = """
            {
              "fixture": {"command": ["python3", "fixture.py"], "ports": [9000, 9001],
                          "ready": {"tcp": ["127.0.0.1:9000", "127.0.0.1:9001"], "line": "READY", "timeoutSeconds": 12.5},
                          "stopGraceSeconds": 0.5, "expect": {"foreignRequests": 2}, "env": {"MODE": "ci"}},
              "suites": [
                {"name": "unit.tests_1", "kind": "xctest", "command": ["swift", "test"], "expectTests": ["A.testB"],
                 "timeoutSeconds": 60, "workingDirectory": "ios", "env": {"X": "1"}},
                {"name": "frames", "kind": "frames", "decoder": ["./decoder", "--batch"], "limit": 4096}
              ],
              "scan": {"allow": [], "paths": ["build/logs"]},
              "report": {"dir": "out", "formats": ["junit"], "templates": "tpl"},
              "signing": {"keyFile": "ci.key", "require": true},
              "git": {"requireClean": true}
            }
            """
        let configuration = try GateConfiguration.parse(Array(text.utf8), file: "f")
        #expect(
            configuration.fixture
                == ConfigFixture(
                    launch: .command(["python3", "fixture.py"]), ports: .fixed(origin: 9000, foreign: 9001),
                    ready: ConfigFixture.Readiness(tcp: [TCPAddress(port: 9000), TCPAddress(port: 9001)], line: "READY"),
                    readyTimeout: .milliseconds(12_500), teardown: .service(stopGrace: .milliseconds(500)), expectForeignRequests: 2,
                    environment: ["MODE": "ci"]))
        #expect(
            configuration.suites == [
                ConfigSuite(
                    name: "unit.tests_1", kind: .xctest, command: ["swift", "test"], expectTests: ["A.testB"], timeout: .seconds(60),
                    workingDirectory: "ios", environment: ["X": "1"]),
                ConfigSuite(name: "frames", kind: .frames, decoder: .command(["./decoder", "--batch"]), limit: 4096),
            ])
        #expect(configuration.scan == ConfigScan(allow: [], paths: ["build/logs"]))
        #expect(configuration.report == ConfigReport(dir: "out", formats: [.junit], templates: "tpl"))
        #expect(configuration.report.formats == [.json, .junit])
        #expect(configuration.signing == ConfigSigning(keyFile: "ci.key", keyFileIsExplicit: true, require: true))
        #expect(configuration.git.requireClean)
    }

    @Test(
        "signing.keyEnv and scan.fingerprintKeyEnv are errors naming what replaces them: the repository is part of the change",
        arguments: [
            (#"{"signing": {"keyEnv": "OTHER_KEY"}, \#(framesOnly)}"#, "signing.keyEnv", "--key FILE or $ACCEPTANCE_GATE_SIGNING_KEY"),
            (#"{"scan": {"fingerprintKeyEnv": "FP"}, \#(framesOnly)}"#, "scan.fingerprintKeyEnv", "$ACCEPTANCE_GATE_FINGERPRINT_KEY"),
        ])
    func secretNamesAreNotConfigurable(text: String, keyPath: String, replacement: String) {
        #expect {
            _ = try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json")
        } throws: { error in
            let message = (error as? ConfigurationError)?.description ?? ""
            return message.hasPrefix("acceptance-gate.json:1:") && message.contains(": \(keyPath): no longer configurable")
                && message.contains(replacement)
                && !message.contains("\n")
        }
    }

    @Test("an xctest suite's flaky policy: warn by default, reject when it says so")
    func flakyPolicy() throws {
        let text =
            #"{"suites": [{"name": "a", "kind": "xctest", "command": ["true"]}, {"name": "b", "kind": "xctest", "command": ["true"], "flaky": "reject"}]}"#
        let configuration = try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json")
        #expect(configuration.suites.map(\.flaky) == [.warn, .reject])
    }

    @Test("network: loopback by default, host when asked, printed only when host; anything else is one line naming the key")
    func network() throws {
        let text =
            #"{"suites": [{"name": "a", "kind": "command", "command": ["true"]}, {"name": "b", "kind": "xctest", "command": ["true"], "network": "host"}, {"name": "c", "kind": "command", "command": ["true"], "network": "loopback"}]}"#
        let configuration = try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json")
        #expect(configuration.suites.map(\.hostNetwork) == [false, true, false])
        for wrong in [#""wide""#, "true", #""HOST""#] {
            let bad = #"{"suites": [{"name": "b", "kind": "command", "command": ["true"], "network": \#(wrong)}]}"#
            #expect {
                try GateConfiguration.parse(Array(bad.utf8), file: "c.json")
            } throws: { error in
                let message = (error as? ConfigurationError)?.description ?? ""
                return message.contains("network") && message.contains("\"loopback\" or \"host\"") && !message.contains("\n")
            }
        }
    }

    @Test("retry: failedTests from 0 to 5 on an xctest suite, 0 by default; a bad value is one line naming the key")
    func retry() throws {
        let text =
            #"{"suites": [{"name": "a", "kind": "xctest", "command": ["true"]}, {"name": "b", "kind": "xctest", "command": ["true"], "retry": {"failedTests": 2}}]}"#
        let configuration = try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json")
        #expect(configuration.suites.map(\.retryFailedTests) == [0, 2])
        let cases = [
            (#"{"failedTests": 6}"#, "failedTests"), (#"{"failedTests": 1.5}"#, "failedTests"), (#"{}"#, "failedTests"),
            (#"{"failedTests": 1, "x": 1}"#, "x"),
        ]
        for (retry, key) in cases {
            let wrong = #"{"suites": [{"name": "b", "kind": "xctest", "command": ["true"], "retry": \#(retry)}]}"#
            #expect {
                try GateConfiguration.parse(Array(wrong.utf8), file: "c.json")
            } throws: { error in
                let message = (error as? ConfigurationError)?.description ?? ""
                return message.contains(key) && !message.contains("\n")
            }
        }
        let clash =
            #"{"suites": [{"name": "b", "kind": "xctest", "command": ["true"], "retry": {"failedTests": 1}}, {"name": "b.retry-1", "kind": "command", "command": ["true"]}]}"#
        #expect {
            try GateConfiguration.parse(Array(clash.utf8), file: "c.json")
        } throws: { error in
            ((error as? ConfigurationError)?.description ?? "").contains("would share the log of this suite's retry 1")
        }
        let command = #"{"suites": [{"name": "c", "kind": "command", "command": ["true"], "retry": {"failedTests": 1}}]}"#
        #expect {
            try GateConfiguration.parse(Array(command.utf8), file: "c.json")
        } throws: { error in
            ((error as? ConfigurationError)?.description ?? "").contains("only an xctest suite takes 'retry'")
        }
    }

    @Test("quarantine entries: test, owner, reason and a real calendar date, all required")
    func quarantine() throws {
        let entry = #"{"test": "NetTests.testFetch", "owner": "ana", "reason": "STAGE-12", "expires": "2028-02-29"}"#
        let text = #"{"suites": [{"name": "a", "kind": "xctest", "command": ["true"], "quarantine": [\#(entry)]}]}"#
        let configuration = try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json")
        #expect(
            configuration.suites.first?.quarantine
                == [QuarantineEntry(test: "NetTests.testFetch", owner: "ana", reason: "STAGE-12", expires: "2028-02-29")])
        for bad in ["2027-02-29", "2026-00-10", "26-01-01", "2026-1-01"] {
            let wrong = text.replacingOccurrences(of: "2028-02-29", with: bad)
            #expect(throws: ConfigurationError.self, "\(bad)") { try GateConfiguration.parse(Array(wrong.utf8), file: "c.json") }
        }
        #expect(QuarantineEntry(test: "t", owner: "o", reason: "r", expires: "2026-12-31").expired(today: "2027-01-01"))
        #expect(!QuarantineEntry(test: "t", owner: "o", reason: "r", expires: "2026-12-31").expired(today: "2026-12-31"))
    }

    @Test("no fixture: null or absent")
    func noFixture() throws {
        for text in [#"{"fixture": null, \#(framesOnly)}"#, #"{\#(framesOnly)}"#] {
            #expect(try GateConfiguration.parse(Array(text.utf8), file: "f").fixture == nil)
        }
    }

    @Test("load: --config wins, then the repository's file, then the embedded default")
    func load() throws {
        let scratch = try ScratchFolder("config-load")
        defer { scratch.remove() }
        let folder = scratch.path

        let fallback = try GateConfiguration.load(path: nil, repositoryRoot: folder)
        #expect(fallback.source == "embedded default")
        #expect(fallback.path == nil)
        #expect(fallback.written == GateConfiguration.embeddedDefault)
        #expect(fallback.configuration == GateConfiguration.embeddedDefault.resolvingPaths(PathResolver(base: folder)))
        #expect(fallback.configuration.report.dir == folder + "/.acceptance-gate", "paths are absolute once loaded")
        #expect(fallback.configuration.signing.keyFile == folder + "/gate.key")
        #expect(fallback.bytes == Array(GateConfiguration.embeddedDefaultJSON.utf8))
        #expect(fallback.root == folder)

        let inRoot = folder + "/acceptance-gate.json"
        let rootText = #"{"suites": [{"name": "root", "kind": "frames"}]}"#
        try Data(rootText.utf8).write(to: URL(fileURLWithPath: inRoot))
        let fromRoot = try GateConfiguration.load(path: nil, repositoryRoot: folder)
        #expect(fromRoot.source == inRoot)
        #expect(fromRoot.configuration.suites.map(\.name) == ["root"])
        #expect(fromRoot.sha256 == SHA256.hash(Array(rootText.utf8)))
        #expect(fromRoot.sha256.hex.count == 64)

        let explicit = folder + "/other.json"
        let explicitText =
            #"{"suites": [{"name": "explicit", "kind": "command", "command": ["true"], "workingDirectory": "ios/App"}],"#
            + #" "scan": {"paths": ["/abs", "."]}}"#
        try Data(explicitText.utf8).write(to: URL(fileURLWithPath: explicit))
        let chosen = try GateConfiguration.load(path: explicit, repositoryRoot: folder)
        #expect(chosen.configuration.suites.map(\.name) == ["explicit"])
        #expect(chosen.root == folder)
        #expect(chosen.configuration.suites.first?.workingDirectory == folder + "/ios/App")
        #expect(chosen.written.suites.first?.workingDirectory == "ios/App", "config shows the paths as written")
        #expect(chosen.configuration.scan.paths == ["/abs", folder])
        #expect(chosen.name == "other.json")

        #expect(throws: ConfigurationError.self) { try GateConfiguration.load(path: folder + "/missing.json", repositoryRoot: nil) }
        do {
            _ = try GateConfiguration.load(path: folder + "/missing.json", repositoryRoot: folder)
            Issue.record("a missing explicit file must be an error")
        } catch {
            #expect(error.description.hasPrefix(folder + "/missing.json: cannot read the configuration: no such file"))
        }
        do {
            _ = try GateConfiguration.load(path: folder, repositoryRoot: nil)
            Issue.record("a folder must be an error")
        } catch {
            #expect(error == .unreadable(path: folder, reason: "it is a folder; pass the JSON file itself"))
        }
    }

    @Test("unknown-key suggestions only for likely typos")
    func suggestions() {
        #expect(SpellingSuggestion.closest(to: "foreignRequest", among: ["foreignRequests"], tolerance: .key) == "foreignRequests")
        #expect(SpellingSuggestion.closest(to: "TimeoutSeconds", among: ["timeoutSeconds", "name"], tolerance: .key) == "timeoutSeconds")
        #expect(SpellingSuggestion.closest(to: "banana", among: ["name", "kind", "command"], tolerance: .key) == nil)
    }
}
