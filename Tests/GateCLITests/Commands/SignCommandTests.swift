// SignCommandTests.swift
//
// Separate signing as real processes: `run` without a key in the job that runs the code under
// test, then `sign` in another process with the key, then `verify`. A file changed between run
// and sign, a leak planted in the folder, an aborted report and another commit are each refused
// or rejected; the key is nowhere a suite can look.

import Foundation
import GateDigest
import GateProcess
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("sign command: the key out of the test job", .serialized, .timeLimit(.minutes(3)))
struct SignCommandTests {
    /// A scratch repository (``RunCommandTests/Scratch``) with a key pair made by `keygen`.
    final class Flow {
        let scratch: RunCommandTests.Scratch
        var root: String { scratch.root }
        var out: String { scratch.out }
        var keyFile: String { root + "/k.key" }
        var publicKey: String { root + "/k.pub" }

        init(suiteCommand: String = "echo suite ran", config: String? = nil) throws {
            scratch = try RunCommandTests.Scratch(
                config: config
                    ?? #"{ "suites": [ { "name": "work", "kind": "command", "command": ["sh", "-c", "\#(suiteCommand)"], "timeoutSeconds": 30 } ] }"#
            )
            let keygen = try gate(["keygen", "--out", root + "/k"])
            try #require(keygen.status.isSuccess, "\(keygen.stderrText)")
        }

