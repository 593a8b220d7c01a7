//===----------------------------------------------------------------------===//
// SuiteEvidenceTests.swift: what a suite's own log says decides, not only its exit code.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateConfig
import GateCore
import GateProcess
import GateReport
import GateTestSupport
import Testing

@Suite("suite evidence")
struct SuiteEvidenceTests {
    @Test func anExitCodeOfZeroDoesNotHideAFailureTheSummaryCounts() throws {
        // `xcodebuild test | xcbeautify` without pipefail: the pipe exits 0, the log says 1 failure.
        let harness = try PipelineHarness()
        let script =
            "echo \"Test Case 'A.testOne' started at x\"; echo \"Test Case 'A.testOne' passed (0.001 seconds)\"; "
            + PipelineHarness.summary(1, failures: 1) + "; exit 0"
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script, expect: ["A.testOne"])]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.summaryMismatch])
    }

    @Test func aRunnerThatStopsBetweenTwoTestsIsIncompleteNotPassed() throws {
        // exit(0) in a setUp: the process ends cleanly after the first test, with no summary.
        let harness = try PipelineHarness()
        let script = "echo \"Test Case 'A.testOne' started at x\"; echo \"Test Case 'A.testOne' passed (0.001 seconds)\"; exit 0"
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script, expect: ["A.testOne"])]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.incompleteLog])
    }

    @Test func aSwiftTestingDisplayNameDoesNotSatisfyAnXCTestExpectation() throws {
        let harness = try PipelineHarness()
        let script = """
            echo '◇ Test run started.'
            echo '◇ Test "RedirectBoundaryTests.testSameOriginRedirectSucceeds" started.'
            echo '✔ Test "RedirectBoundaryTests.testSameOriginRedirectSucceeds" passed after 0.001 seconds.'
            echo '✔ Test run with 1 test passed after 0.001 seconds.'
            """
        let expected = "RedirectBoundaryTests.testSameOriginRedirectSucceeds"
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script, expect: [expected])]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.testMissing])
    }

    @Test func aModuleQualifiedExpectationIsNotMetByAnotherModule() throws {
        let harness = try PipelineHarness()
        let script = """
            echo "Test Case '-[LegacyTests.RedirectBoundaryTests testX]' started."
            echo "Test Case '-[LegacyTests.RedirectBoundaryTests testX]' passed (0.001 seconds)."
            \(PipelineHarness.summary(1, failures: 0))
            """
        let suite = PipelineHarness.xctest("unit", script, expect: ["AppTests.RedirectBoundaryTests.testX"])
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.report.problems.map(\.code) == [.testMissing])
        let met = PipelineHarness.xctest(
            "unit", script, expect: ["LegacyTests.RedirectBoundaryTests.testX", "RedirectBoundaryTests.testX"])
        #expect(try harness.run(harness.plan(suites: [met])).exitCode == 0)
    }

    @Test func aSuiteWhoseEveryTestWasSkippedRanZeroTests() throws {
        let harness = try PipelineHarness()
        let script =
            "echo \"Test Case 'A.testOne' started at x\"; echo \"Test Case 'A.testOne' skipped (0.000 seconds)\"; "
            + PipelineHarness.summary(1, failures: 0)
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script)]))
        #expect(outcome.report.problems.map(\.code) == [.zeroTests])
        #expect(outcome.report.reasons.first?.contains("all 1 were skipped") == true)
    }

    @Test func aTestThatCannotReachTheFixtureSaysWhyOnADevice() throws {
        let harness = try PipelineHarness()
        let script = """
            echo "Test Case 'R.testSame' started at x"
            echo "/r/R.swift:9: error: R.testSame : failed - Error Domain=NSURLErrorDomain Code=-1004 \\"Could not connect to the server.\\""
            echo "Test Case 'R.testSame' failed (0.010 seconds)"
            \(PipelineHarness.summary(1, failures: 1))
            exit 1
            """
        let plan = harness.plan(
            fixture: ConfigFixture(ports: .automatic, expectForeignRequests: 0), suites: [PipelineHarness.xctest("unit", script)])
        let outcome = try harness.run(plan)
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.reasons.first?.contains("a physical device does not") == true)
        #expect(outcome.report.fixture?.exit?.guarantees != nil, "the report says what the exit proof covered")
    }
}

