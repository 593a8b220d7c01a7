//===----------------------------------------------------------------------===//
// PlannedShard.swift: one shard of a plan, its tests and the time they should take.
//===----------------------------------------------------------------------===//

/// One shard of a ``ShardPlan``: its name (`1`…`N`), the tests it runs (sorted by name, as
/// `report.json` names them) and the seconds they took in the history.
package struct PlannedShard: Codable, Equatable, Sendable {
    /// `1`…`N`, as `run --shard` names it.
    package var name: String
    /// The tests, sorted by name.
    package var tests: [String]
    /// The classes, sorted by name, when the plan's granularity is per class; absent otherwise.
    package var classes: [String]?
    /// The sum of its units' planned seconds (milliseconds precision).
    package var expectedSeconds: Double

    /// Creates a shard.
    package init(name: String, tests: [String], classes: [String]? = nil, expectedSeconds: Double) {
        self.name = name
        self.tests = tests
        self.classes = classes
        self.expectedSeconds = expectedSeconds
    }
}
