//===----------------------------------------------------------------------===//
// RealOutputEvidenceTests.swift: xcodebuild's closing block, formatted lines and flaky tests, end to end.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import Testing

@testable import Gate
@testable import GateConfig

@Suite("real output evidence")
struct RealOutputEvidenceTests {
    @Test func xcodebuildsClosingBlockRejectsAnExitCodeOfZeroAndIsQuoted() throws {
        // bitrise: the unit tests passed, the UI test target's runner never started, the pipe exited 0.
        let harness = try PipelineHarness()
        let script = """
            echo "Test Case '-[AppTests.AppTests testOne]' started."
            echo "Test Case '-[AppTests.AppTests testOne]' passed (0.001 seconds)."
            \(PipelineHarness.summary(1, failures: 0))
            echo
            echo 'Testing failed:'
            printf '\\tTest target AppUITests encountered an error (Early unexpected exit, operation never finished bootstrapping - no restart will be attempted)\\n'
            echo '** TEST FAILED **'
            exit 0
            """
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script, expect: ["AppTests.testOne"])]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.summaryMismatch])
        let sentence = try #require(outcome.report.problems.first?.sentence)
        #expect(
            sentence.contains(
                "xcodebuild says the tests failed: 'Testing failed:' 'Test target AppUITests encountered an error (Early unexpected exit"))
        #expect(sentence.contains("'** TEST FAILED **'"))
    }

    @Test func aFormattersLinesAreReadAndAMissingTestSaysTheOutputWasFormatted() throws {
        // `xcodebuild test | xcbeautify`: the non-parallel lines name a test by its method only.
        let harness = try PipelineHarness()
        let script = """
            echo "Test Suite 'All tests' started at 2026-01-09 15:47:28.000"
            echo '    ✔ testOne (0.001 seconds)'
            echo '    ✖ testTwo, XCTAssertTrue failed'
            """
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script, expect: ["AppTests.testOne"])]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.testFailed, .testMissing])
        #expect(outcome.report.problems.last?.sentence.contains("its output went through a formatter") == true)
    }

    /// A retried test: failed on iteration 1, passed on iteration 2.
    static let flakyScript = """
        echo "Test Case '-[AppTests.NetTests testFetch]' started (Iteration 1 of 2)."
        echo "/r/NetTests.swift:9: error: -[AppTests.NetTests testFetch] : XCTAssertTrue failed - timed out"
        echo "Test Case '-[AppTests.NetTests testFetch]' failed (0.010 seconds)."
        echo "Test Case '-[AppTests.NetTests testFetch]' started (Iteration 2 of 2)."
        echo "Test Case '-[AppTests.NetTests testFetch]' passed (0.008 seconds)."
        \(PipelineHarness.summary(2, failures: 1))
        """

    @Test func aFlakyTestIsAcceptedAndMarkedUnderWarnAndRejectedUnderReject() throws {
        let harness = try PipelineHarness()
        let warned = try harness.run(
            harness.plan(suites: [PipelineHarness.xctest("unit", Self.flakyScript, expect: ["NetTests.testFetch"])]))
        #expect(warned.exitCode == 0, "\(warned.report.reasons)")
        let test = try #require(warned.report.suites.first?.tests.first)
        #expect(test.flaky == true)
        #expect(test.status == .passed)
        #expect(test.message?.hasPrefix("passed on attempt 2 of 2 after 1 failed: NetTests.swift:9: XCTAssertTrue failed") == true)
        #expect(harness.outputs()["summary.md"]?.contains("⚠️ passed (flaky)") == true)

        let strict = try PipelineHarness()
        var suite = PipelineHarness.xctest("unit", Self.flakyScript, expect: ["NetTests.testFetch"])
        suite.flaky = .reject
        let rejected = try strict.run(strict.plan(suites: [suite]))
        #expect(rejected.exitCode == 1)
        #expect(rejected.report.problems.map(\.code) == [.testFlaky])
        #expect(rejected.report.problems.first?.sentence.contains("test AppTests.NetTests.testFetch is flaky") == true)
    }

    /// Linux XCTest: one test passes, `NetTests.testFetch` fails, and `swift test` exits 1.
    static let knownFailureScript = """
        echo "Test Case 'NetTests.testOne' started at x"; echo "Test Case 'NetTests.testOne' passed (0.001 seconds)"
        echo "Test Case 'NetTests.testFetch' started at x"
        echo "/r/NetTests.swift:9: error: NetTests.testFetch : XCTAssertTrue failed - the staging server is down"
        echo "Test Case 'NetTests.testFetch' failed (0.002 seconds)"
        \(PipelineHarness.summary(2, failures: 1))
        exit 1
        """

    @Test func aQuarantinedFailureDoesNotRejectButIsShownAndAnExpiredEntryRejectsNamingItsOwner() throws {
        // The harness's clock says 2023-11-14.
        let harness = try PipelineHarness()
        var suite = PipelineHarness.xctest("unit", Self.knownFailureScript, expect: ["NetTests.testOne"])
        suite.quarantine = [
            QuarantineEntry(test: "NetTests.testFetch", owner: "ana", reason: "STAGE-12 staging is down", expires: "2023-11-14")
        ]
        let held = try harness.run(harness.plan(suites: [suite]))
        #expect(held.exitCode == 0, "\(held.report.reasons)")
        #expect(held.report.problems.isEmpty)
        let test = try #require(held.report.suites.first?.tests.first { $0.name == "NetTests.testFetch" })
        #expect(test.status == .failed)
        #expect(test.quarantine == ReportQuarantine(owner: "ana", reason: "STAGE-12 staging is down", expires: "2023-11-14"))
        #expect(harness.outputs()["summary.md"]?.contains("⚠️ failed (quarantined until 2023-11-14, owner ana)") == true)

        let later = try PipelineHarness()
        suite.quarantine[0].expires = "2023-11-13"
        let expired = try later.run(later.plan(suites: [suite]))
        #expect(expired.exitCode == 1)
        // The specific problems before the exit status they explain (ReportDecision.ordered).
        #expect(expired.report.problems.map(\.code) == [.quarantineExpired, .testFailed, .suiteExitStatus])
        let sentence = expired.report.problems.first { $0.code == .quarantineExpired }?.sentence ?? ""
        #expect(sentence.contains("the quarantine of NetTests.testFetch expired on 2023-11-13; its owner ana must fix the test"))
    }

    @Test func xcodebuildsFailingTestsBlockOfQuarantinedTestsOnlyDoesNotRejectButTestingFailedStillDoes() throws {
        let script = """
            echo "Test case 'NetTests.testOne()' passed on 'Clone 1 of iPhone 16 - App (1)' (0.001 seconds)"
            echo "Test case 'NetTests.testFetch()' failed on 'Clone 1 of iPhone 16 - App (1)' (0.002 seconds)"
            echo 'Failing tests:'
            printf '\\tNetTests.testFetch()\\n'
            echo '** TEST FAILED **'
            exit 65
            """
        let entry = QuarantineEntry(test: "NetTests.testFetch", owner: "ana", reason: "flaky network", expires: "2099-01-01")
        let harness = try PipelineHarness()
        var suite = PipelineHarness.xctest("unit", script)
        suite.quarantine = [entry]
        let held = try harness.run(harness.plan(suites: [suite]))
        #expect(held.exitCode == 0, "\(held.report.reasons)")

        let runner = try PipelineHarness()
        var broken = PipelineHarness.xctest(
            "unit",
            script.replacingOccurrences(
                of: "echo 'Failing tests:'",
                with:
                    "echo 'Testing failed:'; printf '\\tApp encountered an error (Failed to background test runner)\\n'; echo 'Failing tests:'"
            ))
        broken.quarantine = [entry]
        let rejected = try runner.run(runner.plan(suites: [broken]))
        #expect(rejected.exitCode == 1)
        #expect(rejected.report.problems.map(\.code) == [.summaryMismatch])
    }
}
