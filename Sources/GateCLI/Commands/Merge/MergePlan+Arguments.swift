//===----------------------------------------------------------------------===//
// MergePlan+Arguments.swift: the merge a `merge` command line asks for.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateArchive
import GateCore
import GatePublishing
import GateSigning

extension MergePlan {
    /// The merge `merge`'s arguments ask for, each option checked before any shard is read.
    ///
    /// - Throws: usage errors (exit 2) for a bad option value, a key that cannot be loaded, or an
    ///   `--out` that is a shard's folder; `--require-keyid` naming another key than `--pubkey`'s
    ///   is exit 3, the evidence is not what was pinned.
    init(_ arguments: ParsedArguments, environment: [String: String]) throws(CommandLineError) {
        let command = arguments.command
        let folders = arguments.values(of: MergeCommand.shards)
        let outDirectory = arguments.text(MergeCommand.out) ?? ""
        var expected = try Self.expectedShards(arguments.text(MergeCommand.expectShards), command: command)
        var shardPlan: (plan: ShardPlan, sha256: String)?
        if let file = arguments.text(MergeCommand.plan) {
            do throws(ShardPlanError) {
                shardPlan = try ShardPlan.read(file)
            } catch {
                throw CommandLineError(error)
            }
            // The plan names the matrix: a shard job that never uploaded is missing, not unnoticed.
            expected = expected ?? shardPlan.map { $0.plan.shards.map(\.name) }
        }
        let requiredCommit = try PinnedPolicy.commit(
            arguments.text(MergeCommand.requireCommit), example: "$GITHUB_SHA", command: command)
        let requiredConfig = try PinnedPolicy.configDigest(arguments, command: command)
        let requiredKeyID = try PinnedPolicy.keyID(arguments, command: command)
        let publicKey = try KeyOptions.publicKey(file: arguments.text(MergeCommand.pubkey) ?? "")
        let signingKey = try KeyOptions.signingKey(file: arguments.text(MergeCommand.key), environment: environment)
        try PinnedPolicy.requireKey(publicKey, keyID: requiredKeyID, status: .infrastructure)
        if let shardFolder = folders.first(where: { Self.sameFolder($0, outDirectory) }) {
            throw .invalidInput(
                "--out '\(outDirectory)' is the shard folder '\(shardFolder)'; the merge would replace its evidence, so "
                    + "choose a new folder")
        }
        self.init(
            shardFolders: folders, outDirectory: outDirectory, publicKey: publicKey, signingKey: signingKey, expectedShards: expected,
            requiredCommit: requiredCommit, requiredConfig: requiredConfig)
        self.shardPlan = shardPlan
    }

    /// The names of `--expect-shards`, each valid and once.
    private static func expectedShards(_ text: String?, command: CommandPath) throws(CommandLineError) -> [String]? {
        guard let text else { return nil }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var seen = Set<String>()
        for name in names where !ShardName.isValid(name) || !seen.insert(name).inserted {
            throw .invalidValue(
                option: MergeCommand.expectShards.spelling, value: text,
                allowed: "distinct shard names (\(ShardName.allowedText)), comma-separated", command: command)
        }
        return names
    }

    /// Whether `a` and `b` name the same existing folder.
    private static func sameFolder(_ a: String, _ b: String) -> Bool {
        // Byte for byte: two spellings String calls equal (é as one scalar or two) are two folders.
        guard let left = RealPath.of(a), let right = RealPath.of(b) else { return false }
        return left.utf8.elementsEqual(right.utf8)
    }
}
