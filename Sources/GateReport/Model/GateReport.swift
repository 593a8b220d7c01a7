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
    /// Why, as sentences; empty for an accepted run with nothing to say.
    package var reasons: [String]
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

    /// The schema version this gate writes.
    package static let currentSchemaVersion = 1

    /// Creates a report; every part the pipeline may not reach defaults to absent or empty.
    package init(
        schemaVersion: Int = GateReport.currentSchemaVersion, gateVersion: String, verdict: ReportVerdict,
        reasons: [String] = [], startedAt: String? = nil, finishedAt: String? = nil, commit: CommitStamp? = nil,
        toolchain: ToolchainStamp? = nil, config: ReportConfig? = nil, fixture: ReportFixture? = nil,
        suites: [ReportSuite] = [], frames: ReportFrames? = nil, scan: ReportScan? = nil, logs: [ReportLog] = [],
        stages: [ReportStage] = [], signature: ReportSignature? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.gateVersion = gateVersion
        self.verdict = verdict
        self.reasons = reasons
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
    }
}
