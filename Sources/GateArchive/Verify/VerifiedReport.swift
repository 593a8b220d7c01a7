//===----------------------------------------------------------------------===//
// VerifiedReport.swift: what `verify` reads of a report whose signature held.
//===----------------------------------------------------------------------===//

import GateReport

/// What `verify` reads of a report whose signature held (and `sign` of a report it is about to
/// sign): what the `--require-*` rules (``VerifyRequirements``) judge, and what bulk `verify`
/// prints on the report's line. Small, so bulk `verify` keeps one per report rather than every
/// report.
package struct VerifiedReport: Equatable, Sendable {
    /// The signed verdict.
    package var verdict: ReportVerdict
    /// The commit the statement was signed for, as signed.
    package var commit: String
    /// Whether the work tree was dirty when the report was made.
    package var dirty: Bool
    /// The SHA-256 of the configuration the run used, as the report records it; `nil` when it
    /// records none.
    package var config: String?
    /// The names of the shards a merged report merges; `nil` for a report that is not a merge.
    package var shards: [String]?
    /// The shard the report is, when its run had `--shard`.
    package var shard: String?
    /// When the run finished (or, if it never did, started).
    package var time: String?
    /// How many warnings the report has (``GateReport/warnings``).
    package var warnings: Int
    /// Whether `acceptance-gate merge` signed it (its signature's method).
    package var mergeSigned: Bool
    /// The shards whose envelope is not among the signed statement's subjects (by digest).
    package var shardsNotSigned: [String]
    /// Where the signer recorded the folder came from; `nil` when it recorded nothing.
    package var pipeline: ReportPipeline?
    /// How the run kept its suites from the gate; `nil` when the report records nothing.
    package var isolation: ReportIsolation?

    /// The facts as given; what is not given is absent (no warnings, not a merge, nothing recorded).
    package init(
        verdict: ReportVerdict, commit: String, dirty: Bool = false, config: String? = nil, shards: [String]? = nil,
        shard: String? = nil, time: String? = nil, warnings: Int = 0, mergeSigned: Bool = false, shardsNotSigned: [String] = [],
        pipeline: ReportPipeline? = nil, isolation: ReportIsolation? = nil
    ) {
        self.verdict = verdict
        self.commit = commit
        self.dirty = dirty
        self.config = config
        self.shards = shards
        self.shard = shard
        self.time = time
        self.warnings = warnings
        self.mergeSigned = mergeSigned
        self.shardsNotSigned = shardsNotSigned
        self.pipeline = pipeline
        self.isolation = isolation
    }
}

extension VerifiedReport {
    /// The facts of `report`, for `commit` (the signed statement's, or the report's own before it
    /// is signed); no shard's envelope is among signed subjects until ``init(_:)`` says which are.
    package init(_ report: GateReport, commit: String) {
        self.init(
            verdict: report.verdict, commit: commit, dirty: report.commit?.dirty == true, config: report.config?.sha256,
            shards: report.shards?.map(\.name), shard: report.shard, time: report.finishedAt ?? report.startedAt,
            warnings: report.warnings.count, mergeSigned: report.signature?.method == ReportSignature.mergeMethod,
            shardsNotSigned: report.shards?.map(\.name) ?? [], pipeline: report.signature?.pipeline, isolation: report.isolation)
    }

    /// The facts of a verified archive.
    package init(_ archive: ArchivedReport) {
        let report = archive.report
        self.init(report, commit: archive.verification.commit)
        shardsNotSigned = (report.shards ?? []).filter { shard in
            !archive.verification.statement.subjects.contains {
                $0.name == "shards/\(shard.name)/report.dsse.json"
                    && $0.digest["sha256"]?.lowercased() == shard.envelopeSha256.lowercased()
            }
        }.map(\.name)
    }
}