@Suite("command fixture ports")
struct CommandFixturePortsTests {
    @Test func theExitProofChecksTheReadinessPortsAnEscapedChildStillHolds() throws {
        let harness = try PipelineHarness()
        let port = try BusyPort().port  // bound and released at once: free a moment ago
        // The fixture's server leaves its group and outlives it: the port stays held after the
        // fixture's own process exits on SIGTERM.
        let script =
            "perl -MPOSIX -e 'fork and exit; POSIX::setsid(); exec \"python3\", \"-m\", \"http.server\", \"\(port)\", \"--bind\", \"127.0.0.1\"' "
            + ">/dev/null 2>&1; sleep 60"
        let fixture = ConfigFixture(
            launch: .command(["sh", "-c", script]), ports: .automatic, ready: .init(tcp: [TCPAddress(host: "127.0.0.1", port: port)]),
            readyTimeout: .seconds(20))
        defer {
            _ = try? ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: ["pkill", "-f", "http.server \(port)"], environment: ["PATH": "/usr/bin:/bin"]), timeout: .seconds(5)
            )
        }
        let outcome = try harness.run(
            harness.plan(fixture: fixture, suites: [PipelineHarness.xctest("unit", PipelineHarness.passing(["A.testOne"]))]))
        #expect(outcome.exitCode == 1, "\(outcome.report.reasons)")
        #expect(outcome.report.fixture?.exit?.portsReleased == false)
        #expect(outcome.report.problems.contains { $0.code == .fixtureExitUnproven && $0.sentence.contains("\(port)") })
    }
}

@Suite("clipping and secrets")
struct ClippingTests {
    @Test func aLongFailureMessageCutInsideATokenLosesTheWholeToken() throws {
        let harness = try PipelineHarness()
        let token = FakeGitHubToken.make(seed: 77)
        // The message ("A.swift:3: " and the text) is cut at 2,000 characters, 29 into the token.
        let filler = String(repeating: "word ", count: 392)  // 1,960 characters, ending in a space
        let script = """
            echo "Test Case 'A.testOne' started at x"
            echo "/r/A.swift:3: error: A.testOne : \(filler)$LEAK"
            echo "Test Case 'A.testOne' failed (0.001 seconds)"
            \(PipelineHarness.summary(1, failures: 1))
            """
        var suite = PipelineHarness.xctest("unit", script)
        suite.environment = ["LEAK": token]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        let message = try #require(outcome.report.suites.first?.tests.first?.message)
        #expect(message.hasSuffix("…"), "the message was clipped")
        let characters = Array(token)
        for (name, text) in harness.outputs() {
            for start in 0...(characters.count - 12) {
                #expect(!text.contains(String(characters[start..<(start + 12)])), "\(name) holds 12 characters of the token")
            }
        }
    }

    @Test func aCutInsideARunOfTokenCharactersDropsTheRun() {
        #expect(TextClip.clip("see ghp_abcdefghijklmnop", to: 10) == "see …")
        #expect(TextClip.clip("see it all", to: 6) == "see it…")
        #expect(TextClip.clip("short", to: 10) == "short")
    }
}

