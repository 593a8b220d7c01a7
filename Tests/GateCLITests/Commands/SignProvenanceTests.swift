//===----------------------------------------------------------------------===//
// SignProvenanceTests.swift: `sign --repo --base --head` and `verify --require-protected-pipeline`.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// The provenance walk of issue #36 as real processes: a base commit and a head that edits the
/// workflow file (or the configuration) are run without a key, signed with the repository read
/// as data, and the signed report says the change defined its own pipeline, which `verify
/// --require-protected-pipeline` refuses; the same head without that edit passes.
@Suite("sign --repo: where the folder came from", .serialized, .timeLimit(.minutes(3)))
struct SignProvenanceTests {
    typealias Flow = SignCommandTests.Flow

    static let workflow = ".github/workflows/acceptance-gate.yml"

    /// Commits `files` on top of `base` (checked out first, detached) and returns the new HEAD.
    static func commit(_ flow: Flow, on base: String, files: [String: String]) throws -> String {
        let folder = flow.scratch.folder
        try folder.git(["checkout", "-q", "--detach", base], in: "repo")
        for (name, text) in files {
            let path = flow.scratch.repository + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        try folder.git(["add", "-A"], in: "repo")
        try folder.git(["commit", "-q", "-m", "change"], in: "repo")
        return try folder.git(["rev-parse", "HEAD"], in: "repo")
    }

    /// Runs without a key into a fresh out folder, then signs with the provenance options.
    static func runAndSign(_ flow: Flow, base: String, head: String, _ extra: [String] = []) throws -> ProcessResult {
        try? FileManager.default.removeItem(atPath: flow.out)
        let run = try flow.runWithoutKey()
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)\(run.stderrText)")
        return try flow.sign(
            [
                "--require-commit", head, "--repo", flow.scratch.repository, "--base", base, "--head", head, "--event", "pull_request",
                "--workflow", workflow, "--workflow-ref", "o/r/.github/workflows/acceptance-gate-sign.yml@refs/heads/main",
            ] + extra)
    }

    /// The signed folder's `report.predicate.json` (what `actions/attest` attests), parsed.
    static func predicate(_ flow: Flow) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: flow.out + "/report.predicate.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The predicate's configuration entry `name`.
    static func predicateEntry(_ flow: Flow, _ name: String) throws -> [String: Any] {
        let entries = try #require(try Self.predicate(flow)["configuration"] as? [[String: Any]])
        return try #require(entries.first { $0["name"] as? String == name }, "no \(name) in \(entries)")
    }

    /// `verify` of the signed folder with `--require-protected-pipeline`.
    static func verifyProtected(_ flow: Flow) throws -> ProcessResult {
        try flow.gate([
            "verify", flow.out + "/report.dsse.json", "--pubkey", flow.publicKey, "--require-accepted", "--require-protected-pipeline",
        ])
    }

    /// The signed report's `signature.pipeline`.
    static func pipeline(_ flow: Flow) throws -> [String: Any] {
        let report = try flow.scratch.report()
        let signature = try #require(report["signature"] as? [String: Any])
        return try #require(signature["pipeline"] as? [String: Any], "no pipeline in \(signature)")
    }

