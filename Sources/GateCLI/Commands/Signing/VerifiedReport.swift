//===----------------------------------------------------------------------===//
// VerifiedReport.swift: what `verify` reads of a report whose signature held.
//===----------------------------------------------------------------------===//

import Gate
import GateArchive
import GateReport

/// What `verify` reads of a report whose signature held: what its `--require-*` rules judge, and
/// what bulk `verify` prints on the report's line. Small, so bulk `verify` keeps one per report
/// rather than every report.
struct VerifiedReport: Equatable, Sendable {
    /// The signed verdict.
    var verdict: ReportVerdict
    /// The commit the statement was signed for, as signed.
    var commit: String
    /// Whether the work tree was dirty when the report was made.
    var dirty = false
    /// The SHA-256 of the configuration the run used, as the report records it; `nil` when it
    /// records none.
    var config: String?
    /// The names of the shards a merged report merges; `nil` for a report that is not a merge.
    var shards: [String]?
    /// The shard the report is, when its run had `--shard`.
    var shard: String?
    /// When the run finished (or, if it never did, started).
    var time: String?
    /// How many warnings the report has (``GateReport/warnings``).
    var warnings = 0
    /// Whether `acceptance-gate merge` signed it (its signature's method).
    var mergeSigned = false
    /// The shards whose envelope is not among the signed statement's subjects (by digest).
    var shardsNotSigned: [String] = []
    /// Where the signer recorded the folder came from; `nil` when it recorded nothing.
    var pipeline: ReportPipeline?
    /// How the run kept its suites from the gate; `nil` when the report records nothing.
    var isolation: ReportIsolation?
}

extension VerifiedReport {
    /// The facts of a verified archive.
    init(_ archive: ArchivedReport) {
        let report = archive.report
        self.init(
            verdict: report.verdict, commit: archive.verification.commit, dirty: report.commit?.dirty == true,
            config: report.config?.sha256, shards: report.shards?.map(\.name), shard: report.shard,
            time: report.finishedAt ?? report.startedAt, warnings: report.warnings.count,
            mergeSigned: report.signature?.method == ReportSignature.mergeMethod,
            shardsNotSigned: (report.shards ?? []).filter { shard in
                !archive.verification.statement.subjects.contains {
                    $0.name == "shards/\(shard.name)/report.dsse.json"
                        && $0.digest["sha256"]?.lowercased() == shard.envelopeSha256.lowercased()
                }
            }.map(\.name), pipeline: report.signature?.pipeline, isolation: report.isolation)
    }
}
