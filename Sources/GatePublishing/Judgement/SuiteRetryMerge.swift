//===----------------------------------------------------------------------===//
// SuiteRetryMerge.swift: a suite's first run and its retries, read as one run.
//===----------------------------------------------------------------------===//

import GateReport
import XCTestOutput

/// The results of a suite's first run and of each retry of its failed tests (`suites[].retry`),
/// merged into the results ``SuiteLogJudgement`` judges: a failed test that a retry ran takes the
/// retry's outcome, with the earlier failures counted in ``TestResult/failedAttempts`` (so one that
/// then passed is ``TestResult/flaky`` and the suite's `flaky` policy decides).
///
/// `run` merges the live parses with it and `sign` and `verify` merge the archived logs with it,
/// so a flaky-by-retry test re-derives to the same verdict.
package struct SuiteRetryMerge: Sendable {
    /// The merged results, in the first run's order.
    package private(set) var results: [TestResult]
    /// The first run's log facts, with what the retries answered taken out (``merge(_:)``).
    package private(set) var facts: LogFacts
    /// Each retried test's runs, by its index in ``results``.
    package private(set) var attempts: [Int: [ReportTestAttempt]] = [:]
    private let firstLog: String
    /// Whether the first run's runner ended inside an XCTest test (which is why its summary is missing).
    private let crashedInATest: Bool

    /// Starts from the first run's `results` and `facts`, archived as `log`.
    package init(first results: [TestResult], facts: LogFacts, log: String) {
        self.results = results
        self.facts = facts
        self.firstLog = log
        crashedInATest = results.contains {
            $0.framework == .xctest && $0.status == .failed && $0.message?.hasPrefix(XCTestLogParser.crashMessage) == true
        }
    }

    /// The tests to run again: each failed test the runner's filter can name, once, as the
    /// report names it (`Class.method`), with the test target of each class for `xcodebuild`.
    package var failed: (tests: [String], modules: [String: String]) {
        var tests: [String] = []
        var modules: [String: String] = [:]
        for result in results where result.status == .failed && !tests.contains(result.name) {
            tests.append(result.name)
            if let module = result.module, let dot = result.name.firstIndex(of: ".") {
                modules[String(result.name[..<dot])] = module
            }
        }
        return (tests, modules)
    }

    /// Takes in one retry's results, archived as `log`: each still-failed test among `tests`
    /// (the names the retry was told to run) takes the retry's outcome; one the retry did not
    /// report (its runner crashed before it) failed that attempt too.
    package mutating func merge(_ retry: [TestResult], tests: [String], log: String) {
        for index in results.indices where results[index].status == .failed && tests.contains(results[index].name) {
            let previous = results[index]
            var history = attempts[index] ?? [ReportTestAttempt(status: .failed, log: firstLog)]
            let match = retry.last { $0.name == previous.name && $0.framework == previous.framework }
            guard var next = match else {
                history.append(ReportTestAttempt(status: .failed, log: log))
                attempts[index] = history
                results[index].attempts += 1
                results[index].failedAttempts += 1
                results[index].message = Self.join(previous.message, "attempt \(history.count): no result (the runner ended first)")
                continue
            }
            history.append(ReportTestAttempt(status: ReportTestStatus(next.status), log: log))
            attempts[index] = history
            next.module = next.module ?? previous.module
            next.attempts = previous.attempts + next.attempts
            next.failedAttempts = previous.attempts + next.failedAttempts
            next.message =
                next.status == .passed
                ? Self.join("passed on attempt \(history.count) of \(history.count)", previous.message)
                : next.message
            results[index] = next
        }
        Self.settle(&facts, results: results, crashedInATest: crashedInATest)
    }

    /// The first run's log facts once its failures were run again: what the failures themselves
    /// explain (XCTest's missing summary after a crash in a test, Swift Testing's and xcodebuild's
    /// "failed" lines that list only failing tests) is no longer a finding; the retries judge them.
    private static func settle(_ facts: inout LogFacts, results: [TestResult], crashedInATest: Bool) {
        // Only a crash in a test explains the summary, and only once that test ran to a result.
        if crashedInATest, facts.xctestExecuted == nil, facts.xctestStarts > 0,
            !results.contains(where: { $0.framework == .xctest && $0.status == .failed })
        {
            facts.xctestExecuted = results.filter { $0.framework == .xctest }.count
        }
        if !results.contains(where: { $0.framework == .swiftTesting && $0.status == .failed }) {
            facts.swiftTestingRunFailed = facts.swiftTestingRunFailed.map { _ in false }
            facts.failedSwiftTestingSuites = []
        }
        if !results.contains(where: { $0.status == .failed }),
            SuiteLogJudgement.onlyListsFailures(facts.xcodebuildFailure, failing: facts.failingTests)
        {
            facts.xcodebuildFailure = []
        }
    }

    /// The merged tests as judged (``SuiteLogJudgement/tests``, in ``results``' order) with each
    /// retried test's runs.
    package func recorded(_ tests: [ReportTest]) -> [ReportTest] {
        var tests = tests
        for (index, history) in attempts where tests.indices.contains(index) {
            tests[index].attempts = history
        }
        return tests
    }

    private static func join(_ first: String?, _ second: String?) -> String? {
        switch (first, second) {
        case let (first?, second?): "\(first); \(second)"
        case let (first?, nil): first
        case let (nil, second): second
        }
    }
}
