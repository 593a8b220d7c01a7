//===----------------------------------------------------------------------===//
// RealOutputEvidenceTests.swift: xcodebuild's closing block, formatted lines and flaky tests, end to end.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateReport
import Testing

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
}
