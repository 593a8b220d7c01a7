//===----------------------------------------------------------------------===//
// PlanCoverage.swift: whether the shards ran exactly the plan, each test once.
//===----------------------------------------------------------------------===//

/// What the shards ran against what the plan assigned them: every planned test must have run
/// exactly once, in its own shard. Tests that are new since the plan are listed (accepted, never
/// dropped silently); a planned test that ran nowhere, ran in another shard than planned, or ran
/// in two shards is a problem.
package struct PlanCoverage: Equatable, Sendable {
    /// Planned tests that ran in no shard (vanished from the suite, or dropped by a filter).
    package var missing: [String] = []
    /// Tests that ran in more than one shard, with the shards (sorted).
    package var duplicated: [String: [String]] = [:]
    /// Planned tests that ran, once, but in another shard than the plan's.
    package var misplaced: [String: String] = [:]
    /// Tests the plan does not know, with the shard they ran in: new since the plan.
    package var new: [String: String] = [:]

    /// Whether the plan was carried out: nothing missing, duplicated or misplaced.
    package var isComplete: Bool { missing.isEmpty && duplicated.isEmpty && misplaced.isEmpty }

    /// Compares `ran` (each shard's name and the tests it ran, as `report.json` names them) with
    /// `plan`. A test run twice within one shard (two suites) counts once there.
    package init(plan: ShardPlan, ran: [String: [String]]) {
        var plannedShard: [String: String] = [:]
        for shard in plan.shards {
            for test in shard.tests { plannedShard[test] = shard.name }
        }
        var ranIn: [String: Set<String>] = [:]
        for (shard, tests) in ran {
            for test in tests { ranIn[test, default: []].insert(shard) }
        }
        for (test, shards) in ranIn {
            let sorted = shards.sorted(by: ShardPlanner.byteOrder)
            if sorted.count > 1 {
                duplicated[test] = sorted
            } else if let only = sorted.first {
                if let planned = plannedShard[test] {
                    if planned != only { misplaced[test] = only }
                } else {
                    new[test] = only
                }
            }
        }
        missing = plannedShard.keys.filter { ranIn[$0] == nil }.sorted(by: ShardPlanner.byteOrder)
    }
}
