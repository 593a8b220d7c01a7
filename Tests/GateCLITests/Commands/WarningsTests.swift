// WarningsTests.swift
//
// A run accepted with a quarantined failure and a quarantine entry that matched no test (#40)
// says so wherever a person looks: the verdict line, the annotations, `run --json`, the summary
// and the page, `sign` and `verify`; `verify --require-no-warnings` refuses it.

import Foundation
import GateProcess
import GateTestSupport
import Testing

@Suite("warnings where people look", .serialized, .timeLimit(.minutes(2)))
struct WarningsTests {
    /// `B.u` fails and a quarantine entry holds it; the entry for `C.gone` matches no test.
    static let config: String = {
        let lines = [
            "Test Case 'A.t' started at 2026-12-04 10:00:00.000", "Test Case 'A.t' passed (0.001 seconds)",
            "Test Case 'B.u' started at 2026-12-04 10:00:00.001", "/r/B.swift:3: error: B.u : XCTAssertTrue failed",
            "Test Case 'B.u' failed (0.001 seconds)",
            "\t Executed 2 tests, with 1 failure (0 unexpected) in 0.002 (0.002) seconds",
        ]
        let script = lines.map { "printf '%s\\n' \"\($0)\"" }.joined(separator: "; ") + "; exit 1"
        let quarantine =
            #"[{"test": "B.u", "owner": "shop-team", "reason": "flaky server", "expires": "2099-12-31"}, "#
            + #"{"test": "C.gone", "owner": "shop-team", "reason": "renamed", "expires": "2099-12-31"}]"#
        return #"{ "suites": [ { "name": "work", "kind": "xctest", "command": ["sh", "-c", "#
            + SignRederivationTests.json(script) + #"], "quarantine": "# + quarantine + #", "timeoutSeconds": 30 } ] }"#
    }()

    @Test func anAcceptedRunWithWarningsSaysSoInEveryOutput() throws {
        let flow = try SignCommandTests.Flow(config: Self.config)
        let run = try flow.gate(
            ["run", "--repo", flow.scratch.repository, "--out", flow.out],
            environment: ["CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_RUN_ID": "77", "GITHUB_JOB": "test"])
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        let last = run.stdoutText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            last.hasPrefix(
                "accepted with warnings: 1 quarantined (B.u: owner shop-team, expires 2099-12-31), 1 quarantine entry matched no test (C.gone); 1 suite(s), 2 test(s)"
            ), "\(last)")
        #expect(
            run.stdoutText.contains(
                "::warning title=acceptance-gate%3A quarantined::suite 'work': test B.u failed and is quarantined (owner shop-team, expires 2099-12-31)"
            ), "\(run.stdoutText)")
        #expect(
            run.stdoutText.contains(
                "::warning title=acceptance-gate%3A quarantine-unmatched::suite 'work': the quarantine entry for C.gone"))
        #expect(run.stdoutText.contains("1 passed, 1 failed (quarantined), 1 quarantine entry matched no test"), "the suite's line")
        #expect(
            flow.text("summary.md").hasPrefix("## ⚠️ acceptance-gate: accepted with warnings — 1 quarantined"),
            "\(flow.text("summary.md").prefix(300))")
        #expect(flow.text("report.html").contains("<h1>acceptance-gate: accepted with warnings</h1>"))
        #expect(flow.text("report.json").contains(#""unmatchedQuarantine" : ["#))

        let json = try flow.gate(["run", "--repo", flow.scratch.repository, "--out", flow.out, "--json", "--quiet"])
        #expect(json.status == .exited(code: 0), "\(json.stdoutText)\(json.stderrText)")
        let line = try #require(json.stdoutText.split(separator: "\n").last.map { Data($0.utf8) })
        let object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        let warnings = try #require(object["warnings"] as? [String])
        #expect(warnings.count == 2 && warnings[0].contains("test B.u failed and is quarantined"), "\(warnings)")

        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 0), "\(sign.stderrText)")
        #expect(sign.stdoutText.contains("accepted with warnings at "), "\(sign.stdoutText)")
        #expect(!sign.stdoutText.contains("every check passed"))

        let envelope = flow.out + "/report.dsse.json"
        let verify = try flow.gate(["verify", envelope, "--pubkey", flow.publicKey, "--require-accepted"])
        #expect(verify.status == .exited(code: 0), "\(verify.stderrText)")
        #expect(verify.stdoutText.hasPrefix("verified: accepted with warnings at "), "\(verify.stdoutText)")
        #expect(verify.stdoutText.contains("(0 problems, 2 warnings)"))
        #expect(verify.stdoutText.contains("  warning: suite 'work': test B.u failed and is quarantined"))
        let strict = try flow.gate(["verify", envelope, "--pubkey", flow.publicKey, "--require-no-warnings"])
        #expect(strict.status == .exited(code: 1), "\(strict.stdoutText)")
        #expect(strict.stderrText.contains("accepted with 2 warning(s)"), "\(strict.stderrText)")
    }
}
