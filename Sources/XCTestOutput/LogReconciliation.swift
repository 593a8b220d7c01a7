//===----------------------------------------------------------------------===//
// LogReconciliation.swift: the frameworks' totals against the per-test lines.
//===----------------------------------------------------------------------===//

/// Cross-checks what a log says about the whole run (``LogFacts``) with the tests it parsed.
package enum LogReconciliation {
    /// Every contradiction between `facts` and `results`, in a fixed order.
    ///
    /// Only what the log itself promises is checked: a missing XCTest summary only when XCTest
    /// printed start lines (xcodebuild's parallel output and `swift test --parallel` print neither),
    /// and the counts not at all after a retry or a restart (XCTest's totals then include the
    /// earlier attempts). xcodebuild's closing block saying failure is always reported.
    package static func check(_ facts: LogFacts, results: [TestResult]) -> [LogInconsistency] {
        var found: [LogInconsistency] = []
        let xctest = results.filter { $0.framework == .xctest }
        let swiftTesting = results.filter { $0.framework == .swiftTesting }
        if facts.xctestStarts > 0, facts.xctestExecuted == nil {
            found.append(.missingXCTestSummary(resultsSeen: xctest.count))
        }
        let repeated = facts.restarts > 0 || xctest.contains { $0.retried }
        if let executed = facts.xctestExecuted, !repeated {
            if executed > xctest.count {
                found.append(.summaryCountsMoreTests(executed: executed, seen: xctest.count))
            }
            if facts.xctestFailures > 0, !xctest.contains(where: { $0.status == .failed }) {
                found.append(.summaryCountsFailures(failures: facts.xctestFailures))
            }
        }
        if facts.swiftTestingStarts > 0, facts.swiftTestingRunFailed == nil {
            found.append(.missingSwiftTestingRunLine(startsSeen: facts.swiftTestingStarts))
        }
        let saysFailed = facts.swiftTestingRunFailed == true || !facts.failedSwiftTestingSuites.isEmpty
        if saysFailed, !swiftTesting.contains(where: { $0.status == .failed }) {
            found.append(.swiftTestingSaysFailed(suites: facts.failedSwiftTestingSuites))
        }
        // Whatever the exit status said (a pipe without pipefail, tee, a wrapper script), the
        // closing block is xcodebuild's own verdict; it is often the only trace of a test target
        // whose runner never started.
        if !facts.xcodebuildFailure.isEmpty {
            found.append(.xcodebuildSaysFailed(block: facts.xcodebuildFailure))
        }
        return found
    }
}