@Suite("xcresult as a result source")
struct XCResultSourceTests {
    /// Xcode 16's `test-results tests` JSON for one bundle: one passed and one failed test.
    static let json = """
        {"devices": [], "testNodes": [{"nodeType": "Test Plan", "name": "App", "children": [
          {"nodeType": "Unit test bundle", "name": "AppTests", "children": [
            {"nodeType": "Test Suite", "name": "LoginTests", "children": [
              {"nodeType": "Test Case", "name": "testSignIn()", "result": "Passed", "durationInSeconds": 0.1},
              {"nodeType": "Test Case", "name": "testSignOut()", "result": "Failed", "durationInSeconds": 0.2, "children": [
                {"nodeType": "Failure Message", "name": "LoginTests.swift:9: XCTAssertTrue failed"}]}]}]}]}]}
        """

    @Test func aFailureOnlyTheBundleRecordsRejectsAndTheBundleIsArchived() throws {
        let harness = try PipelineHarness()
        // A stand-in for `xcrun xcresulttool` (there is no Xcode here): prints the bundle's JSON.
        let bin = harness.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try Data(Self.json.utf8).write(to: URL(fileURLWithPath: harness.root + "/tests.json"))
        try Data("#!/bin/sh\ncat '\(harness.root)/tests.json'\n".utf8).write(to: URL(fileURLWithPath: bin + "/xcrun"))
        _ = chmod(bin + "/xcrun", 0o755)
        let bundle = harness.root + "/R.xcresult"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        // The console, piped through a formatter, shows only the test that passed.
        var suite = PipelineHarness.xctest(
            "ios",
            "echo \"Test Case '-[AppTests.LoginTests testSignIn]' started.\"; "
                + "echo \"Test Case '-[AppTests.LoginTests testSignIn]' passed (0.100 seconds).\"; "
                + PipelineHarness.summary(1, failures: 0))
        suite.xcresult = bundle
        suite.environment = ["PATH": bin + ":/usr/bin:/bin"]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1, "\(outcome.report.reasons)")
        let tests = try #require(outcome.report.suites.first?.tests)
        #expect(tests.first { $0.name == "LoginTests.testSignOut" }?.status == .failed, "\(tests.map(\.name))")
        #expect(tests.first { $0.name == "LoginTests.testSignIn" }?.status == .passed)
        #expect(outcome.report.logs.map(\.path).contains("logs/ios.xcresult.json"))
    }

    @Test func aBundleOlderThanTheRunIsNotItsEvidence() throws {
        let harness = try PipelineHarness()
        let bundle = harness.root + "/old.xcresult"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: bundle)
        var suite = PipelineHarness.xctest("ios", PipelineHarness.passing(["A.testOne"]))
        suite.xcresult = bundle
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.incompleteLog])
        #expect(outcome.report.problems.first?.sentence.contains("older than this run") == true)
    }

    @Test func aMissingBundleIsIncompleteEvidence() throws {
        let harness = try PipelineHarness()
        var suite = PipelineHarness.xctest("ios", PipelineHarness.passing(["A.testOne"]))
        suite.xcresult = harness.root + "/never-written.xcresult"
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.incompleteLog])
    }
}

@Suite("the foreign listener")
struct ForeignListenerTests {
    @Test func aBareConnectThatSendsNothingStillRejects() throws {
        let harness = try PipelineHarness()
        let connect =
            "python3 -c \"import os, socket, urllib.parse as u; "
            + "socket.create_connection(('127.0.0.1', u.urlparse(os.environ['ACCEPTANCE_GATE_FOREIGN_URL']).port)).close()\"; "
        let plan = harness.plan(
            fixture: ConfigFixture(ports: .automatic, expectForeignRequests: 0),
            suites: [PipelineHarness.xctest("unit", connect + PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])])
        let outcome = try harness.run(plan)
        #expect(outcome.exitCode == 1, "\(outcome.report.reasons)")
        #expect(outcome.report.problems.map(\.code) == [.foreignRequests])
        #expect(outcome.report.reasons.first?.contains("0 request(s) in 1 connection(s)") == true, "\(outcome.report.reasons)")
        #expect(outcome.report.fixture?.ledger?.foreign.connections == 1)
    }
}
