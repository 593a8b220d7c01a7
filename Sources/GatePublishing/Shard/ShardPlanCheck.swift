//===----------------------------------------------------------------------===//
// ShardPlanCheck.swift: whether a shard ran exactly the tests its plan gives it.
//===----------------------------------------------------------------------===//

import GateReport

/// Compares what a shard's xctest suites ran with the tests its plan gives it, after the suites:
/// a planned test no suite ran (`plan-test-not-run`: the filter dropped it, or the test is gone
/// since the plan) and a test the plan gives another shard (`plan-test-outside-shard`) are
/// problems; a test the plan does not know at all is new since the plan, listed in the report's
/// `plan` record and accepted.
package enum ShardPlanCheck {
    /// How many names a problem's sentence lists before it says how many more there are.
    package static let namesShown = 10

    /// The check of `suites` (the run's, in order) against `assignment`.
    ///
    /// - Parameter interrupted: an interrupted run did not reach every test, so what it did not
    ///   run is no problem of the change; nor is it when an xctest suite could not run or was
    ///   stopped at its timeout (that suite's own problem says why).
    package static func check(_ assignment: ShardAssignment, suites: [ReportSuite], interrupted: Bool) -> StageResult<ReportPlan> {
        var ran = Set<String>()
        for suite in suites where suite.kind == .xctest {
            for test in suite.tests { ran.insert(test.name) }
        }
        let own = Set(assignment.tests)
        let others = Set(assignment.otherTests)
        let cutShort = interrupted || suites.contains { $0.kind == .xctest && ($0.status == .error || $0.status == .timedOut) }
        let notRun = cutShort ? [] : sorted(own.subtracting(ran))
        let outside = sorted(ran.subtracting(own).intersection(others))
        let new = sorted(ran.subtracting(own).subtracting(others))
        var problems: [ReportProblem] = []
        let shard = assignment.shard
        if !notRun.isEmpty {
            problems.append(
                ReportProblem(
                    .planTestNotRun, subject: .shard(shard),
                    "shard '\(shard)': \(notRun.count) test(s) the plan gives it did not run: \(listed(notRun)); a suite's filter "
                        + "dropped them, or they are gone from the suite since the plan was made (then regenerate the plan with "
                        + "'acceptance-gate plan')"))
        }
        if !outside.isEmpty {
            problems.append(
                ReportProblem(
                    .planTestOutsideShard, subject: .shard(shard),
                    "shard '\(shard)': \(outside.count) test(s) the plan gives another shard ran here: \(listed(outside)); "
                        + "a suite chose its own tests (its own --filter or -only-testing), so they may run twice across the matrix"))
        }
        let plannedRan = own.intersection(ran).count
        var detail = "\(plannedRan) of \(own.count) planned test(s) ran (plan sha256 \(assignment.planSHA256.prefix(12)))"
        if !new.isEmpty { detail += ", \(new.count) new since the plan: \(listed(new))" }
        return StageResult(assignment.record(newTests: new), detail: detail, problems: problems)
    }

    /// The first ``namesShown`` names and how many more.
    package static func listed(_ names: [String]) -> String {
        let shown = names.prefix(namesShown).joined(separator: ", ")
        return names.count > namesShown ? "\(shown) and \(names.count - namesShown) more" : shown
    }

    /// Names in UTF-8 byte order.
    private static func sorted(_ names: Set<String>) -> [String] {
        names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
