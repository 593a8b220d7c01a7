//===----------------------------------------------------------------------===//
// SuiteRetryMergeTests.swift: a first run and its retries read as one run, judged by the flaky policy.
//===----------------------------------------------------------------------===//

import GateConfig
import GatePublishing
import GateReport
import Testing

@testable import Gate
@testable import XCTestOutput

@Suite("suite retry merge")
struct SuiteRetryMergeTests {
    private let first = [
        TestResult(name: "A.testStable", status: .passed), TestResult(name: "B.testFlaky", status: .failed, message: "once"),
        TestResult(name: "C.testBroken", status: .failed), TestResult(name: "Z.testCrash", status: .failed),
    ]

    private func judged(_ merge: SuiteRetryMerge, flaky: FlakyPolicy) -> SuiteLogJudgement {
        SuiteLogJudgement.judge(
            merge.results, facts: merge.facts, plan: ConfigSuite(name: "unit", kind: .xctest, flaky: flaky), complete: true,
            today: "2026-12-05")
    }

    @Test func aTestThatPassesOnRetryIsFlakyOneThatFailsEveryAttemptStaysFailedOneWithoutAResultFailedThatAttempt() {
        var merge = SuiteRetryMerge(first: first, facts: LogFacts(), log: "logs/unit.log")
        #expect(merge.failed.tests == ["B.testFlaky", "C.testBroken", "Z.testCrash"])
        // Retry 1: B passes, C fails again, the runner ended before Z reported.
        merge.merge(
            [TestResult(name: "B.testFlaky", status: .passed), TestResult(name: "C.testBroken", status: .failed)],
            tests: merge.failed.tests, log: "logs/unit.retry-1.log")
        #expect(merge.failed.tests == ["C.testBroken", "Z.testCrash"])
        // Retry 2: only what still failed, and a result of a test it was not told to run is ignored.
        merge.merge(
            [TestResult(name: "Z.testCrash", status: .passed), TestResult(name: "A.testStable", status: .failed)],
            tests: ["C.testBroken", "Z.testCrash"], log: "logs/unit.retry-2.log")
        #expect(merge.results.map(\.status) == [.passed, .passed, .failed, .passed])
        #expect(merge.results.map(\.flaky) == [false, true, false, true])
        #expect(merge.results[2].attempts == 3 && merge.results[2].failedAttempts == 2)
        let tests = merge.recorded(judged(merge, flaky: .warn).tests)
        #expect(tests[0].attempts == nil)
        #expect(tests[1].attempts?.map(\.status) == [.failed, .passed])
        #expect(tests[1].attempts?.map(\.log) == ["logs/unit.log", "logs/unit.retry-1.log"])
        #expect(tests[2].attempts?.map(\.status) == [.failed, .failed, .failed])
        #expect(tests[3].attempts?.map(\.status) == [.failed, .failed, .passed])
        #expect(tests[1].message?.hasPrefix("passed on attempt 2 of 2; once") == true, "\(tests[1].message ?? "")")
    }

    @Test func theFlakyPolicyDecidesWhatARetriedPassDoes() {
        var merge = SuiteRetryMerge(first: Array(first.prefix(2)), facts: LogFacts(), log: "logs/unit.log")
        merge.merge([TestResult(name: "B.testFlaky", status: .passed)], tests: ["B.testFlaky"], log: "logs/unit.retry-1.log")
        #expect(judged(merge, flaky: .warn).problems.isEmpty)
        #expect(judged(merge, flaky: .reject).problems.map(\.code) == [.testFlaky])
    }

    @Test func aCrashThatLeftNoSummaryIsExplainedOnceItsTestRanAgain() {
        var facts = LogFacts()
        facts.xctestStarts = 2
        let crashed = [
            TestResult(name: "A.testStable", status: .passed),
            TestResult(name: "Z.testCrash", status: .failed, message: XCTestLogParser.crashMessage),
        ]
        let before = SuiteRetryMerge(first: crashed, facts: facts, log: "logs/unit.log")
        #expect(judged(before, flaky: .warn).problems.map(\.code).contains(.incompleteLog))
        var merge = before
        merge.merge([TestResult(name: "Z.testCrash", status: .passed)], tests: ["Z.testCrash"], log: "logs/unit.retry-1.log")
        #expect(judged(merge, flaky: .warn).problems.isEmpty)
        // A failure that was no crash does not explain a missing summary, retried or not.
        var plain = crashed
        plain[1].message = "XCTAssertEqual failed"
        var cut = SuiteRetryMerge(first: plain, facts: facts, log: "logs/unit.log")
        cut.merge([TestResult(name: "Z.testCrash", status: .passed)], tests: ["Z.testCrash"], log: "logs/unit.retry-1.log")
        #expect(judged(cut, flaky: .warn).problems.map(\.code) == [.incompleteLog])
    }
}
