//===----------------------------------------------------------------------===//
// PlanMergeCheckTests.swift: a merged matrix against the shard plan it ran.
//===----------------------------------------------------------------------===//

import Gate
import GateArchive
import GateReport
import Testing

@Suite("plan merge check")
struct PlanMergeCheckTests {
    private static let digest = String(repeating: "cd", count: 32)
    private static let plan: ShardPlan = {
        let json = #"{"shards": [{"name": "1", "tests": ["A.one", "A.two"]}, {"name": "2", "tests": ["B.three", "B.four"]}]}"#
        do {
            return try ShardPlan.parse(Array(json.utf8), path: "plan.json")
        } catch {
            preconditionFailure("the test's plan does not read: \(error)")
        }
    }()

    /// A merged report whose shards ran `ran` (shard → tests) under plan digest `digest` (`nil`: no plan).
    private func merged(_ ran: [(String, [String])], digest: String? = PlanMergeCheckTests.digest) -> GateReport {
        var report = GateReport(gateVersion: "0", verdict: .accepted)
        report.shards = ran.map {
            ReportShard(
                name: $0.0, verdict: .accepted, commit: "c", envelopeSha256: "e", reportSha256: "r", keyid: "k", planSha256: digest)
        }
        report.suites = ran.map { shard, tests in
            ReportSuite(
                name: "\(shard)/unit", kind: .xctest, status: .passed, durationSeconds: 1,
                tests: tests.map { ReportTest(name: $0, status: .passed, durationSeconds: 0.1) })
        }
        return report
    }

    @Test("every planned test once, in its shard: no problem, the plan recorded by digest")
    func complete() {
        let outcome = PlanMergeCheck.check(
            merged([("1", ["A.one", "A.two"]), ("2", ["B.three", "B.four"])]), plan: Self.plan, sha256: Self.digest)
        #expect(outcome.problems.isEmpty)
        #expect(outcome.record == ReportPlan(sha256: Self.digest, shard: nil, tests: 4))
        #expect(outcome.stage.status == .passed)
    }

    @Test("missing, duplicated and misplaced tests reject; a new test is listed and accepted")
    func gaps() {
        let outcome = PlanMergeCheck.check(
            merged([("1", ["A.one", "B.three", "C.new"]), ("2", ["B.three", "A.two"])]), plan: Self.plan, sha256: Self.digest)
        #expect(outcome.problems.map(\.code) == [.planTestMissing, .planTestDuplicated, .planTestMisplaced])
        #expect(outcome.problems.allSatisfy { $0.kind == .change })
        #expect(outcome.problems[0].sentence.contains("B.four (shard 2)") && outcome.problems[0].sentence.contains("regenerate the plan"))
        #expect(outcome.problems[1].sentence.contains("B.three (shards 1, 2)"))
        #expect(outcome.problems[2].sentence.contains("A.two (planned in shard 1, ran in 2)"))
        #expect(outcome.record.newTests == [ReportPlanTest(name: "C.new", shard: "1")])
        var report = GateReport(gateVersion: "0", verdict: .accepted)
        report.settle(outcome.problems)
        #expect(report.verdict == .rejected)
    }

    @Test("a shard of another plan, or of none, is a plan mismatch (the evidence is not of this plan)")
    func mismatch() {
        let other = PlanMergeCheck.check(
            merged([("1", ["A.one", "A.two"]), ("2", ["B.three", "B.four"])], digest: String(repeating: "ef", count: 32)),
            plan: Self.plan, sha256: Self.digest)
        #expect(other.problems.map(\.code) == [.planMismatch, .planMismatch])
        #expect(other.problems[0].sentence.contains("efefefefefef"))
        let none = PlanMergeCheck.check(merged([("1", ["A.one", "A.two"])], digest: nil), plan: Self.plan, sha256: Self.digest)
        #expect(none.problems.map(\.code) == [.planMismatch, .planTestMissing])
        #expect(none.problems[0].sentence.contains("no plan"))
    }
}
