// SignRederivationTests.swift
//
// `sign` and `verify` take nothing on the test job's word (#35): each attack of a hostile change on
// a real run's out folder (`run` without a key, then `sign` and `verify` as their own processes),
// with report.json's digest in the run's statement made consistent, as a helper that rewrote the
// folder after the run would make it.

import Foundation
import Gate
import GateDigest
import GateProcess
import GatePublishing
import GateReport
import GateSigning
import GateTestSupport
import Testing

@Suite("sign and verify re-derive the verdict", .serialized, .timeLimit(.minutes(3)))
struct SignRederivationTests {
    /// An xctest suite whose log shows `A.testOne` passing and, when `failing`, `A.testTwo` failing.
    static func config(failing: Bool) -> String {
        var lines = [
            "Test Case 'A.testOne' started at 2026-12-04 10:00:00.000", "Test Case 'A.testOne' passed (0.001 seconds)",
        ]
        if failing {
            lines += [
                "Test Case 'A.testTwo' started at 2026-12-04 10:00:00.001", "/r/A.swift:9: error: A.testTwo : XCTAssertEqual failed",
                "Test Case 'A.testTwo' failed (0.001 seconds)",
            ]
        }
        lines.append("\t Executed \(lines.count / 2) tests, with \(failing ? 1 : 0) failures (0 unexpected) in 0.002 (0.002) seconds")
        let script = lines.map { "printf '%s\\n' \"\($0)\"" }.joined(separator: "; ") + (failing ? "; exit 1" : "")
        return #"{ "suites": [ { "name": "work", "kind": "xctest", "command": ["sh", "-c", "# + json(script)
            + #"], "timeoutSeconds": 30 } ] }"#
    }

    /// `text` as a JSON string literal.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Rewrites the out folder's `report.json` with `edit`, and the digest the run's statement
    /// recorded for it, as a helper outside the gate would.
    static func forge(_ flow: SignCommandTests.Flow, _ edit: (inout [String: Any]) -> Void) throws {
        let path = flow.out + "/report.json"
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var object = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
        edit(&object)
        let forged = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try forged.write(to: URL(fileURLWithPath: path))
        let statement = flow.text("report.intoto.json").replacingOccurrences(
            of: SHA256.hash(Array(original)).hex, with: SHA256.hash(Array(forged)).hex)
        try Data(statement.utf8).write(to: URL(fileURLWithPath: flow.out + "/report.intoto.json"))
    }

    /// The verdict fields of an accepted run, over whatever the report's facts say.
    static func flipVerdict(_ report: inout [String: Any]) {
        report["verdict"] = "accepted"
        report["exitCode"] = 0
        report["problems"] = [Any]()
        report["reasons"] = [Any]()
    }

