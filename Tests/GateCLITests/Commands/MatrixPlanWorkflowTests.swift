//===----------------------------------------------------------------------===//
// MatrixPlanWorkflowTests.swift: the matrix workflows' plan scripts run as GitHub would run them.
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption
import GateProcess
import GateTestSupport
import Testing

/// The `plan` job of the matrix test workflow and the signer's own planning step (#38), their
/// `run:` blocks taken from the files `init --matrix 3` writes and run by bash with the real gate
/// and a stub `gh` that serves a signed merged report as the artifact `acceptance-gate-timings`:
/// both make the same `plan.json`, byte for byte; a tampered history stops the plan job; the
/// signer refuses a timings run that is not its own, a run id that is not one, and a planned
/// shard when no timings were named.
@Suite("matrix workflows: the plan job and the signer plan the same shards from the same signed timings")
struct MatrixPlanWorkflowTests {
    /// A scratch folder with a signed merged report of six tests (the history) and its key.
    struct Scratch {
        var root: String
        var publicKey: String
        var keyID: String
    }

    /// A test runner the gate does not know, with durations spread enough for a real split.
    static let runner = """
        count=0
        for test in LoginTests.testA LoginTests.testB CartTests.testC CartTests.testD SearchTests.testE SearchTests.testF; do
          echo "Test Case '$test' started at 2026-12-05 10:00:00.000"
          echo "Test Case '$test' passed (0.$((count * 3 + 1))00 seconds)"
          count=$((count + 1))
        done
        echo "	 Executed $count tests, with 0 failures (0 unexpected) in 0.001 (0.001) seconds"

        """

    /// `gh` as the scripts call it: the artifacts named acceptance-gate-timings are run 43's (a
    /// pull request's run, `9 pull_request success`) and run 42's; run 42 is `$NAMED`; the signing
    /// workflow and this run's are workflow 7; every download serves `$HISTORY`.
    static let ghStub = """
        gh() {
          case "$1 $2" in
            "api repos/$GITHUB_REPOSITORY/actions/artifacts"*) [ -n "${NO_HISTORY:-}" ] || printf '43\\n42\\n' ;;
            "api repos/$GITHUB_REPOSITORY/actions/workflows/acceptance-gate-sign.yml") echo 7 ;;
            "api repos/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID") echo 7 ;;
            "api repos/$GITHUB_REPOSITORY/actions/runs/43") echo "9 pull_request success" ;;
            "api repos/$GITHUB_REPOSITORY/actions/runs/42") echo "$NAMED" ;;
            "run download") mkdir -p "$9"; cp -R "$HISTORY/." "$9" ;;
            *) echo "gh stub: $*" >&2; return 1 ;;
          esac
        }

        """

