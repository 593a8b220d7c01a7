//===----------------------------------------------------------------------===//
// SuiteLogJudgement.swift: an xctest suite's tests and problems, from its parsed log alone.
//===----------------------------------------------------------------------===//

import GateConfig
import GateReport
import XCTestOutput

/// What an xctest suite's parsed log says: its tests as the report records them, and the
/// problems its results and the log's own totals give against the suite's plan.
///
/// `run` judges the live parse with it, and `sign` and `verify` judge the archived log again with
/// it (``ArchivedLogParse``), so the verdict a signer re-derives comes from the same rules.
package struct SuiteLogJudgement: Equatable, Sendable {
    /// The parsed tests, a quarantined failure marked with its entry.
    package var tests: [ReportTest]
    /// The problems: failed, missing, skipped expected and flaky tests, zero tests, expired
    /// quarantine entries, and the log's totals against its per-test lines.
    package var problems: [ReportProblem]
    /// The expected tests that did not run.
    package var missing: [String]
    /// Whether there were failed tests and every one of them is quarantined, so the suite's exit
    /// status and xcodebuild's closing block do not reject on their own.
    package var failuresQuarantined: Bool
    /// The tests of unexpired quarantine entries that matched no result (an expired entry is a
    /// problem of its own).
    package var unmatchedQuarantine: [String] = []

    /// Judges `results` (and the log's `facts`) against `plan`.
    ///
    /// - Parameters:
    ///   - complete: whether the suite ran to its end: one stopped early (timeout, interruption)
    ///     ran only part of its tests, so its failed tests count but what it did not reach is no
    ///     finding of its own.
    ///   - today: `YYYY-MM-DD` (UTC), for the quarantine entries' expiry.
    package static func judge(
        _ results: [TestResult], facts: LogFacts, plan: ConfigSuite, complete: Bool, today: String
    ) -> SuiteLogJudgement {
        var tests = results.map(ReportTest.init)
        let judged = SuiteJudgement.judge(
            results: results, expected: complete ? plan.expectTests : [], suite: plan.name, flaky: plan.flaky,
            quarantine: plan.quarantine, today: today, formattedOutput: facts.formattedLines > 0)
        for (index, entry) in judged.quarantined where tests.indices.contains(index) {
            tests[index].quarantine = ReportQuarantine(owner: entry.owner, reason: entry.reason, expires: entry.expires)
        }
        let failed = results.indices.filter { results[$0].status == .failed }
        let failuresQuarantined = !failed.isEmpty && failed.allSatisfy { judged.quarantined[$0] != nil }
        var problems = complete ? judged.problems : judged.problems.filter { $0.code == .testFailed }
        if complete {
            let found = LogReconciliation.check(facts, results: results).filter { inconsistency in
                guard failuresQuarantined, case .xcodebuildSaysFailed(let block) = inconsistency else { return true }
                return !onlyListsFailures(block, failing: facts.failingTests)
            }
            problems += found.map { inconsistency in
                ReportProblem(
                    inconsistency.isIncomplete ? .incompleteLog : .summaryMismatch, subject: .suite(plan.name),
                    claim: inconsistency.sentence)
            }
        }
        // Only a suite that ran to its end (no timeout, no crash: its log closed) shows which
        // entries hold nothing.
        let unmatched =
            complete && !problems.contains(where: { $0.code == .incompleteLog })
            ? plan.quarantine.filter { entry in
                !entry.expired(today: today)
                    && !results.contains { result in
                        entry.covers(
                            [result.name, result.module.map { "\($0).\(result.name)" } ?? result.name]
                                + (result.displayName.map { [$0] } ?? []))
                    }
            }.map(\.test) : []
        return SuiteLogJudgement(
            tests: tests, problems: problems, missing: judged.missing, failuresQuarantined: failuresQuarantined,
            unmatchedQuarantine: unmatched)
    }

    /// Whether xcodebuild's closing `block` says no more than that the tests in `failing` failed
    /// (`Failing tests:`, their names and targets, `** TEST FAILED **`): no `Testing failed:`
    /// block, no runner that never started, no build failure.
    static func onlyListsFailures(_ block: [String], failing: [String]) -> Bool {
        block.allSatisfy { line in
            line == "Failing tests:" || failing.contains(line) || (line.hasSuffix(":") && line != "Testing failed:")
                || line.hasPrefix("** TEST FAILED **") || line.hasPrefix("** TEST EXECUTE FAILED **")
        }
    }
}
