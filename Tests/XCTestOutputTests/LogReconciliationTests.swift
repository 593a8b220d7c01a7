//===----------------------------------------------------------------------===//
// LogReconciliationTests.swift: logs whose totals contradict their test lines, or stop short.
//===----------------------------------------------------------------------===//

import Testing

@testable import XCTestOutput

@Suite("lying and truncated logs")
struct LogReconciliationTests {
    /// Parses `log` to the end and returns the results and what the reconciliation finds.
    private func check(_ log: String) -> (results: [TestResult], facts: LogFacts, found: [LogInconsistency]) {
        var (parser, _) = parse(log)
        let results = parser.finish()
        return (results, parser.facts, LogReconciliation.check(parser.facts, results: results))
    }

    @Test("a real swift test log, XCTest and Swift Testing: consistent, and no line it could not read")
    func captured() {
        let (results, facts, found) = check(CapturedLogs.swiftTestLinux)
        #expect(found.isEmpty)
        #expect(results.filter { $0.framework == .xctest }.count == 4)
        #expect(results.filter { $0.framework == .swiftTesting }.count == 3)
        #expect(results.allSatisfy { $0.status == .passed })
        // The ratchet: every test-like line of a real log is read.
        #expect(facts.unreadTestLines == 0, "\(facts.unreadSamples)")
    }

    @Test("test lines all pass but the summary counts failures (xcodebuild | xcbeautify without pipefail)")
    func summaryCountsFailures() {
        let log = """
            Test Case 'A.testOne' started at x
            Test Case 'A.testOne' passed (0.001 seconds)
            \t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds
            """
        #expect(check(log).found == [.summaryCountsFailures(failures: 1)])
    }

    @Test("the summary counts more tests than the log shows (lines dropped by a filter or a wrapper)")
    func summaryCountsMoreTests() {
        let log = """
            Test Case 'A.testOne' started at x
            Test Case 'A.testOne' passed (0.001 seconds)
            \t Executed 3 tests, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            """
        #expect(check(log).found == [.summaryCountsMoreTests(executed: 3, seen: 1)])
    }

    @Test("test lines but no final summary (exit(0) in a setUp, a killed runner) is incomplete")
    func missingSummary() {
        let log = """
            Test Case 'A.testOne' started at x
            Test Case 'A.testOne' passed (0.001 seconds)
            Test Case 'A.testTwo' started at x
            """
        let (results, _, found) = check(log)
        #expect(found == [.missingXCTestSummary(resultsSeen: 2)])
        #expect(found.allSatisfy { $0.isIncomplete })
        #expect(results.last?.status == .failed)
    }

    @Test("Swift Testing: a run line that says failed with no failed test, and starts with no run line")
    func swiftTestingTotals() {
        let failed = """
            ◇ Test run started.
            ◇ Test one() started.
            ✔ Test one() passed after 0.001 seconds.
            ✘ Suite "Checks" failed after 0.002 seconds with 1 issue.
            ✘ Test run with 1 test failed after 0.002 seconds with 1 issue.
            """
        #expect(check(failed).found == [.swiftTestingSaysFailed(suites: ["Checks"])])
        let cut = """
            ◇ Test run started.
            ◇ Test one() started.
            ✔ Test one() passed after 0.001 seconds.
            ◇ Test two() started.
            """
        let (_, _, found) = check(cut)
        #expect(found == [.missingSwiftTestingRunLine(startsSeen: 2)])
    }

    @Test("display names holding 'passed after' and 'failed after' parse as the names they are")
    func trickyDisplayNames() {
        let log = """
            ◇ Test run started.
            ◇ Test "it passed after all" started.
            ✘ Test "it passed after all" failed after 0.003 seconds with 1 issue.
            ◇ Test "failed after retry is reported" started.
            ✔ Test "failed after retry is reported" passed after 0.001 seconds.
            ✘ Test run with 2 tests failed after 0.004 seconds with 1 issue.
            """
        let (results, _, found) = check(log)
        #expect(results.map(\.name) == ["it passed after all", "failed after retry is reported"])
        #expect(results.map(\.status) == [.failed, .passed])
        #expect(found.isEmpty)
    }

    @Test("swift test --parallel: progress lines, failures printed at the end")
    func parallel() {
        let log = """
            [1/3] Testing AppTests.ParserTests/testA
            [2/3] Testing AppTests.ParserTests/testB
            [3/3] Testing AppTests.LexerTests/testC
            /r/Tests/AppTests/ParserTests.swift:12: error: ParserTests.testB : XCTAssertEqual failed: ("1") is not equal to ("2")
            """
        let (results, _, found) = check(log)
        #expect(results.map(\.name) == ["ParserTests.testA", "ParserTests.testB", "LexerTests.testC"])
        #expect(results.map(\.status) == [.passed, .failed, .passed])
        #expect(results.allSatisfy { $0.module == "AppTests" && $0.framework == .xctest })
        #expect(results[1].location == SourceLocation(file: "/r/Tests/AppTests/ParserTests.swift", line: 12))
        #expect(found.isEmpty)
    }

    @Test("xcodebuild retries: the last attempt decides and the test says it was retried")
    func retries() {
        let log = """
            Test Case '-[AppTests.NetTests testFlaky]' started (Iteration 1 of 3).
            /r/NetTests.swift:9: error: -[AppTests.NetTests testFlaky] : XCTAssertTrue failed
            Test Case '-[AppTests.NetTests testFlaky]' failed (0.010 seconds).
            Test Case '-[AppTests.NetTests testFlaky]' started (Iteration 2 of 3).
            Test Case '-[AppTests.NetTests testFlaky]' passed (0.008 seconds).
            \t Executed 2 tests, with 1 failure (0 unexpected) in 0.018 (0.018) seconds
            """
        let (results, _, found) = check(log)
        #expect(results.count == 1)
        #expect(results.first?.status == .passed)
        #expect(results.first?.retried == true)
        #expect(found.isEmpty, "XCTest's totals include earlier attempts, so they are not compared after a retry")
    }

    @Test("'Restarting after unexpected exit, crash, or test timeout' fails the test it names")
    func restart() {
        let log = """
            Test Case '-[AppTests.VictimTests testThing]' started.
            Restarting after unexpected exit, crash, or test timeout in VictimTests.testThing; summary will include totals from previous launches.
            \t Executed 1 test, with 1 failure (1 unexpected) in 120.000 (120.001) seconds
            """
        let (results, facts, found) = check(log)
        #expect(results.map(\.status) == [.failed])
        #expect(results.first?.message?.contains("unexpected exit") == true)
        #expect(facts.restarts == 1)
        #expect(found.isEmpty)
    }

    @Test("a test-like line the parser cannot read is counted, never silently dropped")
    func unread() {
        let log = """
            Test Case 'A.testOne' started at x
            Test Case 'A.testOne' finished somehow
            ✔ Test something new
            Test Case 'A.testOne' passed (0.001 seconds)
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            """
        let (_, facts, _) = check(log)
        #expect(facts.unreadTestLines == 2)
        #expect(facts.unreadSamples.first == "Test Case 'A.testOne' finished somehow")
    }
}
