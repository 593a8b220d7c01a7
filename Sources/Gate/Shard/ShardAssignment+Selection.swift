//===----------------------------------------------------------------------===//
// ShardAssignment+Selection.swift: a shard's tests as its suites' runners are told to run them.
//===----------------------------------------------------------------------===//

import GatePublishing

extension ShardAssignment {
    /// The selection each suite's runner is given: this shard's tests, or, for the shard that
    /// runs new tests too, every test but the other shards'.
    package var selection: RunnerTestSelection {
        RunnerTestSelection(
            tests: tests, granularity: granularity, modules: modules, skipping: runsNewTests ? otherTests : nil)
    }
}
