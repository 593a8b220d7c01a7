//===----------------------------------------------------------------------===//
// MergedShards.swift: the merged report before it is settled, and what its statement adds.
//===----------------------------------------------------------------------===//

import GateReport
import GateSigning

/// What ``ShardMerge/merge(_:expected:gateVersion:)`` builds: the merged report (not yet
/// settled), the problems that decide it, and the subjects its signed statement adds.
package struct MergedShards: Sendable {
    /// The merged report: `shards`, every suite as `<shard>/<suite>`, one stage per folder.
    package var report: GateReport
    /// Every problem: the merge's own (one per missing, unverified, duplicated … shard) and each
    /// merged shard's, named by shard.
    package var problems: [ReportProblem]
    /// One subject per merged shard: its envelope's SHA-256, named `shards/<name>/report.dsse.json`.
    package var shardSubjects: [ResourceDescriptor]
    /// The configuration's name as the shards' statements signed it.
    package var configurationName: String
}
