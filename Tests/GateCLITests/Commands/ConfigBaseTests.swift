// ConfigBaseTests.swift
//
// `run --base REF`: a change that edits the gate's own configuration is said so at the top of every
// output (console, annotation, job summary, HTML) and in the statement; one that does not is not.

import Foundation
import GateProcess
import GateTestSupport
import Testing

@Suite("run --base: a change that edits the configuration", .serialized, .timeLimit(.minutes(2)))
struct ConfigBaseTests {
    static let original = #"{ "suites": [ { "name": "work", "kind": "command", "command": ["true"], "timeoutSeconds": 30 } ] }"#
    /// The edit a hostile change makes: same suite, the placeholder allowlist widened.
    static let edited =
        #"{ "suites": [ { "name": "work", "kind": "command", "command": ["true"], "timeoutSeconds": 30 } ], "scan": { "allow": ["fixture-only", "ghp_"] } }"#

    /// A scratch repository whose second commit edits acceptance-gate.json.
    static func repository() throws -> RunCommandTests.Scratch {
        let scratch = try RunCommandTests.Scratch(config: original)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: scratch.repository + "/acceptance-gate.json"))
        try scratch.folder.git(["commit", "-q", "-am", "edit"], in: "repo")
        return scratch
    }

    static func run(_ scratch: RunCommandTests.Scratch, base: String) throws -> ProcessResult {
        try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: [BuildProducts.gate, "run", "--repo", scratch.repository, "--out", scratch.out, "--base", base],
                environment: [
                    "PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "HOME": scratch.root,
                    "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": scratch.root + "/step-summary.md",
                ]), timeout: .seconds(60))
    }

    static func text(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test func anEditedConfigurationIsSaidAtTheTopOfEveryOutputAndInTheStatement() throws {
        let scratch = try Self.repository()
        let run = try Self.run(scratch, base: "HEAD~1")
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)\(run.stderrText)")
        let warning = "this change edits the gate's configuration (acceptance-gate.json, compared with HEAD~1): review it"
        let lines = run.stdoutText.split(separator: "\n").map(String.init)
        let noted = try #require(lines.firstIndex { $0.contains(warning) }, "\(run.stdoutText)")
        let firstStage = lines.firstIndex { $0.contains("stamp") } ?? lines.count
        #expect(noted < firstStage, "the console says it before the first stage")
        // The runner's annotation: a property escapes ':' as %3A.
        #expect(
            lines.contains { $0.hasPrefix("::warning title=acceptance-gate%3A configuration changed::") && $0.hasSuffix(warning) },
            "\(run.stdoutText)")
        let config = try #require(try scratch.report()["config"] as? [String: Any])
        #expect(config["changedFromBase"] as? Bool == true)
        #expect(config["base"] as? String == "HEAD~1")
        let summary = Self.text(scratch.out + "/summary.md").split(separator: "\n", omittingEmptySubsequences: false)
        // Markdown escapes the '~' of HEAD~1.
        let said = "this change edits the gate's configuration (acceptance-gate.json, compared with HEAD"
        #expect(summary.prefix(4).contains { $0.hasPrefix("> ⚠️ " + said) && $0.hasSuffix("): review it") }, "\(summary.prefix(4))")
        #expect(Self.text(scratch.root + "/step-summary.md").contains(said))
        let html = Self.text(scratch.out + "/report.html")
        let banner = try #require(html.range(of: "<h1>acceptance-gate:"))
        let inHTML = try #require(
            html.range(of: "this change edits the gate&#39;s configuration (acceptance-gate.json, compared with HEAD~1)"))
        #expect(inHTML.lowerBound > banner.lowerBound && html.distance(from: banner.lowerBound, to: inHTML.lowerBound) < 300)
        let statement = Self.text(scratch.out + "/report.intoto.json")
        #expect(statement.contains(#""changedFromBase":"true""#), "\(statement)")
    }

    @Test func anUnchangedConfigurationSaysNothingAndAnUnknownBaseIsAUsageError() throws {
        let scratch = try Self.repository()
        let run = try Self.run(scratch, base: "HEAD")
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)\(run.stderrText)")
        #expect(!run.stdoutText.contains("edits the gate's configuration"))
        let config = try #require(try scratch.report()["config"] as? [String: Any])
        #expect(config["changedFromBase"] as? Bool == false)
        #expect(!Self.text(scratch.out + "/summary.md").contains("edits the gate"))
        #expect(Self.text(scratch.out + "/report.intoto.json").contains(#""changedFromBase":"false""#))

        let unknown = try Self.run(scratch, base: "no-such-branch")
        #expect(unknown.status == .exited(code: 2), "\(unknown.stderrText)")
        #expect(unknown.stderrText.contains("'no-such-branch' names no commit"), "\(unknown.stderrText)")
        #expect(unknown.stderrText.split(separator: "\n").count == 1)
    }
}
