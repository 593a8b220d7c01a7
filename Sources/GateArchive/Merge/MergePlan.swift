//===----------------------------------------------------------------------===//
// MergePlan.swift: everything one `acceptance-gate merge` does, resolved from its flags.
//===----------------------------------------------------------------------===//

import GateReport
import GateSigning

/// Everything one merge does. Plain values, so a test can build one without a command line.
package struct MergePlan: Sendable {
    /// The shard out folders, in the order given.
    package var shardFolders: [String]
    /// Where the merged report goes (a normal out folder).
    package var outDirectory: String
    /// The key every shard must be signed by.
    package var publicKey: PublicKey
    /// The key that signs the merged report; `nil` writes it unsigned.
    package var signingKey: SigningKey?
    /// `--expect-shards`: the whole matrix; `nil` takes the shards given as the whole matrix.
    package var expectedShards: [String]?
    /// The formats besides `report.json`.
    package var formats: [ReportFormat]
    /// `--require-commit`: the commit under test, which every shard must be for (a matrix of
    /// accepted shards from another commit is a replay, not evidence).
    package var requiredCommit: String?
    /// `--require-config`: the SHA-256 of the configuration every shard must have run (lowercase
    /// hex), so a change cannot quietly rewrite the policy it is judged by.
    package var requiredConfig: String?
    /// `merge --plan`: the shard plan every shard must have run, with its file's SHA-256; each
    /// planned test must have run exactly once across the shards (``PlanMergeCheck``).
    package var shardPlan: (plan: ShardPlan, sha256: String)?

    /// Creates a plan; every format is rendered by default.
    package init(
        shardFolders: [String], outDirectory: String, publicKey: PublicKey, signingKey: SigningKey?, expectedShards: [String]? = nil,
        formats: [ReportFormat] = [.junit, .markdown, .html], requiredCommit: String? = nil, requiredConfig: String? = nil
    ) {
        self.requiredCommit = requiredCommit
        self.requiredConfig = requiredConfig
        self.shardFolders = shardFolders
        self.outDirectory = outDirectory
        self.publicKey = publicKey
        self.signingKey = signingKey
        self.expectedShards = expectedShards
        self.formats = formats
    }
}
