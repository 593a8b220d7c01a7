//===----------------------------------------------------------------------===//
// ShardPlanCheckTests.swift: a shard's run against the tests its plan gives it.
//===----------------------------------------------------------------------===//

import Gate
import GatePublishing
import GateReport
import Testing

@Suite("shard plan check")
struct ShardPlanCheckTests {
    private static let digest = String(repeating: "ab", count: 32)

    private func assignment(runsNewTests: Bool = false) -> ShardAssignment {
        ShardAssignment(
            shard: "2", planSHA256: Self.digest, granularity: .test, tests: ["A.one", "A.two"], otherTests: ["B.three"],
            runsNewTests: runsNewTests)
    }

    private func suites(_ names: [String], kind: ReportSuiteKind = .xctest, status: ReportSuiteStatus = .passed) -> [ReportSuite] {
        [
            ReportSuite(
                name: "unit", kind: kind, status: status, durationSeconds: 1, log: "logs/unit.log",
                tests: names.map { ReportTest(name: $0, status: .passed, durationSeconds: 0.1) })
        ]
    }

    @Test("exactly the planned tests: passed, the plan recorded by digest, shard and count")
    func exact() {
        let result = ShardPlanCheck.check(assignment(), suites: suites(["A.one", "A.two"]), interrupted: false)
        #expect(result.problems.isEmpty)
        #expect(result.value == ReportPlan(sha256: Self.digest, shard: "2", tests: 2))
        #expect(result.detail.hasPrefix("2 of 2 planned test(s) ran"))
    }

    @Test("a planned test not run and another shard's test run are problems; a test the plan does not know is listed, accepted")
    func discrepancies() {
        let result = ShardPlanCheck.check(assignment(), suites: suites(["A.one", "B.three", "C.new"]), interrupted: false)
        #expect(result.problems.map(\.code) == [.planTestNotRun, .planTestOutsideShard])
        #expect(result.problems.allSatisfy { $0.kind == .change })
        #expect(result.problems[0].sentence.contains("A.two") && result.problems[0].sentence.contains("regenerate the plan"))
        #expect(result.problems[1].sentence.contains("B.three"))
        #expect(result.value.newTests == [ReportPlanTest(name: "C.new", shard: "2")])
    }

    @Test(
        "an interrupted run's, a suite's that could not start or timed out: unreached tests are no problem; command suites' tests are not counted"
    )
    func interruptedAndCommands() {
        #expect(ShardPlanCheck.check(assignment(), suites: suites(["A.one"]), interrupted: true).problems.isEmpty)
        #expect(ShardPlanCheck.check(assignment(), suites: suites([], status: .error), interrupted: false).problems.isEmpty)
        #expect(ShardPlanCheck.check(assignment(), suites: suites(["A.one"], status: .timedOut), interrupted: false).problems.isEmpty)
        #expect(ShardPlanCheck.check(assignment(), suites: suites(["A.one"], status: .failed), interrupted: false).problems.count == 1)
        let commands = ShardPlanCheck.check(assignment(), suites: suites(["A.one", "A.two"], kind: .command), interrupted: false)
        #expect(commands.problems.map(\.code) == [.planTestNotRun])
    }

    @Test("the first shard runs every test but the other shards'; the others only their own")
    func selection() {
        #expect(assignment(runsNewTests: true).selection.skipping == ["B.three"])
        #expect(assignment().selection.skipping == nil)
        #expect(assignment().selection.tests == ["A.one", "A.two"])
    }
}
