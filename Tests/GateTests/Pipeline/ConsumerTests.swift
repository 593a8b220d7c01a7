//===----------------------------------------------------------------------===//
// ConsumerTests.swift: the tools teams' pipelines run read the same verdict as the gate.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GatePublishing
import GateReport
import GateSigning
import GateTestSupport
import Testing

@testable import Gate
@testable import GateConfig

/// Real runs, rejected for one reason each, read back with the consumers CI systems use: the
/// Jenkins xUnit plugin's junit-10.xsd (xmlschema) and junitparser for `junit.xml`;
/// securesystemslib's DSSE verifier, in-toto-attestation's `Statement.validate()` and a strict
/// protobuf parse of the test-result predicate for `report.dsse.json`. The annotations, the
/// Markdown and the HTML must say the same. `ci/setup` installs the Python packages; a missing
/// one fails these tests (it never skips them).
@Suite("outside consumers read the same verdict")
struct ConsumerTests {
    /// This file's folder, to find the checker script and the schema beside the sources.
    private static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    private static var checker: String { testsFolder.appendingPathComponent("Consumers/check_report.py").path }
    private static var junitXSD: String {
        testsFolder.deletingLastPathComponent().appendingPathComponent("GateReportTests/Data/junit-10.xsd").path
    }
    private static var reportSchema: String {
        testsFolder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("templates/report.schema.json").path
    }

    /// What the consumers saw.
    private struct Seen {
        var cases: [[String: Any]]
        var schemaErrors: [String]
        var failedTests: [String]
        var passedTests: [String]
        var warnedTests: [String]
        var result: String
        var verifiedKeys: Int
        var configurationName: String?
        var commitAnnotations: [String: Any]?
        var reportAnnotations: [String: Any]?

        /// The JUnit cases that are not passed.
        var failing: [[String: Any]] { cases.filter { ($0["result"] as? String) != "passed" } }
    }

    /// Runs `plan` signed with a fresh key in GitHub Actions mode, then the consumers over its folder.
    private func runAndRead(_ harness: PipelineHarness, _ plan: RunPlan) throws -> (outcome: RunOutcome, seen: Seen) {
        let key = try SigningKey.generate()
        let paths = try key.writePEMFiles(prefix: harness.root + "/signer-\(UInt32.random(in: 0...UInt32.max))")
        var plan = plan
        plan.configuration.signing.keyFile = paths.privateKeyPath
        plan.configuration.signing.keyFileIsExplicit = true
        harness.extraVariables = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": harness.root + "/step-summary.md"]
        let outcome = try harness.run(plan)
        return (outcome, try consumers(of: harness.out, publicKey: paths.publicKeyPath, in: harness.root))
    }

