//===----------------------------------------------------------------------===//
// ShardAssignment.swift: the part of a shard plan one `run --shard K --plan plan.json` runs.
//===----------------------------------------------------------------------===//

import GateReport

/// What `run --shard K --plan plan.json` takes from the plan: shard K's tests, what the other
/// shards run (so a test the plan does not know is told apart from one planned elsewhere), and
/// the plan's digest, which the report records so `merge --plan` can tell every shard ran the
/// same plan.
///
/// Tests new since the plan must run somewhere, never be dropped by every shard's filter: the
/// first shard (``runsNewTests``) runs every test except the other shards' (`swift test`'s filter
/// as a negative look-ahead, `xcodebuild -skip-testing:`), so a new test runs there once.
package struct ShardAssignment: Equatable, Sendable {
    /// The shard's name (`1`…`N`), as `--shard` gave it.
    package var shard: String
    /// Lowercase hex SHA-256 of the plan file's bytes.
    package var planSHA256: String
    /// Whether the plan places tests or whole classes.
    package var granularity: PlanGranularity
    /// This shard's tests, as `report.json` names them (`Class.test`).
    package var tests: [String]
    /// Every other shard's tests.
    package var otherTests: [String]
    /// The test target (module) of each class the plan knows one for, which `xcodebuild
    /// -only-testing:` needs.
    package var modules: [String: String]
    /// Whether this shard also runs the tests the plan does not know (the plan's first shard).
    package var runsNewTests: Bool

    /// Creates an assignment.
    package init(
        shard: String, planSHA256: String, granularity: PlanGranularity, tests: [String], otherTests: [String],
        modules: [String: String] = [:], runsNewTests: Bool
    ) {
        self.shard = shard
        self.planSHA256 = planSHA256
        self.granularity = granularity
        self.tests = tests
        self.otherTests = otherTests
        self.modules = modules
        self.runsNewTests = runsNewTests
    }

    /// The report's record of the plan this shard ran; `newTests` are the tests it ran that the
    /// plan does not know.
    package func record(newTests: [String] = []) -> ReportPlan {
        ReportPlan(
            sha256: planSHA256, shard: shard, tests: Set(tests).count,
            newTests: newTests.isEmpty ? nil : newTests.map { ReportPlanTest(name: $0, shard: shard) })
    }
}
