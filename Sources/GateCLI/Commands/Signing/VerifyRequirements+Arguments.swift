//===----------------------------------------------------------------------===//
// VerifyRequirements+Arguments.swift: `verify --require-…` read from the command line.
//===----------------------------------------------------------------------===//

import Foundation
import GateArchive

extension VerifyRequirements {
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

    /// The names in `--require-shards`, trimmed.
    static func shardSet(_ text: String) -> Set<String> {
        Set(text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) })
    }
}