        /// `acceptance-gate <arguments>` as its own process, with a CI-like environment.
        func gate(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
            var variables = [
                "HOME": root, "PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
            ]
            variables.merge(environment) { _, new in new }
            return try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: [BuildProducts.gate] + arguments, environment: variables), timeout: .seconds(90))
        }

        /// `run` as the test job runs it: CI, no key.
        func runWithoutKey(environment: [String: String] = [:]) throws -> ProcessResult {
            try gate(
                ["run", "--repo", scratch.repository, "--out", out],
                environment: ["CI": "true", "GITHUB_RUN_ID": "77", "GITHUB_JOB": "test"].merging(environment) { _, new in new })
        }

        /// `sign` as the signing job runs it.
        func sign(_ extra: [String] = []) throws -> ProcessResult {
            try gate(["sign", out, "--key", keyFile] + extra, environment: ["CI": "true", "GITHUB_RUN_ID": "77", "GITHUB_JOB": "sign"])
        }

        /// HEAD of the scratch repository.
        func head() throws -> String {
            let result = try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: ["git", "-C", scratch.repository, "rev-parse", "HEAD"], environment: ["PATH": "/usr/bin:/bin"]),
                timeout: .seconds(20))
            return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func text(_ name: String) -> String {
            (try? String(contentsOfFile: out + "/" + name, encoding: .utf8)) ?? ""
        }
    }

    @Test func runWithoutAKeyThenSignInAnotherProcessThenVerifyAccepts() throws {
        let flow = try Flow()
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"), "a run without a key signs nothing")
        #expect(flow.text("report.intoto.json").contains("\"report.json\""), "the run leaves its statement for sign")
        #expect(flow.text("report.predicate.json").contains("\"passedTests\""), "and the predicate alone, for actions/attest")

        let head = try flow.head()
        let sign = try flow.sign(["--require-commit", head])
        #expect(sign.status == .exited(code: 0), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stdoutText.contains("signed by 'sign' in github run 77 job sign; the suites ran in github run 77 job test"))

        let verify = try flow.gate([
            "verify", flow.out + "/report.dsse.json", "--pubkey", flow.publicKey, "--require-accepted", "--require-commit", head,
        ])
        #expect(verify.status == .exited(code: 0), "\(verify.stdoutText)\(verify.stderrText)")
        #expect(verify.stdoutText.contains("signed by 'sign'"), "\(verify.stdoutText)")
        #expect(verify.stdoutText.contains("the key never was in the job that ran the code under test"))
        // The summary and the page a reviewer opens say it beside the signature (rendered again by sign).
        #expect(flow.text("summary.md").contains("signed by 'sign' in github run 77 job sign"), "\(flow.text("summary.md"))")
        #expect(flow.text("report.html").contains("signed by &#39;sign&#39; in github run 77 job sign"))
        // The statement carries it too, for a reader of the envelope alone.
        let report = flow.text("report.json")
        #expect(report.contains(#""method" : "sign""#) && report.contains(#""testJob" : "github run 77 job test""#))
    }

    @Test func aLogChangedBetweenRunAndSignIsRefusedAndNothingIsSigned() throws {
        let flow = try Flow()
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        let log = try #require(FileHandle(forWritingAtPath: flow.out + "/logs/work.log"))
        log.seekToEndOfFile()
        log.write(Data("Test Suite 'All tests' passed\n".utf8))
        log.closeFile()
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 1), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains("logs/work.log"), "\(sign.stderrText)")
        #expect(sign.stderrText.contains("so it is not signed"))
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
    }

    @Test func everyProblemOfARefusedFolderIsPrintedOnceAndTheSummaryLast() throws {
        let suite = #"{ "name": "NAME", "kind": "command", "command": ["sh", "-c", "echo NAME ran"], "timeoutSeconds": 30 }"#
        let config =
            #"{ "suites": [ "#
            + ["first", "second"].map { suite.replacingOccurrences(of: "NAME", with: $0) }
            .joined(separator: ", ") + " ] }"
        let flow = try Flow(config: config)
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        for name in ["first", "second"] {
            let log = try #require(FileHandle(forWritingAtPath: flow.out + "/logs/\(name).log"))
            log.seekToEndOfFile()
            log.write(Data("Test Suite 'All tests' passed\n".utf8))
            log.closeFile()
        }
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 1), "\(sign.stdoutText)\(sign.stderrText)")
        let lines = sign.stderrText.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("logs/first.log") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.contains("logs/second.log") }.count == 1, "\(lines)")
        #expect(lines.last?.contains("so it is not signed") == true, "the summary is the last line: \(lines)")
        #expect(lines.filter { $0.contains("so it is not signed") }.count == 1, "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
    }

    @Test func aReportChangedBetweenRunAndSignIsRefused() throws {
        let flow = try Flow(suiteCommand: "echo suite failed; exit 1")
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 1), "\(run.stdoutText)")
        // The forger's edit: the verdict turned to accepted.
        let rejected = flow.text("report.json")
        let forged = rejected.replacingOccurrences(of: #""verdict" : "rejected""#, with: #""verdict" : "accepted""#)
        try #require(forged != rejected)
        try Data(forged.utf8).write(to: URL(fileURLWithPath: flow.out + "/report.json"))
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 1), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains("report.json"), "\(sign.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
    }

    @Test func aTokenPlantedInTheFolderMakesTheSignedVerdictRejected() throws {
        let flow = try Flow()
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        let token = FakeGitHubToken.make(seed: 23)
        // summary.md is the run's, but no digest covers it: sign scans it before rendering it again.
        let summary = try #require(FileHandle(forWritingAtPath: flow.out + "/summary.md"))
        summary.seekToEndOfFile()
        summary.write(Data("late: \(token)\n".utf8))
        summary.closeFile()
        let sign = try flow.sign()
        #expect(sign.status == .exited(code: 1), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains("summary.md"), "\(sign.stderrText)")
        #expect(!sign.stdoutText.contains(String(token.suffix(12))) && !sign.stderrText.contains(String(token.suffix(12))))
        let verify = try flow.gate(["verify", flow.out + "/report.dsse.json", "--pubkey", flow.publicKey, "--require-accepted"])
        #expect(verify.status == .exited(code: 1), "a signed rejection, never an accepted: \(verify.stdoutText)")
        #expect(verify.stdoutText.contains("verified: rejected"), "\(verify.stdoutText)")
    }

    @Test func anAbortedReportAnotherCommitAndASignedFolderAreRefused() throws {
        let flow = try Flow()
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")

        let other = String(repeating: "b2", count: 20)
        let wrong = try flow.sign(["--require-commit", other])
        #expect(wrong.status == .exited(code: 1), "\(wrong.stderrText)")
        #expect(wrong.stderrText.contains("not \(other) (--require-commit)"), "\(wrong.stderrText)")

        // An aborted report, its statement's digest updated to match, as a run interrupted would leave.
        let original = flow.text("report.json")
        let aborted = original.replacingOccurrences(of: #""verdict" : "accepted""#, with: #""verdict" : "aborted""#)
        try #require(aborted != original)
        try Data(aborted.utf8).write(to: URL(fileURLWithPath: flow.out + "/report.json"))
        let statement = flow.text("report.intoto.json").replacingOccurrences(
            of: SHA256.hash(Array(original.utf8)).hex, with: SHA256.hash(Array(aborted.utf8)).hex)
        try Data(statement.utf8).write(to: URL(fileURLWithPath: flow.out + "/report.intoto.json"))
        let refused = try flow.sign()
        #expect(refused.status == .exited(code: 3), "\(refused.stdoutText)\(refused.stderrText)")
        #expect(refused.stderrText.contains("is aborted"), "\(refused.stderrText)")
        #expect(refused.stderrText.split(separator: "\n").count == 1, "one line: \(refused.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))

        try Data(original.utf8).write(to: URL(fileURLWithPath: flow.out + "/report.json"))
        try Data(
            flow.text("report.intoto.json").replacingOccurrences(
                of: SHA256.hash(Array(aborted.utf8)).hex, with: SHA256.hash(Array(original.utf8)).hex
            ).utf8
        ).write(to: URL(fileURLWithPath: flow.out + "/report.intoto.json"))
        let signed = try flow.sign()
        #expect(signed.status == .exited(code: 0), "\(signed.stdoutText)\(signed.stderrText)")
        let again = try flow.sign()
        #expect(again.status == .exited(code: 2), "\(again.stderrText)")
        #expect(again.stderrText.contains("already signed"))

        let notAFolder = try flow.gate(["sign", flow.root, "--key", flow.keyFile])
        #expect(notAFolder.status == .exited(code: 2), "\(notAFolder.stderrText)")
        #expect(notAFolder.stderrText.contains("not an out folder"), "\(notAFolder.stderrText)")
    }

    @Test func aLinkOrAFIFOInTheFolderIsRefusedAndAMissingKeyIsAUsageError() throws {
        let flow = try Flow()
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        let noKey = try flow.gate(["sign", flow.out])
        #expect(noKey.status == .exited(code: 2), "\(noKey.stderrText)")
        #expect(noKey.stderrText.contains("no signing key: pass --key FILE or put the PEM in $ACCEPTANCE_GATE_SIGNING_KEY"))

        // A link would let sign read (and sign over) a file outside the folder; a FIFO would block it.
        try FileManager.default.createSymbolicLink(atPath: flow.out + "/logs/elsewhere.log", withDestinationPath: "/etc/hostname")
        let linked = try flow.sign()
        #expect(linked.status == .exited(code: 1), "\(linked.stderrText)")
        #expect(linked.stderrText.contains("logs/elsewhere.log") && linked.stderrText.contains("did not write"), "\(linked.stderrText)")
        try FileManager.default.removeItem(atPath: flow.out + "/logs/elsewhere.log")
        try #require(mkfifo(flow.out + "/logs/pipe.log", 0o600) == 0)
        let fifo = try flow.sign()
        #expect(fifo.status == .exited(code: 1), "\(fifo.stderrText)")
        #expect(fifo.stderrText.contains("logs/pipe.log"), "\(fifo.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
    }

    @Test func inTheSplitFlowNoSuiteFindsTheKeyInAnyEnvironmentItCanRead() throws {
        // The suite looks everywhere a process of the same user can: its own variables, and the
        // environment block of every process whose /proc entry it can read (the gate's included).
        let search = "env > $HOME/found; for f in /proc/[0-9]*/environ; do tr '\\\\0' '\\\\n' < $f >> $HOME/found 2>/dev/null; done; exit 0"
        let flow = try Flow(suiteCommand: search)
        let pem = try String(contentsOfFile: flow.keyFile, encoding: .utf8)
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        try #require(body.count > 40)
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        let sign = try flow.gate(
            ["sign", flow.out], environment: ["CI": "true", "ACCEPTANCE_GATE_SIGNING_KEY": pem])
        #expect(sign.status == .exited(code: 0), "\(sign.stdoutText)\(sign.stderrText)")
        let found = (try? String(contentsOfFile: flow.root + "/found", encoding: .utf8)) ?? ""
        #expect(found.contains("PATH="), "the suite did search")
        let leaked = stride(from: 0, to: body.count - 16, by: 4).contains { found.contains(String(body.dropFirst($0).prefix(16))) }
        #expect(!leaked, "the suite found key material")
    }

    @Test func aLocalRunWithTheKeyKeepsEveryVariableHoldingItFromTheSuites() throws {
        // The key under other names too, as a CI secret copied into a second variable would be:
        // the PEM, and its base64 body alone. No child gets any of them.
        let flow = try Flow(suiteCommand: "env > $HOME/found; exit 0")
        let pem = try String(contentsOfFile: flow.keyFile, encoding: .utf8)
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let run = try flow.gate(
            ["run", "--repo", flow.scratch.repository, "--out", flow.out],
            environment: ["ACCEPTANCE_GATE_SIGNING_KEY": pem, "MY_GATE_KEY": pem, "KEY_BODY": body, "UNRELATED": "kept"])
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        let found = (try? String(contentsOfFile: flow.root + "/found", encoding: .utf8)) ?? ""
        #expect(found.contains("UNRELATED=kept"), "the suite's environment was captured: \(found.prefix(200))")
        for name in ["ACCEPTANCE_GATE_SIGNING_KEY=", "MY_GATE_KEY=", "KEY_BODY="] {
            #expect(!found.contains(name), "\(name) reached the suite")
        }
        #expect(!found.contains(String(body.prefix(24))))
    }

    @Test func aRunInCIWithAKeySaysTheKeySharedTheJob() throws {
        let flow = try Flow()
        let run = try flow.gate(
            ["run", "--repo", flow.scratch.repository, "--out", flow.out, "--key", flow.keyFile],
            environment: ["CI": "true", "GITHUB_RUN_ID": "5", "GITHUB_JOB": "gate"])
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        #expect(run.stdoutText.contains("the signing key is in the CI job that runs the code under test"), "\(run.stdoutText)")
        let verify = try flow.gate(["verify", flow.out + "/report.dsse.json", "--pubkey", flow.publicKey])
        #expect(verify.stdoutText.contains("signed by 'run --key' in github run 5 job gate"), "\(verify.stdoutText)")
        #expect(verify.stdoutText.contains("the key was in the job that ran the code under test"), "\(verify.stdoutText)")
    }

    @Test func aConfigurationNamingAnotherKeyVariableIsAnError() throws {
        let scratch = try RunCommandTests.Scratch(
            config: #"{ "signing": { "keyEnv": "NOT_THE_GATES" }, "suites": [ { "name": "w", "kind": "command", "command": ["true"] } ] }"#)
        let run = try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: [BuildProducts.gate, "run", "--repo", scratch.repository, "--out", scratch.out],
                environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": scratch.root]), timeout: .seconds(60))
        #expect(run.status == .exited(code: 2), "\(run.stdoutText)\(run.stderrText)")
        #expect(run.stderrText.contains("signing.keyEnv: no longer configurable"), "\(run.stderrText)")
        #expect(run.stderrText.contains("--key FILE or $ACCEPTANCE_GATE_SIGNING_KEY"))
        #expect(!FileManager.default.fileExists(atPath: scratch.out + "/report.json"), "no suite ran")
    }
}
