//===----------------------------------------------------------------------===//
// MatrixHarness.swift: real signed shard runs of one scratch repository, and their merge.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateArchive
import GatePublishing
import GateReport
import GateSigning
import GateTestSupport

/// Shards of a CI matrix run in-process for real (``PipelineHarness``: a scratch git repository,
/// real suites, real signing), each into `shards/<name>`, then merged with ``ShardMergeRun``.
final class MatrixHarness {
    let pipeline: PipelineHarness
    let key: SigningKey
    let keyPaths: (privateKeyPath: String, publicKeyPath: String)
    var merged: String { pipeline.root + "/merged" }

    init() throws {
        pipeline = try PipelineHarness()
        key = try SigningKey.generate()
        keyPaths = try key.writePEMFiles(prefix: pipeline.root + "/matrix-key")
    }

    /// The configuration file every shard records: its one xctest suite `unit`, as the shards run it.
    static let configuration = #"{"suites": [{"name": "unit", "kind": "xctest", "command": ["sh", "-c", "swift test"]}]}"#

    /// The folder shard `name` is written to.
    func folder(_ name: String) -> String { pipeline.root + "/shards/" + name }

    /// Runs shard `name` (out folder ``folder(_:)`` unless `out` is given) with one xctest suite
    /// `unit` that passes `passing` and fails `failing`; signed by `signer` (the harness key by default).
    @discardableResult
    func shard(
        _ name: String?, passing: [String] = ["A.testOne"], failing: [String] = [], configBytes: [UInt8]? = nil,
        signer: String? = nil, out: String? = nil
    ) throws -> RunOutcome {
        let failed = failing.map {
            "echo \"Test Case '\($0)' started at x\"; echo \"/r/T.swift:1: error: \($0) : failed\"; "
                + "echo \"Test Case '\($0)' failed (0.001 seconds)\""
        }
        let script =
            (passing.map {
                "echo \"Test Case '\($0)' started at 2026-11-29 20:00:00.000\"; echo \"Test Case '\($0)' passed (0.001 seconds)\""
            } + failed).joined(separator: "; ") + "; " + PipelineHarness.summary(passing.count + failing.count, failures: failing.count)
        var plan = pipeline.plan(
            suites: [PipelineHarness.xctest("unit", script)], keyFile: signer ?? keyPaths.privateKeyPath,
            out: out ?? folder(name ?? "unnamed"))
        plan.shard = name
        // Every shard runs one configuration file, whatever its share of the tests.
        plan.loaded.bytes = configBytes ?? Array(Self.configuration.utf8)
        return try pipeline.run(plan)
    }

    /// Merges `folders` (shard names, or paths when they hold a `/`) into ``merged``, signed by the harness key.
    func merge(_ folders: [String], expect: [String]? = nil, sign: Bool = true, requireCommit: String? = nil) throws -> RunOutcome {
        let plan = MergePlan(
            shardFolders: folders.map { $0.contains("/") ? $0 : folder($0) }, outDirectory: merged, publicKey: key.publicKey,
            signingKey: sign ? key : nil, expectedShards: expect, requiredCommit: requireCommit)
        return try ShardMergeRun(plan: plan, gateVersion: "0.0.0-test").execute()
    }

    /// A new empty commit in the scratch repository.
    func commitAgain() throws {
        try pipeline.scratch.git(["commit", "-q", "--allow-empty", "-m", "two"], in: "repo")
    }
}
