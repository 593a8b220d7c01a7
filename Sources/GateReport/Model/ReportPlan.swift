//===----------------------------------------------------------------------===//
// ReportPlan.swift: the shard plan a run or a merge followed, by digest.
//===----------------------------------------------------------------------===//

/// The shard plan (`plan.json`) a run followed (`run --shard K --plan`) or a merge checked
/// (`merge --plan`): its SHA-256, so every shard of a matrix can be shown to have run the same
/// plan, and the tests it ran that the plan does not know (accepted, listed, never dropped).
package struct ReportPlan: Codable, Equatable, Sendable {
    /// Lowercase hex SHA-256 of the plan file's bytes.
    package var sha256: String
    /// The shard of the plan this run was; absent in a merged report.
    package var shard: String?
    /// How many tests the plan gives the shard (a merged report: the whole plan).
    package var tests: Int
    /// Tests that ran though the plan does not know them (new since it was made), with their shard.
    package var newTests: [ReportPlanTest]?

    /// Creates a record.
    package init(sha256: String, shard: String?, tests: Int, newTests: [ReportPlanTest]? = nil) {
        self.sha256 = sha256
        self.shard = shard
        self.tests = tests
        self.newTests = newTests
    }
}