    static func shell(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> ProcessResult {
        // The gate, and the Swift toolchain an xctest suite's run looks for (its PATH entry, as the test's own).
        let swift = ProcessSpec.currentEnvironment["PATH"].map { ":" + $0 } ?? ""
        let path = (BuildProducts.gate as NSString).deletingLastPathComponent + ":/usr/bin:/bin" + swift
        return try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: arguments, environment: ["PATH": path, "HOME": folder, "LC_ALL": "C"].merging(environment) { $1 },
                workingDirectory: folder),
            timeout: .seconds(120))
    }

    /// Keys, two signed shard runs of the runner, and their signed merge: the history.
    static func scratch() throws -> Scratch {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-plan-\(UUID().uuidString)").path
        let work = root + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try runner.write(toFile: work + "/runner.sh", atomically: true, encoding: .utf8)
        try #"{ "suites": [ { "name": "unit", "kind": "xctest", "command": ["sh", "runner.sh"] } ] }"#.write(
            toFile: work + "/gate.json", atomically: true, encoding: .utf8)
        let git = ["-c", "user.name=t", "-c", "user.email=t@example.invalid"]
        // A clean tree: merge refuses a shard of a dirty one.
        for step in [["git", "init", "-q"], ["git", "add", "-A"], ["git"] + git + ["commit", "-q", "-m", "history"]] {
            let result = try shell(step, in: work)
            #expect(result.status.isSuccess, "\(step): \(result.stderrText)")
        }
        let gate = BuildProducts.gate
        let keygen = try shell([gate, "keygen", "--out", root + "/k"], in: work)
        #expect(keygen.status.isSuccess, "\(keygen.stderrText)")
        // keygen's line `keyid        <64 hex>`: what ACCEPTANCE_GATE_KEYID holds.
        let keyLine = keygen.stdoutText.split(separator: "\n").first { $0.hasPrefix("keyid") }
        let keyID = try #require(keyLine?.split(separator: " ").last.map(String.init), "\(keygen.stdoutText)")
        var steps: [[String]] = []
        for shard in ["1", "2"] {
            steps.append([
                gate, "run", "--config", "gate.json", "--shard", shard, "--out", root + "/s" + shard, "--key", root + "/k.key", "--quiet",
            ])
        }
        steps.append([
            gate, "merge", root + "/s1", root + "/s2", "--pubkey", root + "/k.pub", "--key", root + "/k.key", "--out", root + "/history",
            "--expect-shards", "1,2",
        ])
        for step in steps {
            let result = try shell(step, in: work)
            #expect(result.status.isSuccess, "\(step.dropFirst().prefix(2)): \(result.stdoutText)\(result.stderrText)")
        }
        return Scratch(root: root, publicKey: try String(contentsOfFile: root + "/k.pub", encoding: .utf8), keyID: keyID)
    }

    /// The `run:` block of the step whose name starts with `name`, in a workflow `init --matrix 3` writes.
    static func script(signing: Bool, step name: String) throws -> String {
        let files = try CISystem.github.pipelineFiles(
            at: ".github/workflows/acceptance-gate.yml", matrix: true,
            values: AdoptionTemplates.values(target: "ShopTests", scheme: "Shop", gateVersion: "0.1.0"), sections: [])
        let text = try #require(signing ? files.last?.contents : files.first?.contents)
        let python = """
            import json, sys, yaml
            document = yaml.safe_load(sys.stdin)
            for job in document["jobs"].values():
                for step in job.get("steps", []):
                    if step.get("name", "").startswith(sys.argv[1]):
                        print(step["run"], end="")
            """
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["python3", "-c", python, name], stdin: .bytes(Array(text.utf8))), timeout: .seconds(60))
        #expect(result.status.isSuccess, "PyYAML (pip install pyyaml, ci/setup): \(result.stderrText)")
        let script = result.stdoutText
        try #require(!script.isEmpty, "no step named '\(name)…'")
        return script
    }

    /// Runs `script` as a GitHub `run:` step (bash -e, pipefail) with the stub `gh`, in `folder`.
    static func step(_ script: String, in folder: String, environment: [String: String]) throws -> ProcessResult {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try shell(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", ghStub + script], in: folder,
            environment: ["GITHUB_REPOSITORY": "team/shop", "GITHUB_RUN_ID": "900"].merging(environment) { $1 })
    }

    static let planStep = "Plan the shards from the last signed timings"
    static let signerStep = "Plan the shards again"

    @Test("the plan job plans from the newest run with timings; the signer, checking that run, makes the same plan.json byte for byte")
    func samePlan() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.root) }
        let keys = ["ACCEPTANCE_GATE_PUBLIC_KEY": scratch.publicKey, "ACCEPTANCE_GATE_KEYID": scratch.keyID]
        let planTemp = scratch.root + "/plan-temp"
        try FileManager.default.createDirectory(atPath: planTemp, withIntermediateDirectories: true)
        let planned = try Self.step(
            try Self.script(signing: false, step: Self.planStep), in: scratch.root + "/plan-job",
            environment: keys.merging([
                "RUNNER_TEMP": planTemp, "HISTORY": scratch.root + "/history", "NAMED": "7 workflow_run success",
            ]) { $1 })
        #expect(planned.status.isSuccess, "\(planned.stdoutText)\(planned.stderrText)")
        let testPlan = try Data(contentsOf: URL(fileURLWithPath: planTemp + "/acceptance-gate-plan/plan.json"))
        #expect(try String(contentsOfFile: planTemp + "/acceptance-gate-plan/history-run", encoding: .utf8) == "42\n")
        let plan = try #require(try JSONSerialization.jsonObject(with: testPlan) as? [String: Any])
        #expect((plan["shards"] as? [Any])?.count == 3 && plan["testCount"] as? Int == 6, "\(plan)")

        // The signer: the test run's plan artifact as data, its own plan from run 42's timings.
        let signTemp = scratch.root + "/sign-temp"
        try FileManager.default.createDirectory(atPath: signTemp + "/test-plan", withIntermediateDirectories: true)
        for name in ["plan.json", "history-run"] {
            try FileManager.default.copyItem(atPath: planTemp + "/acceptance-gate-plan/" + name, toPath: signTemp + "/test-plan/" + name)
        }
        let signer = try Self.script(signing: true, step: Self.signerStep)
        let output = signTemp + "/output"
        let signed = try Self.step(
            signer, in: scratch.root + "/signer",
            environment: keys.merging([
                "RUNNER_TEMP": signTemp, "HISTORY": scratch.root + "/history", "NAMED": "7 workflow_run success", "GITHUB_OUTPUT": output,
            ]) { $1 })
        #expect(signed.status.isSuccess, "\(signed.stdoutText)\(signed.stderrText)")
        #expect(!signed.stdoutText.contains("::warning::"), "\(signed.stdoutText)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: signTemp + "/acceptance-gate-plan.json")) == testPlan)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "plan=\(signTemp)/acceptance-gate-plan.json\n")

        // A plan.json the change made itself is not the signer's: it says so, and merge will refuse the shards.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: signTemp + "/test-plan/plan.json"))
        let differing = try Self.step(
            signer, in: scratch.root + "/signer-2",
            environment: keys.merging([
                "RUNNER_TEMP": signTemp, "HISTORY": scratch.root + "/history", "NAMED": "7 workflow_run success", "GITHUB_OUTPUT": output,
            ]) { $1 })
        #expect(differing.status.isSuccess && differing.stdoutText.contains("::warning::the test run's plan.json differs"))
    }

    @Test(
        "the signer refuses a timings run that is not its own successful workflow_run run, and a run id that is not a number",
        arguments: ["7 pull_request success", "8 workflow_run success", "7 workflow_run failure", "not-a-number"])
    func signerChecksTheRun(named: String) throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.root) }
        let signTemp = scratch.root + "/sign-temp"
        try FileManager.default.createDirectory(atPath: signTemp + "/test-plan", withIntermediateDirectories: true)
        let id = named == "not-a-number" ? "42;id" : "42"
        try "\(id)\n".write(toFile: signTemp + "/test-plan/history-run", atomically: true, encoding: .utf8)
        let result = try Self.step(
            try Self.script(signing: true, step: Self.signerStep), in: scratch.root + "/signer",
            environment: [
                "RUNNER_TEMP": signTemp, "HISTORY": scratch.root + "/history", "NAMED": named, "GITHUB_OUTPUT": signTemp + "/output",
                "ACCEPTANCE_GATE_PUBLIC_KEY": scratch.publicKey, "ACCEPTANCE_GATE_KEYID": scratch.keyID,
            ])
        #expect(result.status.code == 1, "\(result.stdoutText)\(result.stderrText)")
        #expect(result.stdoutText.contains("::error::"), "\(result.stdoutText)")
        #expect(!FileManager.default.fileExists(atPath: signTemp + "/acceptance-gate-plan.json"))
    }

    @Test(
        "a tampered history stops the plan job; with no history (or no key, a fork) it plans nothing and the signer merges unplanned shards only"
    )
    func tamperedAndMissingHistory() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch.root) }
        let keys = ["ACCEPTANCE_GATE_PUBLIC_KEY": scratch.publicKey, "ACCEPTANCE_GATE_KEYID": scratch.keyID]
        let plan = try Self.script(signing: false, step: Self.planStep)

        // One duration changed in the signed report: verification fails, nothing is planned.
        let tampered = scratch.root + "/tampered"
        try FileManager.default.copyItem(atPath: scratch.root + "/history", toPath: tampered)
        let report = try String(contentsOfFile: tampered + "/report.json", encoding: .utf8)
        try #require(report.contains("\"durationSeconds\" : 0.1"), "\(report.prefix(400))")
        try report.replacingOccurrences(of: "\"durationSeconds\" : 0.1", with: "\"durationSeconds\" : 9.1").write(
            toFile: tampered + "/report.json", atomically: true, encoding: .utf8)
        let refused = try Self.step(
            plan, in: scratch.root + "/plan-tampered",
            environment: keys.merging([
                "RUNNER_TEMP": scratch.root + "/t1", "HISTORY": tampered, "NAMED": "7 workflow_run success",
            ]) { $1 })
        #expect(!refused.status.isSuccess, "\(refused.stdoutText)\(refused.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/t1/acceptance-gate-plan/plan.json"))

        // No signing run with timings yet, or no repository variables (a fork's pull request): no plan, said so.
        for (label, environment) in [
            ("no history", keys.merging(["NO_HISTORY": "1"]) { $1 }), ("no key", [:]),
        ] {
            let temp = scratch.root + "/t-" + label.replacingOccurrences(of: " ", with: "-")
            let result = try Self.step(
                plan, in: temp + "-job",
                environment: environment.merging(["RUNNER_TEMP": temp, "HISTORY": scratch.root + "/history"]) { $1 })
            #expect(result.status.isSuccess, "\(label): \(result.stdoutText)\(result.stderrText)")
            #expect(result.stdoutText.contains("::notice::"), "\(label): \(result.stdoutText)")
            #expect(try String(contentsOfFile: temp + "/acceptance-gate-plan/history-run", encoding: .utf8) == "\n")
            #expect(!FileManager.default.fileExists(atPath: temp + "/acceptance-gate-plan/plan.json"))
        }

        // The signer with no timings named: unplanned shards merge unplanned; a shard that ran a plan is refused.
        let signer = try Self.script(signing: true, step: Self.signerStep)
        let signTemp = scratch.root + "/sign-temp"
        try FileManager.default.createDirectory(atPath: signTemp + "/test-plan", withIntermediateDirectories: true)
        try "\n".write(toFile: signTemp + "/test-plan/history-run", atomically: true, encoding: .utf8)
        for (label, shardReport) in [("unplanned", #"{"verdict": "accepted"}"#), ("planned", #"{"plan": {"sha256": "ab", "shard": "1"}}"#)]
        {
            let folder = scratch.root + "/signer-" + label
            try FileManager.default.createDirectory(atPath: folder + "/shards/acceptance-gate-shard-1", withIntermediateDirectories: true)
            try shardReport.write(toFile: folder + "/shards/acceptance-gate-shard-1/report.json", atomically: true, encoding: .utf8)
            let result = try Self.step(
                signer, in: folder,
                environment: keys.merging(["RUNNER_TEMP": signTemp, "GITHUB_OUTPUT": signTemp + "/output-" + label, "NAMED": ""]) { $1 })
            #expect(result.status.code == (label == "planned" ? 1 : 0), "\(label): \(result.stdoutText)\(result.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: signTemp + "/output-" + label), "\(label): a plan output with no timings")
        }
    }
}