    @Test func aVerdictRewrittenAfterTheRunIsRefusedNamingTheFieldAndTheFact() throws {
        let flow = try SignCommandTests.Flow(config: Self.config(failing: true))
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 1), "\(run.stdoutText)")
        try Self.forge(flow, Self.flipVerdict)
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 1), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains("report.json's verdict is 'accepted', but its suites[0].status is 'failed'"), "\(sign.stderrText)")
        #expect(sign.stderrText.contains("so it is not signed"))
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))

        // Every fact rewritten to agree: the archived log, parsed again, still says A.testTwo failed.
        try Self.forge(flow) { report in
            guard var suites = report["suites"] as? [[String: Any]], var suite = suites.first else { return }
            suite["status"] = "passed"
            suite["reasons"] = [Any]()
            suite["exit"] = ["status": "exited", "code": 0]
            suite["tests"] = ((suite["tests"] as? [[String: Any]]) ?? []).map { test in
                var test = test
                test["status"] = "passed"
                test.removeValue(forKey: "message")
                return test
            }
            suites[0] = suite
            report["suites"] = suites
        }
        let again = try flow.sign()
        #expect(again.status == .exited(code: 1), "\(again.stdoutText)\(again.stderrText)")
        #expect(again.stderrText.contains("suites[0].tests is 2 passed, 0 failed"), "\(again.stderrText)")
        #expect(again.stderrText.contains("logs/work.log read again gives 1 passed, 1 failed"), "\(again.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))

        // A signer fooled into signing it (an older gate, a hand-made envelope): verify re-derives too.
        let key = try SigningKey.load(pemFile: flow.keyFile)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: flow.out + "/report.json")))
        let statement = InTotoStatement(
            subjects: [.gitCommit(name: "repo", id: try flow.head()), .sha256(name: "report.json", hex: SHA256.hash(bytes).hex)],
            result: .passed, passedTests: ["work/A.testOne", "work/A.testTwo"], failedTests: [],
            configuration: [.sha256(name: "acceptance-gate.json", hex: SHA256.hash([]).hex)])
        let envelope = DSSEEnvelope.sign(payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
        try Data(envelope.jsonBytes).write(to: URL(fileURLWithPath: flow.out + "/report.dsse.json"))
        let verify = try flow.gate(["verify", flow.out + "/report.dsse.json", "--pubkey", flow.publicKey, "--require-accepted"])
        #expect(verify.status == .exited(code: 1), "\(verify.stdoutText)\(verify.stderrText)")
        #expect(verify.stderrText.contains("the signed report does not follow from its folder"), "\(verify.stderrText)")
        #expect(!verify.stdoutText.contains("verified: accepted"), "\(verify.stdoutText)")
    }

    /// Rewrites of a failing run's report (its log untouched) that once passed the re-derivation,
    /// each with the verdict made `accepted`; each is refused, and nothing is signed.
    @Test(
        arguments: [
            "the suite called a command suite", "the suite's log dropped", "the suite dropped", "the configuration withheld",
            "the suite's exit code kept", "the suite pointed at another suite's log", "the dates moved back",
        ])
    func aRewriteThatKeepsTheLogIsRefused(rewrite: String) throws {
        let passing =
            #"{ "name": "other", "kind": "xctest", "command": ["sh", "-c", "printf '%s\n' \"Test Case 'B.t' passed (0.001 seconds)\""] }"#
        let config = Self.config(failing: true).replacingOccurrences(of: "\"suites\": [ ", with: "\"suites\": [ \(passing), ")
        let flow = try SignCommandTests.Flow(config: config)
        #expect(try flow.runWithoutKey().status == .exited(code: 1))
        try Self.forge(flow) { report in
            Self.flipVerdict(&report)
            guard var suites = report["suites"] as? [[String: Any]], suites.count == 2 else { return }
            var work = suites[1]
            work["status"] = "passed"
            work["reasons"] = [Any]()
            switch rewrite {
            case "the suite called a command suite": work["kind"] = "command"
            case "the suite's log dropped": work.removeValue(forKey: "log")
            case "the suite dropped": suites.removeLast()
            case "the configuration withheld":
                report["config"] = ((report["config"] as? [String: Any]) ?? [:]).merging(["json": ReportRedactor.withheld]) { _, new in new
                }
            case "the suite's exit code kept":
                work["tests"] = ((work["tests"] as? [[String: Any]]) ?? []).map { $0.merging(["status": "passed"]) { _, new in new } }
            case "the suite pointed at another suite's log":
                work["log"] = suites[0]["log"]
                work["tests"] = suites[0]["tests"]
            default:
                report["startedAt"] = "2026-01-01T00:00:00.000Z"
                report["finishedAt"] = "2026-01-01T00:01:00.000Z"
                work["tests"] = ((work["tests"] as? [[String: Any]]) ?? []).map { $0.merging(["status": "passed"]) { _, new in new } }
                work["exit"] = ["status": "exited", "code": 0]
            }
            if suites.count == 2 { suites[1] = work }
            report["suites"] = suites
        }
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 1), "\(rewrite): \(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains("so it is not signed"), "\(rewrite): \(sign.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"), "\(rewrite)")
    }

    /// Honest runs whose output is awkward, each signed as the verdict it is (never refused).
    @Test(
        arguments: [
            ("stderr's last line has no newline, and stdout goes on", 0),
            ("a test process that crashed mid-test", 1),
            ("a test whose name holds a token-like string", 1),
        ])
    func anHonestRunWithAwkwardOutputIsSignedAsItIs(shape: String, exit: Int32) throws {
        let script: String
        switch shape {
        case "stderr's last line has no newline, and stdout goes on":
            script =
                "echo \"Test Case 'A.t' started at 2026-12-04 10:00:00.000\"; printf 'warning: something' >&2; exec 2>&-; sleep 0.3; "
                + "echo \"Test Case 'A.t' passed (0.001 seconds)\"; printf '\\t Executed 1 test, with 0 failures (0 unexpected) in 0.1 (0.1) seconds\\n'"
        case "a test process that crashed mid-test":
            script = "echo \"Test Case 'A.t' started at 2026-12-04 10:00:00.000\"; kill -SEGV $$"
        default:
            // The configuration may hold no token: the shell joins it from two halves at run time.
            let token = FakeGitHubToken.make(seed: 47)
            let name = "A.test_" + token.prefix(2) + "\"\"" + token.dropFirst(2)
            script =
                "echo \"Test Case '\(name)' started at 2026-12-04 10:00:00.000\"; echo \"Test Case '\(name)' passed (0.001 seconds)\"; "
                + "printf '\\t Executed 1 test, with 0 failures (0 unexpected) in 0.1 (0.1) seconds\\n'"
        }
        let config =
            #"{ "suites": [ { "name": "work", "kind": "xctest", "command": ["sh", "-c", "# + Self.json(script)
            + #"], "timeoutSeconds": 30 } ] }"#
        let flow = try SignCommandTests.Flow(config: config)
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: exit), "\(shape): \(run.stdoutText)")
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: exit), "\(shape): \(sign.stdoutText)\(sign.stderrText)")
        #expect(FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"), "\(shape): signed")
        let verify = try flow.gate(["verify", flow.out + "/report.dsse.json", "--pubkey", flow.publicKey])
        #expect(verify.status == .exited(code: 0), "\(shape): \(verify.stdoutText)\(verify.stderrText)")
    }

    /// A warning taken out of the report after the run (the flaky mark, an unmatched quarantine
    /// entry) would make it a clean pass: the log and the configuration give it back, and sign refuses.
    @Test(arguments: ["flaky", "unmatchedQuarantine"])
    func aWarningRemovedAfterTheRunIsRefused(field: String) throws {
        let lines = [
            "Test Case '-[M.C t]' started.", "/src/C.swift:10: error: -[M.C t] : XCTAssertTrue failed",
            "Test Case '-[M.C t]' failed (0.001 seconds).", "Test Case '-[M.C t]' started (Iteration 2 of 3).",
            "Test Case '-[M.C t]' passed (0.001 seconds).",
            "\t Executed 2 tests, with 1 failure (0 unexpected) in 0.1 (0.1) seconds",
        ]
        let script = lines.map { "printf '%s\\n' \"\($0)\"" }.joined(separator: "; ")
        let quarantine = #"[{"test": "C.gone", "owner": "o", "reason": "r", "expires": "2099-12-31"}]"#
        let config =
            #"{ "suites": [ { "name": "work", "kind": "xctest", "command": ["sh", "-c", "# + Self.json(script)
            + #"], "quarantine": "# + quarantine + #", "timeoutSeconds": 30 } ] }"#
        let flow = try SignCommandTests.Flow(config: config)
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        #expect(run.stdoutText.contains("accepted with warnings: 1 flaky test (M.C.t), 1 quarantine entry matched no test (C.gone)"))
        try Self.forge(flow) { report in
            guard var suites = report["suites"] as? [[String: Any]], var suite = suites.first else { return }
            if field == "flaky" {
                suite["tests"] = ((suite["tests"] as? [[String: Any]]) ?? []).map { test in
                    var test = test
                    test.removeValue(forKey: "flaky")
                    return test
                }
            } else {
                suite.removeValue(forKey: "unmatchedQuarantine")
            }
            suites[0] = suite
            report["suites"] = suites
        }
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 1), "\(field): \(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains(field == "flaky" ? "suites[0].tests" : "suites[0].unmatchedQuarantine"), "\(sign.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
    }

    @Test func aLoneRunPosingAsAMergeIsRefused() throws {
        let flow = try SignCommandTests.Flow(config: Self.config(failing: false))
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)\(run.stderrText)")
        try Self.forge(flow) { report in
            let shard: [String: Any] = [
                "name": "a", "verdict": "accepted", "commit": String(repeating: "a1", count: 20), "envelopeSha256": "00",
                "reportSha256": "00", "keyid": "00", "suites": 1, "tests": 1, "problems": 0,
            ]
            report["shards"] = [shard, shard.merging(["name": "b"]) { _, new in new }]
        }
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 1), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains("'shards' section, which only 'acceptance-gate merge' writes"), "\(sign.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
    }

    @Test func aFileAddedToTheFolderAfterTheRunIsRefusedByName() throws {
        for name in ["notes.txt", "logs/late.log"] {
            let flow = try SignCommandTests.Flow()
            let run = try flow.runWithoutKey()
            #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
            try Data("added later\n".utf8).write(to: URL(fileURLWithPath: flow.out + "/" + name))
            let sign = try flow.sign()
            #expect(sign.status == .exited(code: 1), "\(name): \(sign.stdoutText)\(sign.stderrText)")
            #expect(sign.stderrText.contains("holds \(name), which 'acceptance-gate run' did not write"), "\(sign.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
        }
    }

    @Test func aLogLargerThanARunArchivesIsRefusedUnread() throws {
        let flow = try SignCommandTests.Flow()
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        // Sparse: 1 GiB and a byte on paper, nothing on disk; a sign that read it would take seconds.
        let size = (1 << 30) + 1
        let log = flow.out + "/logs/work.log"
        try #require(truncate(log, off_t(size)) == 0)
        try Self.forge(flow) { report in
            report["logs"] = ((report["logs"] as? [[String: Any]]) ?? []).map { entry in
                var entry = entry
                if entry["path"] as? String == "logs/work.log" { entry["size"] = size }
                return entry
            }
        }
        let started = ContinuousClock.now
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 1), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains("log 'logs/work.log' is \(size) bytes, more than the 1073741824 a run archives"))
        #expect(ContinuousClock.now - started < .seconds(30), "refused before reading")
    }

    @Test func signInTheTestsOwnJobOrAnUnknownOneSaysTheKeyMayHaveSharedIt() throws {
        let flow = try SignCommandTests.Flow()
        #expect(try flow.runWithoutKey().status == .exited(code: 0))
        let sameJob = try flow.gate(
            ["sign", flow.out, "--key", flow.keyFile], environment: ["CI": "true", "GITHUB_RUN_ID": "77", "GITHUB_JOB": "test"])
        #expect(sameJob.status == .exited(code: 0), "\(sameJob.stderrText)")
        #expect(sameJob.stdoutText.contains("; the key was in the job that ran the code under test"), "\(sameJob.stdoutText)")
        #expect(flow.text("report.json").contains(#""keySharedJob" : true"#))

        let unknown = try SignCommandTests.Flow()
        #expect(try unknown.runWithoutKey().status == .exited(code: 0))
        let nowhere = try unknown.gate(["sign", unknown.out, "--key", unknown.keyFile])
        #expect(nowhere.status == .exited(code: 0), "\(nowhere.stderrText)")
        #expect(
            nowhere.stdoutText.contains("the key may have been in the job that ran the code under test (the signing job is unknown)"),
            "\(nowhere.stdoutText)")
        #expect(!nowhere.stdoutText.contains("never was"))
    }

    @Test func anAcceptedReportFromATestJobTheCISaysFailedIsRefused() throws {
        let flow = try SignCommandTests.Flow()
        #expect(try flow.runWithoutKey().status == .exited(code: 0))
        for result in ["failure", "cancelled", "skipped"] {
            let sign = try flow.sign(["--test-result", result])
            #expect(sign.status == .exited(code: 1), "\(result): \(sign.stdoutText)\(sign.stderrText)")
            #expect(sign.stderrText.contains("says accepted, but the test job ended '\(result)' (--test-result)"), "\(sign.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
        }
        let unknown = try flow.sign(["--test-result", "passed"])
        #expect(unknown.status == .exited(code: 2), "\(unknown.stderrText)")
        let signed = try flow.sign(["--test-result", "success"])
        #expect(signed.status == .exited(code: 0), "\(signed.stderrText)")
    }

    @Test func aRejectedReportFromAFailedTestJobIsSignedAsTheRejectionItIs() throws {
        let flow = try SignCommandTests.Flow(config: Self.config(failing: true))
        #expect(try flow.runWithoutKey().status == .exited(code: 1))
        let sign = try flow.sign(["--test-result", "failure"])
        #expect(sign.status == .exited(code: 1), "\(sign.stderrText)")
        #expect(FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
        #expect(sign.stdoutText.contains("rejected"), "\(sign.stdoutText)")
    }

    @Test func aFolderUploadedWithoutItsDotfilesNamesIncludeHiddenFiles() throws {
        let flow = try SignCommandTests.Flow()
        #expect(try flow.runWithoutKey().status == .exited(code: 0))
        try FileManager.default.removeItem(atPath: flow.out + "/.acceptance-gate-out")
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 2), "\(sign.stderrText)")
        #expect(sign.stderrText.contains("include-hidden-files: true"), "\(sign.stderrText)")
    }

    @Test func theReportNamesTheConfigurationRelativeToTheRepository() throws {
        let flow = try SignCommandTests.Flow()
        #expect(try flow.runWithoutKey().status == .exited(code: 0))
        let report = flow.text("report.json")
        #expect(report.contains(#""path" : "acceptance-gate.json""#), "\(report.prefix(2000))")
        #expect(!report.contains(flow.scratch.repository + "/acceptance-gate.json"))
    }

    @Test func verifyPinsTheKeyByItsID() throws {
        let flow = try SignCommandTests.Flow()
        #expect(try flow.runWithoutKey().status == .exited(code: 0))
        #expect(try flow.sign().status == .exited(code: 0))
        let key = try SigningKey.load(pemFile: flow.keyFile)
        let envelope = flow.out + "/report.dsse.json"
        let pinned = try flow.gate(["verify", envelope, "--pubkey", flow.publicKey, "--require-keyid", key.publicKey.keyID])
        #expect(pinned.status == .exited(code: 0), "\(pinned.stderrText)")
        // The change's own key pair: its public key verifies what it signed, but it is not the pinned one.
        let other = String(repeating: "ab", count: 32)
        let refused = try flow.gate(["verify", envelope, "--pubkey", flow.publicKey, "--require-keyid", other])
        #expect(refused.status == .exited(code: 1), "\(refused.stderrText)")
        #expect(refused.stderrText.contains("has keyid \(key.publicKey.keyID), not \(other) (--require-keyid)"), "\(refused.stderrText)")
    }
}
