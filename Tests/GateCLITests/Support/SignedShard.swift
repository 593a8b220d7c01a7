//===----------------------------------------------------------------------===//
// SignedShard.swift: a signed out folder of one matrix shard, written as `run` would.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateReport
import GateSigning

/// Writes a signed out folder for one shard: `report.json` (with the shard's name, commit and
/// configuration digest), `logs/unit.log` listed with its SHA-256, and `report.dsse.json` over
/// an in-toto statement whose subjects are the commit and `report.json`, as `run` signs it.
enum SignedShard {
    static let commit = String(repeating: "a1", count: 20)
    /// The configuration the shards ran with: its one suite is the report's, as `sign` and `verify` require.
    static let configuration = #"{"suites": [{"name": "unit", "kind": "xctest", "command": ["swift", "test"], "expectTests": ["T.a"]}]}"#

    static func write(
        _ folder: String, shard: String?, key: SigningKey, failing: Bool = false, problems extra: [ReportProblem] = [],
        commit: String = SignedShard.commit,
        configuration: String = SignedShard.configuration, finishedAt: String = "2026-12-01T15:00:00.000Z",
        pipeline: ReportPipeline? = nil
    ) throws {
        try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        // The log says what the report says: `sign` and `verify` parse it again.
        let log = Array("Test Case 'T.a' \(failing ? "failed" : "passed") (0.001 seconds)\n".utf8)
        try Data(log).write(to: URL(fileURLWithPath: folder + "/logs/unit.log"))
        let json = """
            {"schemaVersion": 1, "gateVersion": "0", "verdict": "accepted", "reasons": [], "suites": [], "logs": [], "stages": [],
             "commit": {"id": "\(commit)", "detached": false, "dirty": false, "changedPaths": [], "shallow": false}}
            """
        var report = try GateReport.decode(Array(json.utf8), source: "test")
        report.shard = shard
        report.finishedAt = finishedAt
        report.config = ReportConfig(path: "acceptance-gate.json", sha256: SHA256.hash(Array(configuration.utf8)).hex, json: configuration)
        report.suites = [
            ReportSuite(
                name: "unit", kind: .xctest, status: failing ? .failed : .passed, durationSeconds: 0.1, log: "logs/unit.log",
                tests: [ReportTest(name: "T.a", status: failing ? .failed : .passed, durationSeconds: 0.001)])
        ]
        report.logs = [ReportLog(path: "logs/unit.log", size: log.count, sha256: SHA256.hash(log).hex)]
        if let pipeline {
            // What `sign --repo` records: the signed shard says where it came from.
            report.signature = ReportSignature(
                signed: true, keyid: key.publicKey.keyID, envelope: "report.dsse.json", method: ReportSignature.signMethod,
                pipeline: pipeline)
        }
        report.settle(
            (failing ? [ReportProblem(.testFailed, subject: .test("T.a", suite: "unit"), "suite 'unit': 1 test(s) failed: T.a")] : [])
                + extra)
        let bytes = try report.jsonBytes()
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/report.json"))
        let statement = InTotoStatement(
            subjects: [.gitCommit(name: "commit", id: commit), .sha256(name: "report.json", hex: SHA256.hash(bytes).hex)],
            result: failing ? .failed : .passed, passedTests: failing ? [] : ["unit/T.a"], failedTests: failing ? ["unit/T.a"] : [],
            configuration: [.sha256(name: "acceptance-gate.json", hex: SHA256.hash(Array(configuration.utf8)).hex)])
        let envelope = DSSEEnvelope.sign(payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
        try Data(envelope.jsonBytes).write(to: URL(fileURLWithPath: folder + "/report.dsse.json"))
    }
}
