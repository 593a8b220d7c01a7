//===----------------------------------------------------------------------===//
// PlanMergeCheck.swift: whether a merged matrix carried out one shard plan, every test once.
//===----------------------------------------------------------------------===//

import GatePublishing
import GateReport

/// `merge --plan`: every merged shard must have run that plan (its report's plan digest), and
/// across the shards every planned test must have run exactly once, in its own shard
/// (``PlanCoverage``). A planned test that ran nowhere, twice, or in another shard is a problem of
/// the merged report (rejected); a test the plan does not know is new since the plan: listed in
/// the merged report's `plan` record, accepted.
package enum PlanMergeCheck {
    /// What the check found: the problems, the merged report's `plan` record, and the line the
    /// merge prints.
    package struct Outcome: Sendable {
        package var problems: [ReportProblem]
        package var record: ReportPlan
        package var stage: ReportStage
    }

    /// Checks the merged `report` (its `shards` and its suites, named `<shard>/<suite>`) against
    /// `plan`, whose file has digest `sha256`.
    package static func check(_ report: GateReport, plan: ShardPlan, sha256: String) -> Outcome {
        var problems: [ReportProblem] = []
        for shard in report.shards ?? [] where shard.planSha256?.lowercased() != sha256 {
            let ran = shard.planSha256.map { "the plan with sha256 \($0.prefix(12))" } ?? "no plan (its run had no --plan)"
            problems.append(
                ReportProblem(
                    .planMismatch, subject: .shard(shard.name),
                    "shard '\(shard.name)' ran \(ran), not --plan's \(sha256.prefix(12)); run every shard with "
                        + "'run --shard NAME --plan' of the same plan.json"))
        }
        var ran: [String: [String]] = [:]
        for shard in report.shards ?? [] { ran[shard.name] = [] }
        for suite in report.suites where suite.kind == .xctest {
            guard let slash = suite.name.firstIndex(of: "/") else { continue }
            ran[String(suite.name[..<slash]), default: []] += suite.tests.map(\.name)
        }
        let coverage = PlanCoverage(plan: plan, ran: ran)
        var plannedShard: [String: String] = [:]
        for shard in plan.shards {
            for test in shard.tests { plannedShard[test] = shard.name }
        }
        if !coverage.missing.isEmpty {
            let names = coverage.missing.map { "\($0) (shard \(plannedShard[$0] ?? "?"))" }
            problems.append(
                ReportProblem(
                    .planTestMissing, subject: .stage("merge"),
                    "\(names.count) planned test(s) ran in no shard: \(ShardPlanCheck.listed(names)); a shard's filter dropped "
                        + "them, their shard is not in the merge, or they are gone from the suite since the plan was made "
                        + "(then regenerate the plan with 'acceptance-gate plan')"))
        }
        if !coverage.duplicated.isEmpty {
            let names = sorted(coverage.duplicated.keys).map { "\($0) (shards \((coverage.duplicated[$0] ?? []).joined(separator: ", ")))" }
            problems.append(
                ReportProblem(
                    .planTestDuplicated, subject: .stage("merge"),
                    "\(names.count) test(s) ran in more than one shard: \(ShardPlanCheck.listed(names)); each planned test "
                        + "must run exactly once across the matrix"))
        }
        if !coverage.misplaced.isEmpty {
            let names = sorted(coverage.misplaced.keys).map {
                "\($0) (planned in shard \(plannedShard[$0] ?? "?"), ran in \(coverage.misplaced[$0] ?? "?"))"
            }
            problems.append(
                ReportProblem(
                    .planTestMisplaced, subject: .stage("merge"),
                    "\(names.count) planned test(s) ran in another shard than the plan's: \(ShardPlanCheck.listed(names)); "
                        + "run each shard with 'run --shard NAME --plan' so its filter is the plan's"))
        }
        let new = sorted(coverage.new.keys).map { ReportPlanTest(name: $0, shard: coverage.new[$0] ?? "?") }
        let record = ReportPlan(sha256: sha256, shard: nil, tests: plan.testCount, newTests: new.isEmpty ? nil : new)
        let once = plan.testCount - coverage.missing.count - coverage.duplicated.keys.filter { plannedShard[$0] != nil }.count
        var detail =
            "\(once) of \(plan.testCount) planned test(s) ran once across \(plan.shards.count) planned shard(s) (plan sha256 \(sha256.prefix(12)))"
        if !new.isEmpty {
            detail += "; \(new.count) new since the plan, accepted: " + ShardPlanCheck.listed(new.map { "\($0.name) (shard \($0.shard))" })
        }
        let stage = ReportStage(name: "plan", status: problems.isEmpty ? .passed : .failed, durationSeconds: nil, detail: detail)
        return Outcome(problems: problems, record: record, stage: stage)
    }

    /// Names in UTF-8 byte order.
    private static func sorted(_ names: some Collection<String>) -> [String] {
        names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
