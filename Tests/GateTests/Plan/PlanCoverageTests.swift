//===----------------------------------------------------------------------===//
// PlanCoverageTests.swift: every planned test ran exactly once, in its shard.
//===----------------------------------------------------------------------===//

import GateArchive
import Testing

@Suite("plan coverage")
struct PlanCoverageTests {
    private func plan() throws -> ShardPlan {
        var timings = TestTimings()
        for (index, name) in ["A.a", "A.b", "B.c", "B.d", "C.e", "C.f"].enumerated() { timings.add(name, seconds: Double(index + 1)) }
        return try ShardPlanner.plan(tests: ["A.a", "A.b", "B.c", "B.d", "C.e", "C.f"], timings: timings, shards: 3)
    }

    /// What each shard ran when it ran exactly its plan.
    private func asPlanned(_ plan: ShardPlan) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: plan.shards.map { ($0.name, $0.tests) })
    }

    @Test("the shards ran their plans: complete, nothing new")
    func complete() throws {
        let plan = try plan()
        let coverage = PlanCoverage(plan: plan, ran: asPlanned(plan))
        #expect(coverage.isComplete)
        #expect(coverage == PlanCoverage(plan: plan, ran: asPlanned(plan).mapValues { $0 + $0 }))
        #expect(coverage.new.isEmpty)
    }

    @Test("a shard whose filter dropped a test: that test is missing")
    func dropped() throws {
        let plan = try plan()
        var ran = asPlanned(plan)
        let dropped = try #require(ran["2"]?.last)
        ran["2"]?.removeLast()
        let coverage = PlanCoverage(plan: plan, ran: ran)
        #expect(!coverage.isComplete)
        #expect(coverage.missing == [dropped])
    }

    @Test("a test run in two shards is duplicated, naming both")
    func twice() throws {
        let plan = try plan()
        var ran = asPlanned(plan)
        let test = try #require(ran["1"]?.first)
        ran["3", default: []].append(test)
        let coverage = PlanCoverage(plan: plan, ran: ran)
        #expect(!coverage.isComplete)
        #expect(coverage.duplicated == [test: ["1", "3"]])
        #expect(coverage.missing.isEmpty)
    }

    @Test("a test added after the plan is listed as new and accepted; one run in the wrong shard is misplaced")
    func newAndMisplaced() throws {
        let plan = try plan()
        var ran = asPlanned(plan)
        ran["2", default: []].append("D.added")
        #expect(PlanCoverage(plan: plan, ran: ran).isComplete)
        #expect(PlanCoverage(plan: plan, ran: ran).new == ["D.added": "2"])
        let moved = try #require(ran["1"]?.first)
        ran["1"]?.removeFirst()
        ran["3", default: []].append(moved)
        #expect(PlanCoverage(plan: plan, ran: ran).misplaced == [moved: "3"])
    }
}