    /// The consumers over the out folder `folder`, the envelope checked with `publicKey`.
    private func consumers(of folder: String, publicKey: String, in root: String) throws -> Seen {
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: ["python3", Self.checker, folder, Self.junitXSD, Self.reportSchema, publicKey],
                environment: ProcessInfo.processInfo.environment, workingDirectory: root),
            timeout: .seconds(60))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any],
            "the consumer script printed no JSON: \(result.stdoutText) \(result.stderrText)")
        #expect(json["error"] == nil, "a consumer refused the output: \(json["error"] ?? "")")
        #expect(result.status.isSuccess, "check_report.py \(result.status): \(result.stderrText)")
        let junit = json["junit"] as? [String: Any] ?? [:]
        let reportErrors = (json["report"] as? [String: Any])?["schemaErrors"] as? [String] ?? ["(not read)"]
        #expect(reportErrors.isEmpty, "report.json is not valid against templates/report.schema.json: \(reportErrors)")
        let envelope = json["envelope"] as? [String: Any] ?? [:]
        let configuration = envelope["configuration"] as? [[String: Any]]
        let subjects = envelope["subjects"] as? [[String: Any]] ?? []
        let seen = Seen(
            cases: junit["cases"] as? [[String: Any]] ?? [], schemaErrors: junit["schemaErrors"] as? [String] ?? ["(not read)"],
            failedTests: envelope["failedTests"] as? [String] ?? [], passedTests: envelope["passedTests"] as? [String] ?? [],
            warnedTests: envelope["warnedTests"] as? [String] ?? [],
            result: envelope["result"] as? String ?? "", verifiedKeys: (envelope["verifiedKeys"] as? [String])?.count ?? 0,
            configurationName: configuration?.first?["name"] as? String,
            commitAnnotations: subjects.first { ($0["name"] as? String) == "commit" }?["annotations"] as? [String: Any],
            reportAnnotations: subjects.first { ($0["name"] as? String) == "report.json" }?["annotations"] as? [String: Any])
        #expect(seen.schemaErrors.isEmpty, "junit.xml is not valid against junit-10.xsd: \(seen.schemaErrors)")
        #expect(seen.verifiedKeys == 1, "securesystemslib did not verify the envelope")
        return seen
    }

    /// Checks that `phrase` shows in every human output and in an `::error` annotation.
    private func expectEverywhere(_ phrase: String, _ harness: PipelineHarness) {
        let outputs = harness.outputs()
        #expect(outputs["summary.md"]?.contains(phrase) == true, "summary.md lacks '\(phrase)'")
        #expect(outputs["report.html"]?.contains(phrase) == true, "report.html lacks '\(phrase)'")
        let printed = harness.printed.withLock { $0 }
        #expect(
            printed.split(separator: "\n").contains { $0.hasPrefix("::error") && $0.contains(phrase) }, "no annotation says '\(phrase)'")
        let summary = (try? String(contentsOfFile: harness.root + "/step-summary.md", encoding: .utf8)) ?? ""
        #expect(summary.contains(phrase), "the job summary lacks '\(phrase)'")
    }

    @Test func aRunRejectedOnlyForALeakShowsItInEveryOutput() throws {
        let harness = try PipelineHarness()
        let token = FakeGitHubToken.make(seed: 3)
        var suite = PipelineHarness.xctest(
            "unit", PipelineHarness.passing(["A.testOne"]) + "; echo \"token: $LEAK\"", expect: ["A.testOne"])
        suite.environment = ["LEAK": token]
        let (outcome, seen) = try runAndRead(harness, harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.leak])
        let leak = try #require(seen.failing.first)
        #expect(leak["suite"] as? String == "acceptance-gate")
        #expect(leak["result"] as? String == "failure")
        #expect((leak["name"] as? String)?.hasPrefix("leak: file logs/unit.log") == true)
        #expect(seen.failing.count == 1)
        #expect(seen.result == "FAILED")
        #expect(seen.failedTests == ["acceptance-gate:leak"])
        #expect(seen.passedTests == ["unit/A.testOne"])
        expectEverywhere("leaked into logs/unit.log (written by suite", harness)
        // The archived log is the redacted copy: the token's span replaced, the rest as printed.
        let archived = try #require(harness.outputs()["logs/unit.log"])
        #expect(!archived.contains(token))
        let fingerprint = try #require(outcome.report.scan?.findings.first?.fingerprint.split(separator: ":").last)
        #expect(archived.contains("token: [REDACTED github-token \(fingerprint.prefix(8))]\n"), "\(archived)")
        #expect(archived.contains("Test Case 'A.testOne' passed"))
    }

    @Test func aRunRejectedOnlyForAForeignRequestShowsItInEveryOutput() throws {
        let harness = try PipelineHarness()
        let script =
            "curl -s -o /dev/null \"$ACCEPTANCE_GATE_FOREIGN_URL/target\"; " + PipelineHarness.passing(["A.testOne"])
        let plan = harness.plan(
            fixture: ConfigFixture(ports: .automatic, expectForeignRequests: 0),
            suites: [PipelineHarness.xctest("unit", script, expect: ["A.testOne"])])
        let (outcome, seen) = try runAndRead(harness, plan)
        #expect(outcome.exitCode == 1, "\(outcome.report.reasons)")
        #expect(outcome.report.problems.map(\.code) == [.foreignRequests])
        let foreign = try #require(seen.failing.first)
        #expect(foreign["suite"] as? String == "acceptance-gate")
        #expect((foreign["name"] as? String) == "foreign-requests: listener foreign")
        #expect(seen.failedTests == ["acceptance-gate:foreign-requests"])
        expectEverywhere("the foreign listener saw 1 request(s), expected 0", harness)
    }

    @Test func aRunRejectedOnlyForAFailingCommandSuiteShowsItInEveryOutput() throws {
        let harness = try PipelineHarness()
        let suite = ConfigSuite(name: "lint", kind: .command, command: ["sh", "-c", "echo 'lint: 3 problems'; exit 1"])
        let (outcome, seen) = try runAndRead(harness, harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.suiteExitStatus])
        let lint = try #require(seen.failing.first)
        #expect(lint["suite"] as? String == "lint")
        #expect(lint["result"] as? String == "failure")
        #expect((lint["message"] as? String)?.contains("exited with code 1") == true)
        #expect((lint["text"] as? String)?.contains("exited with code 1") == true)
        #expect(seen.failing.count == 1)
        #expect(seen.failedTests == ["suite:lint"])
        expectEverywhere("it exited with code 1", harness)
    }

    @Test func twoTestsOfOneNameFromTwoModulesStayApartAndNoFailedNameIsAlsoPassed() throws {
        let harness = try PipelineHarness()
        // macOS spelling, which names the module.
        let script = """
            echo "Test Case '-[CoreTests.ParserTests testParse]' started."
            echo "Test Case '-[CoreTests.ParserTests testParse]' passed (0.001 seconds)."
            echo "Test Case '-[AppTests.ParserTests testParse]' started."
            echo "/r/Tests/AppTests/ParserTests.swift:9: error: -[AppTests.ParserTests testParse] : XCTAssertTrue failed"
            echo "Test Case '-[AppTests.ParserTests testParse]' failed (0.002 seconds)."
            echo "Test Case 'LinuxTests.testSame' started at x"; echo "Test Case 'LinuxTests.testSame' passed (0.001 seconds)"
            echo "Test Case 'LinuxTests.testSame' started at x"; echo "Test Case 'LinuxTests.testSame' failed (0.001 seconds)"
            echo "	 Executed 4 tests, with 2 failures (0 unexpected) in 0.005 (0.005) seconds"
            """
        let (outcome, seen) = try runAndRead(harness, harness.plan(suites: [PipelineHarness.xctest("unit", script)]))
        #expect(outcome.exitCode == 1)
        #expect(seen.failedTests == ["unit/AppTests.ParserTests.testParse", "unit/LinuxTests.testSame"])
        #expect(seen.passedTests == ["unit/CoreTests.ParserTests.testParse"])
        let classnames = seen.cases.compactMap { $0["classname"] as? String }
        #expect(classnames.contains("CoreTests.ParserTests") && classnames.contains("AppTests.ParserTests"))
    }

    @Test func anAcceptedRunHasNoFailureAnywhereAndARepositoryRelativeConfigurationName() throws {
        let harness = try PipelineHarness()
        var plan = harness.plan(suites: [PipelineHarness.xctest("unit", PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])])
        plan.loaded.source = harness.repository + "/acceptance-gate.json"
        plan.loaded.path = plan.loaded.source
        let (outcome, seen) = try runAndRead(harness, plan)
        #expect(outcome.exitCode == 0, "\(outcome.report.reasons)")
        #expect(seen.failing.isEmpty)
        #expect(seen.result == "PASSED")
        #expect(seen.failedTests.isEmpty)
        #expect(seen.configurationName == "acceptance-gate.json")
        // Every stage report.json records shows in the Markdown and the HTML, render and sign too.
        let outputs = harness.outputs()
        for stage in outcome.report.stages.map(\.name) {
            #expect(outputs["summary.md"]?.contains("| \(stage) |") == true, "summary.md lacks the \(stage) stage")
            #expect(outputs["report.html"]?.contains("<tr><td>\(stage)</td>") == true, "report.html lacks the \(stage) stage")
        }
        #expect(outcome.report.stages.suffix(2).map(\.name) == ["render", "sign"])
        #expect(seen.commitAnnotations == nil, "a clean tree carries no dirty annotation")
    }

    @Test func aShardNameIsInTheReportTheSignedStatementAndTheSummary() throws {
        let harness = try PipelineHarness()
        var plan = harness.plan(suites: [PipelineHarness.xctest("unit", PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])])
        plan.shard = "ios-18"
        let (outcome, seen) = try runAndRead(harness, plan)
        #expect(outcome.exitCode == 0)
        #expect(outcome.report.shard == "ios-18")
        #expect(seen.reportAnnotations?["shard"] as? String == "ios-18")
        #expect(harness.outputs()["summary.md"]?.contains("shard ios-18") == true)
    }

    @Test func aDirtyTreeIsSaidInTheSignedCommitSubject() throws {
        let harness = try PipelineHarness()
        try Data("not committed\n".utf8).write(to: URL(fileURLWithPath: harness.repository + "/scratch.txt"))
        let plan = harness.plan(suites: [PipelineHarness.xctest("unit", PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])])
        let (outcome, seen) = try runAndRead(harness, plan)
        #expect(outcome.exitCode == 0)
        #expect(seen.commitAnnotations?["dirty"] as? String == "true")
        #expect(seen.commitAnnotations?["changedPaths"] as? String == "scratch.txt")
    }

    @Test func aMergedMatrixReadsTheSameInEveryConsumer() throws {
        let matrix = try MatrixHarness()
        for name in ["ios-18", "linux", "macos-15"] { try matrix.shard(name, passing: ["A.testOne", "A.testTwo"]) }
        let outcome = try matrix.merge(["ios-18", "linux", "macos-15"], expect: ["ios-18", "linux", "macos-15"])
        #expect(outcome.exitCode == 0, "\(outcome.report.reasons)")
        let seen = try consumers(of: matrix.merged, publicKey: matrix.keyPaths.publicKeyPath, in: matrix.pipeline.root)
        #expect(seen.failing.isEmpty)
        #expect(seen.result == "PASSED")
        #expect(seen.reportAnnotations?["shards"] as? String == "ios-18,linux,macos-15")
        let suites = Set(seen.cases.compactMap { $0["suite"] as? String })
        #expect(suites == ["ios-18/unit", "linux/unit", "macos-15/unit", "acceptance-gate"])
        #expect(seen.passedTests.count == 6)
        #expect(seen.passedTests.contains("macos-15/unit/A.testTwo"))
    }

    @Test func aMergedMatrixWithARejectedShardIsRejectedInEveryConsumer() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        try matrix.shard("b", failing: ["B.testBroken"])
        let outcome = try matrix.merge(["a", "b"])
        #expect(outcome.exitCode == 1)
        let seen = try consumers(of: matrix.merged, publicKey: matrix.keyPaths.publicKeyPath, in: matrix.pipeline.root)
        #expect(seen.result == "FAILED")
        #expect(seen.failedTests.contains("b/unit/B.testBroken"))
        #expect(seen.failedTests.contains("acceptance-gate:shard-rejected"))
        #expect(!seen.passedTests.contains("b/unit/B.testBroken"))
        let broken = try #require(seen.failing.first { ($0["suite"] as? String) == "b/unit" })
        #expect(broken["result"] as? String == "failure")
        #expect((broken["name"] as? String)?.contains("testBroken") == true)
    }

    @Test func aFlakyTestIsWarnedInTheSignedPredicateAndARerunFailureInJUnit() throws {
        let harness = try PipelineHarness()
        let plan = harness.plan(suites: [
            PipelineHarness.xctest("unit", RealOutputEvidenceTests.flakyScript, expect: ["NetTests.testFetch"])
        ])
        let (outcome, seen) = try runAndRead(harness, plan)
        #expect(outcome.exitCode == 0, "\(outcome.report.reasons)")
        #expect(seen.result == "WARNED")
        #expect(seen.warnedTests == ["unit/AppTests.NetTests.testFetch"])
        #expect(seen.passedTests.isEmpty)
        #expect(seen.failedTests.isEmpty)
        let flaky = try #require(seen.cases.first { ($0["name"] as? String) == "testFetch" })
        #expect(flaky["result"] as? String == "passed")
        #expect(
            flaky["rerunFailures"] as? [String] == [
                "passed on attempt 2 of 2 after 1 failed: NetTests.swift:9: XCTAssertTrue failed - timed out"
            ])
    }

    @Test func aQuarantinedFailureIsWarnedInTheSignedPredicateAndSkippedWithItsOwnerInJUnit() throws {
        let harness = try PipelineHarness()
        var suite = PipelineHarness.xctest("unit", RealOutputEvidenceTests.knownFailureScript)
        suite.quarantine = [QuarantineEntry(test: "NetTests.testFetch", owner: "ana", reason: "STAGE-12", expires: "2099-12-31")]
        let (outcome, seen) = try runAndRead(harness, harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 0, "\(outcome.report.reasons)")
        #expect(seen.result == "WARNED")
        #expect(seen.warnedTests == ["unit/NetTests.testFetch"])
        #expect(seen.failedTests.isEmpty)
        #expect(seen.passedTests == ["unit/NetTests.testOne"])
        let quarantined = try #require(seen.cases.first { ($0["name"] as? String) == "testFetch" })
        #expect(quarantined["result"] as? String == "skipped")
        #expect((quarantined["message"] as? String)?.hasPrefix("failed, quarantined until 2099-12-31 (owner ana: STAGE-12)") == true)
    }
}
