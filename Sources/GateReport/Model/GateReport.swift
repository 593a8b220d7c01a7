//===----------------------------------------------------------------------===//
// GateReport.swift: the whole acceptance report, one value.
//===----------------------------------------------------------------------===//

import GitStamp
import ToolchainStamp

/// The whole acceptance report that `acceptance-gate run` writes as `report.json` (design.md,
/// "Report and signature"). Its coding keys are a contract that outside checks read.
///
/// Everything the pipeline might not reach (an interrupted run) is optional, so an `aborted` report
/// with whatever it had still encodes. Absent optionals are left out of the JSON.
package struct GateReport: Codable, Equatable, Sendable {
    /// The report format's version; this gate writes and reads ``currentSchemaVersion``.
    package var schemaVersion: Int
    /// The gate's own version.
    package var gateVersion: String
    /// The decision.
    package var verdict: ReportVerdict
    /// Why, as sentences: the ``problems``' sentences in reading order; empty when accepted.
    package var reasons: [String]
    /// Everything the stages found, typed; ``ReportDecision`` derives `verdict` and `exitCode`
    /// from these, and every rendered format shows them.
    package var problems: [ReportProblem]
    /// The exit code `run` ended with (0, 1, 3, 130 or 143); absent in reports of gate 0.1.0.
    package var exitCode: Int?
    /// The CI matrix shard this run was, when `--shard` named one.
    package var shard: String?
    /// For a merged report (`acceptance-gate merge`): every shard it was built from, verified,
    /// in the order given; absent for one run's report.
    package var shards: [ReportShard]?
    /// When the run started, ISO 8601 UTC (``ReportTimestamp``).
    package var startedAt: String?
    /// When the run finished, ISO 8601 UTC.
    package var finishedAt: String?
    /// The commit under test.
    package var commit: CommitStamp?
    /// The toolchain and machine.
    package var toolchain: ToolchainStamp?
    /// The configuration the run used.
    package var config: ReportConfig?
    /// The fixture's lifecycle and ledger.
    package var fixture: ReportFixture?
    /// Every suite, in the order they ran.
    package var suites: [ReportSuite]
    /// The frame conformance points, when a frames suite ran.
    package var frames: ReportFrames?
    /// The token scan of every log and artifact.
    package var scan: ReportScan?
    /// Every archived log, with its digest.
    package var logs: [ReportLog]
    /// The pipeline's stages, in order.
    package var stages: [ReportStage]
    /// Whether and how the report was signed.
    package var signature: ReportSignature?
    /// What kept the suites from the gate; absent in reports of gates that did not record it.
    package var isolation: ReportIsolation?
    /// The shard plan the run followed (`run --plan`) or the merge checked (`merge --plan`).
    package var plan: ReportPlan?

    /// Sets `problems` (their hints rendered into their sentences), and the `verdict`,
    /// `exitCode` and `reasons` derived from them.
    package mutating func settle(_ found: [ReportProblem]) {
        problems = ReportDecision.ordered(found.map(\.rendered))
        let decision = ReportDecision.decide(problems)
        verdict = decision.verdict
        exitCode = Int(decision.exitCode)
        reasons = problems.map(\.sentence)
    }

    /// What the run accepted only with a warning (``ReportWarning``), suite by suite: its flaky
    /// tests, its quarantined failures and the quarantine entries that matched no test. Derived
    /// from the facts the report holds, so it is the same wherever it is shown.
    package var warnings: [ReportWarning] {
        suites.flatMap { suite in
            suite.tests.compactMap { test -> ReportWarning? in
                if test.status == .passed, test.flaky == true {
                    return ReportWarning(
                        .flaky, suite: suite.name, test: test.qualifiedName,
                        detail: test.message.flatMap { $0.split(separator: "\n").first.map(String.init) })
                }
                if test.status == .failed, let quarantine = test.quarantine {
                    return ReportWarning(
                        .quarantined, suite: suite.name, test: test.qualifiedName,
                        detail: "owner \(quarantine.owner), expires \(quarantine.expires)")
                }
                return nil
            } + (suite.unmatchedQuarantine ?? []).map { ReportWarning(.quarantineUnmatched, suite: suite.name, test: $0) }
                + (suite.unrunTestsWarn == true
                    ? suite.unrunTests.map { unrun in
                        [
                            ReportWarning(
                                .unrunTests, suite: suite.name, test: "\(unrun.count) declared test(s)",
                                detail: ReportUnrunTest.summary(unrun))
                        ]
                    } ?? [] : [])
        }
    }

    /// The verdict as people read it: `accepted with warnings` when an accepted run has any.
    package var verdictText: String {
        verdict == .accepted && !warnings.isEmpty ? "accepted with warnings" : verdict.rawValue
    }

    /// The schema version this gate writes.
    package static let currentSchemaVersion = 1

    /// Creates a report; every part the pipeline may not reach defaults to absent or empty.
    package init(
        schemaVersion: Int = GateReport.currentSchemaVersion, gateVersion: String, verdict: ReportVerdict,
        reasons: [String] = [], problems: [ReportProblem] = [], exitCode: Int? = nil, shard: String? = nil, startedAt: String? = nil,
        finishedAt: String? = nil, commit: CommitStamp? = nil,
        toolchain: ToolchainStamp? = nil, config: ReportConfig? = nil, fixture: ReportFixture? = nil,
        suites: [ReportSuite] = [], frames: ReportFrames? = nil, scan: ReportScan? = nil, logs: [ReportLog] = [],
        stages: [ReportStage] = [], signature: ReportSignature? = nil, isolation: ReportIsolation? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.gateVersion = gateVersion
        self.verdict = verdict
        self.reasons = reasons
        self.problems = problems
        self.exitCode = exitCode
        self.shard = shard
        self.shards = nil
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.commit = commit
        self.toolchain = toolchain
        self.config = config
        self.fixture = fixture
        self.suites = suites
        self.frames = frames
        self.scan = scan
        self.logs = logs
        self.stages = stages
        self.signature = signature
        self.isolation = isolation
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, gateVersion, verdict, reasons, problems, exitCode, shard, shards, startedAt, finishedAt, commit, toolchain
        case config, fixture, suites, frames, scan, logs, stages, signature, isolation, plan
    }

    /// Reads a report; `problems` may be absent (reports written before problems were typed).
    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try values.decode(Int.self, forKey: .schemaVersion)
        gateVersion = try values.decode(String.self, forKey: .gateVersion)
        verdict = try values.decode(ReportVerdict.self, forKey: .verdict)
        reasons = try values.decode([String].self, forKey: .reasons)
        problems = try values.decodeIfPresent([ReportProblem].self, forKey: .problems) ?? []
        exitCode = try values.decodeIfPresent(Int.self, forKey: .exitCode)
        shard = try values.decodeIfPresent(String.self, forKey: .shard)
        shards = try values.decodeIfPresent([ReportShard].self, forKey: .shards)
        startedAt = try values.decodeIfPresent(String.self, forKey: .startedAt)
        finishedAt = try values.decodeIfPresent(String.self, forKey: .finishedAt)
        commit = try values.decodeIfPresent(CommitStamp.self, forKey: .commit)
        toolchain = try values.decodeIfPresent(ToolchainStamp.self, forKey: .toolchain)
        config = try values.decodeIfPresent(ReportConfig.self, forKey: .config)
        fixture = try values.decodeIfPresent(ReportFixture.self, forKey: .fixture)
        suites = try values.decode([ReportSuite].self, forKey: .suites)
        frames = try values.decodeIfPresent(ReportFrames.self, forKey: .frames)
        scan = try values.decodeIfPresent(ReportScan.self, forKey: .scan)
        logs = try values.decode([ReportLog].self, forKey: .logs)
        stages = try values.decode([ReportStage].self, forKey: .stages)
        signature = try values.decodeIfPresent(ReportSignature.self, forKey: .signature)
        isolation = try values.decodeIfPresent(ReportIsolation.self, forKey: .isolation)
        plan = try values.decodeIfPresent(ReportPlan.self, forKey: .plan)
    }
}