    /// jsonschema's complaint about the signed report.json against templates/report.schema.json, `""` when valid.
    static func schemaProblems(_ flow: Flow) throws -> String {
        let script = """
            import json, sys, jsonschema
            validator = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
            print("; ".join(error.message for error in validator.iter_errors(json.load(open(sys.argv[2])))))
            """
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: ["python3", "-c", script, RepositoryFiles.url("templates/report.schema.json").path, flow.out + "/report.json"]),
            timeout: .seconds(60))
        try #require(result.status.isSuccess, "python3 with jsonschema (ci/setup installs it): \(result.stderrText)")
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aHeadThatEditsTheWorkflowIsSignedAsDefinedByTheChangeAndRefusedTheSameHeadWithoutItPasses() throws {
        let flow = try Flow()
        let base = try flow.head()

        let edited = try Self.commit(flow, on: base, files: ["src/app.txt": "v2\n", Self.workflow: "on: push\n"])
        let signed = try Self.runAndSign(flow, base: base, head: edited)
        #expect(signed.status == .exited(code: 0), "\(signed.stdoutText)\(signed.stderrText)")
        #expect(signed.stdoutText.contains("pipeline: defined by the change"), "\(signed.stdoutText)")
        let record = try Self.pipeline(flow)
        #expect(record["definedByChange"] as? Bool == true)
        #expect(record["changedPipelineFiles"] as? [String] == [Self.workflow])
        #expect(record["head"] as? String == edited && record["base"] as? String == base && record["mergeBase"] as? String == base)
        #expect(record["event"] as? String == "pull_request" && record["workflow"] as? String == Self.workflow)
        #expect(try Self.schemaProblems(flow) == "", "the signed report with its pipeline record fits report.schema.json")
        let refused = try Self.verifyProtected(flow)
        #expect(refused.status == .exited(code: 1), "\(refused.stdoutText)\(refused.stderrText)")
        #expect(refused.stderrText.contains("the change edits its own pipeline (\(Self.workflow))"), "\(refused.stderrText)")
        #expect(refused.stderrText.contains("--require-protected-pipeline"))
        // The signature itself holds: without the requirement the report verifies.
        let plain = try flow.gate(["verify", flow.out + "/report.dsse.json", "--pubkey", flow.publicKey, "--require-accepted"])
        #expect(plain.status == .exited(code: 0), "\(plain.stdoutText)\(plain.stderrText)")
        #expect(plain.stdoutText.contains("pipeline: defined by the change"))

        let clean = try Self.commit(flow, on: base, files: ["src/app.txt": "v2\n"])
        let signedClean = try Self.runAndSign(flow, base: base, head: clean)
        #expect(signedClean.status == .exited(code: 0), "\(signedClean.stdoutText)\(signedClean.stderrText)")
        let cleanRecord = try Self.pipeline(flow)
        #expect(cleanRecord["definedByChange"] as? Bool == false)
        #expect(cleanRecord["changedPipelineFiles"] as? [String] == [])
        let passed = try Self.verifyProtected(flow)
        #expect(passed.status == .exited(code: 0), "\(passed.stdoutText)\(passed.stderrText)")
        #expect(passed.stdoutText.contains("pipeline: protected"))
    }

    @Test(
        "the predicate a keyless attestation carries: FAILED with the commit and the pipeline record for a pipeline the change defined, PASSED and protected otherwise (#36 review, finding 2)"
    )
    func thePredicateNamesTheCommitAndThePipeline() throws {
        let flow = try Flow()
        let base = try flow.head()
        let edited = try Self.commit(flow, on: base, files: [Self.workflow: "on: push\n"])
        #expect(try Self.runAndSign(flow, base: base, head: edited).status == .exited(code: 0))
        #expect(try Self.predicate(flow)["result"] as? String == "FAILED", "a verdict of a pipeline the change wrote")
        #expect(try Self.predicate(flow)["failedTests"] as? [String] == ["acceptance-gate:pipeline-defined-by-change"])
        #expect((try Self.predicateEntry(flow, "commit")["digest"] as? [String: String])?["gitCommit"] == edited)
        let record = try Self.predicateEntry(flow, "pipeline")
        let annotations = try #require(record["annotations"] as? [String: String])
        #expect(annotations["protected"] == "false" && annotations["head"] == edited && annotations["base"] == base)
        #expect(annotations["changedPipelineFiles"] == Self.workflow)

        let clean = try Self.commit(flow, on: base, files: ["src/app.txt": "v2\n"])
        #expect(
            try Self.runAndSign(flow, base: base, head: clean, ["--target-branch", "main", "--default-branch", "main"]).status
                == .exited(code: 0))
        #expect(try Self.predicate(flow)["result"] as? String == "PASSED")
        #expect((try Self.predicateEntry(flow, "commit")["digest"] as? [String: String])?["gitCommit"] == clean)
        let cleanAnnotations = try #require(try Self.predicateEntry(flow, "pipeline")["annotations"] as? [String: String])
        #expect(cleanAnnotations["protected"] == "true" && cleanAnnotations["targetBranch"] == "main", "\(cleanAnnotations)")
        // The configuration stays first: sign and merge name the run's configuration from it.
        let entries = try #require(try Self.predicate(flow)["configuration"] as? [[String: Any]])
        #expect(entries.first?["name"] as? String == "acceptance-gate.json", "\(entries)")
    }

    @Test("a head branched before the default branch changed its pipeline runs the older one: not protected (#36 review, finding 5)")
    func aHeadBehindThePipelineOfTheDefaultBranchIsNotProtected() throws {
        let flow = try Flow()
        let fork = try flow.head()
        // The default branch tightens its workflow after the branch point; the head never merged it.
        let tip = try Self.commit(flow, on: fork, files: [Self.workflow: "on: pull_request\n# stricter\n"])
        let head = try Self.commit(flow, on: fork, files: ["src/app.txt": "v2\n"])
        let signed = try Self.runAndSign(flow, base: tip, head: head)
        #expect(signed.status == .exited(code: 0), "\(signed.stdoutText)\(signed.stderrText)")
        let record = try Self.pipeline(flow)
        #expect(record["changedPipelineFiles"] as? [String] == [], "the head edits nothing itself")
        #expect(record["differingFromBase"] as? [String] == [Self.workflow])
        #expect(record["definedByChange"] as? Bool == true && record["mergeBase"] as? String == fork)
        #expect(try Self.schemaProblems(flow) == "")
        let refused = try Self.verifyProtected(flow)
        #expect(refused.status == .exited(code: 1), "\(refused.stdoutText)\(refused.stderrText)")
        #expect(refused.stderrText.contains("differ from the default branch's tip (\(Self.workflow))"), "\(refused.stderrText)")

        // Rebased on the tip, the same change runs the protected pipeline.
        let rebased = try Self.commit(flow, on: tip, files: ["src/app.txt": "v2\n"])
        #expect(try Self.runAndSign(flow, base: tip, head: rebased).status == .exited(code: 0))
        #expect(try Self.pipeline(flow)["differingFromBase"] as? [String] == [])
        #expect(try Self.verifyProtected(flow).status == .exited(code: 0))
    }

    @Test(
        "a change into another branch than the default ran that branch's workflow: not protected (#36 review, finding 1)",
        arguments: [("evil-base", false), ("", false), ("main", true)])
    func aChangeIntoAnotherBranchIsNotProtected(target: String, protected: Bool) throws {
        let flow = try Flow()
        let base = try flow.head()
        let head = try Self.commit(flow, on: base, files: ["src/app.txt": "v2\n"])
        let signed = try Self.runAndSign(flow, base: base, head: head, ["--target-branch", target, "--default-branch", "main"])
        #expect(signed.status == .exited(code: 0), "\(signed.stdoutText)\(signed.stderrText)")
        let record = try Self.pipeline(flow)
        #expect(record["changedPipelineFiles"] as? [String] == [] && record["differingFromBase"] as? [String] == [])
        #expect(record["targetBranch"] as? String == target && record["defaultBranch"] as? String == "main")
        #expect(record["definedByChange"] as? Bool == !protected)
        #expect(try Self.schemaProblems(flow) == "")
        let verify = try Self.verifyProtected(flow)
        #expect(verify.status == .exited(code: protected ? 0 : 1), "\(verify.stdoutText)\(verify.stderrText)")
        if !protected {
            #expect(verify.stderrText.contains("not the default branch 'main'"), "\(verify.stderrText)")
            #expect(try Self.predicate(flow)["result"] as? String == "FAILED")
        }
    }

    @Test("the files beside a local action's action.yml are pipeline files (#36 review, finding 8)")
    func filesBesideALocalActionArePipelineFiles() throws {
        let flow = try Flow()
        let root = try flow.head()
        let base = try Self.commit(flow, on: root, files: ["tools/gate/action.yml": "runs: {using: docker, image: Dockerfile}\n"])
        let head = try Self.commit(flow, on: base, files: ["tools/gate/Dockerfile": "FROM scratch\n", "tools/other.txt": "x\n"])
        #expect(try Self.runAndSign(flow, base: base, head: head).status == .exited(code: 0))
        #expect(try Self.pipeline(flow)["changedPipelineFiles"] as? [String] == ["tools/gate/Dockerfile"])
        #expect(try Self.verifyProtected(flow).status == .exited(code: 1))
    }

    @Test func aHeadThatEditsTheConfigurationIsDefinedByTheChange() throws {
        let flow = try Flow()
        let base = try flow.head()
        let config =
            #"{ "suites": [ { "name": "work", "kind": "command", "command": ["sh", "-c", "echo other"], "timeoutSeconds": 30 } ] }"#
        let head = try Self.commit(flow, on: base, files: ["acceptance-gate.json": config])
        let signed = try Self.runAndSign(flow, base: base, head: head)
        #expect(signed.status == .exited(code: 0), "\(signed.stdoutText)\(signed.stderrText)")
        #expect(try Self.pipeline(flow)["changedPipelineFiles"] as? [String] == ["acceptance-gate.json"])
        #expect(try Self.verifyProtected(flow).status == .exited(code: 1))
    }

    @Test func aReportSignedWithoutTheRepositoryRecordsNoPipelineAndIsRefused() throws {
        let flow = try Flow()
        #expect(try flow.runWithoutKey().status == .exited(code: 0))
        #expect(try flow.sign().status == .exited(code: 0))
        let refused = try Self.verifyProtected(flow)
        #expect(refused.status == .exited(code: 1), "\(refused.stdoutText)\(refused.stderrText)")
        #expect(refused.stderrText.contains("the signer recorded no pipeline (sign --repo --base --head)"), "\(refused.stderrText)")
    }

    @Test func aReportOfAnotherCommitThanHeadIsRefusedAndNothingIsSigned() throws {
        let flow = try Flow()
        let base = try flow.head()
        let other = try Self.commit(flow, on: base, files: ["src/app.txt": "v2\n"])
        try flow.scratch.folder.git(["checkout", "-q", "--detach", base], in: "repo")
        #expect(try flow.runWithoutKey().status == .exited(code: 0))
        let sign = try flow.sign(["--repo", flow.scratch.repository, "--base", base, "--head", other])
        #expect(sign.status == .exited(code: 1), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains("not --head \(other)"), "\(sign.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"))
    }

    @Test(arguments: [
        (["--base", "HEAD"], "--base needs --repo"), (["--repo", "."], "--repo needs --base"),
        (["--repo", ".", "--base", "HEAD", "--head", "main"], "--head"),
        (["--repo", ".", "--base", "HEAD", "--head", String(repeating: "a", count: 40), "--target-branch", "main"], "go together"),
    ])
    func provenanceOptionsAreCheckedBeforeTheFolder(arguments: [String], message: String) throws {
        let flow = try Flow()
        let sign = try flow.sign(arguments)
        #expect(sign.status == .exited(code: 2), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains(message), "\(sign.stderrText)")
    }

    @Test func aBaseTheRepositoryDoesNotHaveIsAnInfrastructureErrorNamingIt() throws {
        let flow = try Flow()
        let head = try flow.head()
        #expect(try flow.runWithoutKey().status == .exited(code: 0))
        let sign = try flow.sign(["--repo", flow.scratch.repository, "--base", "origin/nowhere", "--head", head])
        #expect(sign.status == .exited(code: 3), "\(sign.stdoutText)\(sign.stderrText)")
        #expect(sign.stderrText.contains("'origin/nowhere' names no commit"), "\(sign.stderrText)")
    }
}
