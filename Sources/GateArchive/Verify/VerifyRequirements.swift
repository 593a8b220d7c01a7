//===----------------------------------------------------------------------===//
// VerifyRequirements.swift: what `verify --require-…` asks of a report besides its signature.
//===----------------------------------------------------------------------===//

/// What `verify` requires of a validly signed report besides its signature: `--require-accepted`,
/// `--require-no-warnings`, `--require-protected-pipeline`, `--require-isolation`, `--require-commit`, `--require-config`
/// (or `--require-config-file`) and `--require-shards`.
///
/// Read from the arguments once (by the command line), and judged by ``unmet(by:)`` alike for one
/// report (a sentence each on standard error), for every report in bulk (a note each on its line)
/// and by `sign` (``FolderSigning``: the commit and the isolation it requires), so none of them can
/// come to disagree about what passes.
package struct VerifyRequirements: Equatable, Sendable {
    /// Whether the signed verdict must be `accepted`.
    package var accepted: Bool
    /// The commit the report must be signed for, from a clean work tree, as given.
    package var commit: String?
    /// The SHA-256 of the configuration the run must have used, lowercase.
    package var config: String?
    /// The shards the report must be the merge of, exactly.
    package var shards: Set<String>?
    /// Whether the report must have no warnings.
    package var noWarnings = false
    /// Whether the signer must have recorded a pipeline the change did not define.
    package var protectedPipeline = false
    /// Whether the report must record suites separated from the gate.
    package var isolation = false

    /// Creates requirements; none by default.
    package init(
        accepted: Bool = false, commit: String? = nil, config: String? = nil, shards: Set<String>? = nil, isolation: Bool = false
    ) {
        self.accepted = accepted
        self.commit = commit
        self.config = config
        self.shards = shards
        self.isolation = isolation
    }

    /// Every requirement `report` does not meet, in the order of the options' help; empty when it
    /// meets them all. A dirty work tree counts against `--require-commit` only at the right commit.
    package func unmet(by report: VerifiedReport) -> [UnmetRequirement] {
        var unmet: [UnmetRequirement] = []
        if accepted, report.verdict != .accepted {
            unmet.append(.notAccepted(report.verdict))
        }
        if noWarnings, report.warnings > 0 {
            unmet.append(.warned(count: report.warnings))
        }
        if protectedPipeline, report.pipeline?.definedByChange != false {
            unmet.append(.pipelineNotProtected(report.pipeline))
        }
        if isolation, report.isolation?.isSeparated != true {
            unmet.append(.notIsolated(report.isolation))
        }
        if let commit {
            if report.commit.lowercased() != commit.lowercased() {
                unmet.append(.otherCommit(signed: report.commit, wanted: commit))
            } else if report.dirty {
                unmet.append(.dirtyTree(commit: report.commit))
            }
        }
        if let config, report.config?.lowercased() != config {
            unmet.append(.otherConfig(used: report.config, wanted: config))
        }
        if let shards, let problem = Self.shardMismatch(report, wanted: shards) {
            unmet.append(.otherShards(problem: problem, wanted: shards))
        }
        return unmet
    }

    /// Why `report` is not the merge `--require-shards` asks for, or `nil`: it must have been
    /// signed by `merge`, name exactly these shards, and have every shard's envelope among the
    /// signed statement's subjects.
    package static func shardMismatch(_ report: VerifiedReport, wanted: Set<String>) -> String? {
        let listed = wanted.sorted().joined(separator: ", ")
        guard let shards = report.shards else {
            return "the report is not a merged report, and --require-shards asks for the merge of \(listed)"
        }
        guard Set(shards) == wanted, shards.count == wanted.count else {
            return "the report merges \(shards.isEmpty ? "no shard" : shards.joined(separator: ", ")), not \(listed) (--require-shards)"
        }
        guard report.mergeSigned else {
            return "the report lists shards but was not signed by 'acceptance-gate merge' (--require-shards): a lone run's "
                + "report cannot stand for a matrix"
        }
        if let shard = report.shardsNotSigned.first {
            return "shard '\(shard)''s envelope is not among the signed statement's subjects (--require-shards)"
        }
        return nil
    }
}
