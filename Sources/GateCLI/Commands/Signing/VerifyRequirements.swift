//===----------------------------------------------------------------------===//
// VerifyRequirements.swift: what `verify --require-…` asks of a report besides its signature.
//===----------------------------------------------------------------------===//

import Foundation
import GateArchive

/// What `verify` requires of a validly signed report besides its signature: `--require-accepted`,
/// `--require-no-warnings`, `--require-protected-pipeline`, `--require-isolation`, `--require-commit`, `--require-config`
/// (or `--require-config-file`) and `--require-shards`.
///
/// Read from the arguments once, and judged by ``unmet(by:)`` alike for one report (a sentence
/// each on standard error) and for every report in bulk (a note each on its line), so the two
/// forms cannot come to disagree about what passes.
struct VerifyRequirements: Equatable, Sendable {
    /// `--require-accepted`.
    static let requireAccepted = OptionSpec.flag(
        "require-accepted", help: "Exit 1 unless the signed verdict is 'accepted' (a validly signed rejection is still a no).")

    /// `--require-commit SHA`.
    static let requireCommit = PinnedPolicy.requireCommit(
        help: "Exit 1 unless the signed commit is this one, from a clean work tree (the full id: 40 hex digits, or 64).")

    /// `--require-shards A,B,...`.
    static let requireShards = OptionSpec.value(
        "require-shards", kind: .text, valueName: "names",
        help: "Exit 1 unless the report is the merge of exactly these shards (a lone shard's report is refused).")

    /// `--require-no-warnings`.
    static let requireNoWarnings = OptionSpec.flag(
        "require-no-warnings",
        help: "Exit 1 when the run was accepted with warnings: a flaky test, a quarantined failure, or a quarantine entry that "
            + "matched no test.")

    /// `--require-protected-pipeline`.
    static let requireProtectedPipeline = OptionSpec.flag(
        "require-protected-pipeline",
        help: "Exit 1 unless the signer recorded where the folder came from (sign --repo --base --head) and the change edits "
            + "none of its pipeline files (workflows, the action, acceptance-gate.json): a pipeline the change defined proves nothing.")

    /// `--require-isolation`.
    static let requireIsolation = OptionSpec.flag(
        "require-isolation",
        help: "Exit 1 unless the report records that its suites ran apart from the gate (an isolation record other than "
            + "'none': another user, and on Linux their own namespaces): unseparated, the code under test could rewrite the verdict.")

    /// The options, in the order help lists them.
    static let options = [
        requireAccepted, requireNoWarnings, requireProtectedPipeline, requireIsolation, requireCommit, requireShards,
        PinnedPolicy.requireConfig,
        PinnedPolicy.requireConfigFile,
        PinnedPolicy.requireKeyID,
    ]

    /// Whether the signed verdict must be `accepted`.
    var accepted: Bool
    /// The commit the report must be signed for, from a clean work tree, as given.
    var commit: String?
    /// The SHA-256 of the configuration the run must have used, lowercase.
    var config: String?
    /// The shards the report must be the merge of, exactly.
    var shards: Set<String>?
    /// Whether the report must have no warnings.
    var noWarnings = false
    /// Whether the signer must have recorded a pipeline the change did not define.
    var protectedPipeline = false
    /// Whether the report must record suites separated from the gate.
    var isolation = false

    /// Creates requirements; none by default.
    init(accepted: Bool = false, commit: String? = nil, config: String? = nil, shards: Set<String>? = nil) {
        self.accepted = accepted
        self.commit = commit
        self.config = config
        self.shards = shards
    }

    /// Reads the options.
    ///
    /// - Throws: ``CommandLineError/invalidValue(option:value:allowed:command:)`` for a pinned
    ///   configuration that cannot be read (``PinnedPolicy/configDigest(_:command:)``), an empty
    ///   shard name, or a commit that is not a full id; in that order.
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let config = try PinnedPolicy.configDigest(arguments, command: arguments.command)
        let shards = arguments.text(Self.requireShards).map(Self.shardSet)
        if let shards, shards.isEmpty || shards.contains("") {
            throw .invalidValue(
                option: Self.requireShards.spelling, value: arguments.text(Self.requireShards) ?? "",
                allowed: "comma-separated shard names, as merge's --expect-shards", command: arguments.command)
        }
        let commit = try PinnedPolicy.commit(
            arguments.text(Self.requireCommit), example: "$(git rev-parse HEAD)", command: arguments.command)
        self.init(accepted: arguments.flag(Self.requireAccepted), commit: commit, config: config, shards: shards)
        noWarnings = arguments.flag(Self.requireNoWarnings)
        protectedPipeline = arguments.flag(Self.requireProtectedPipeline)
        isolation = arguments.flag(Self.requireIsolation)
    }

    /// Every requirement `report` does not meet, in the order of the options' help; empty when it
    /// meets them all. A dirty work tree counts against `--require-commit` only at the right commit.
    func unmet(by report: VerifiedReport) -> [UnmetRequirement] {
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

    /// The names in `--require-shards`, trimmed.
    static func shardSet(_ text: String) -> Set<String> {
        Set(text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// Why `report` is not the merge `--require-shards` asks for, or `nil`: it must have been
    /// signed by `merge`, name exactly these shards, and have every shard's envelope among the
    /// signed statement's subjects.
    static func shardMismatch(_ report: VerifiedReport, wanted: Set<String>) -> String? {
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
