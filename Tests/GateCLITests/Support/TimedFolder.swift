//===----------------------------------------------------------------------===//
// TimedFolder.swift: a signed out folder whose tests took given durations, written as `run` would.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateReport
import GateSigning

/// Writes a signed out folder as ``SignedShard`` does, with one xctest suite `unit` whose tests
/// passed in the given seconds: the log says so line by line (`verify` parses it again), and the
/// statement names each test, so `plan` reads timings that verify.
enum TimedFolder {
    /// The configuration the runs used: one suite, no expected tests, so any list of tests is the whole run.
    static let configuration = #"{"suites": [{"name": "unit", "kind": "xctest", "command": ["swift", "test"]}]}"#

    static func write(_ folder: String, tests: [(String, Double)], key: SigningKey) throws {
        try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        let text = tests.map { "Test Case '\($0.0)' passed (\(String(format: "%.3f", $0.1)) seconds)\n" }.joined()
        let log = Array(text.utf8)
        try Data(log).write(to: URL(fileURLWithPath: folder + "/logs/unit.log"))
        let json = """
            {"schemaVersion": 1, "gateVersion": "0", "verdict": "accepted", "reasons": [], "suites": [], "logs": [], "stages": [],
             "commit": {"id": "\(SignedShard.commit)", "detached": false, "dirty": false, "changedPaths": [], "shallow": false}}
            """
        var report = try GateReport.decode(Array(json.utf8), source: "test")
        report.finishedAt = "2026-12-01T15:00:00.000Z"
        let digest = SHA256.hash(Array(configuration.utf8)).hex
        report.config = ReportConfig(path: "acceptance-gate.json", sha256: digest, json: configuration)
        report.suites = [
            ReportSuite(
                name: "unit", kind: .xctest, status: .passed, durationSeconds: tests.reduce(0) { $0 + $1.1 }, log: "logs/unit.log",
                tests: tests.map { ReportTest(name: $0.0, status: .passed, durationSeconds: $0.1) })
        ]
        report.logs = [ReportLog(path: "logs/unit.log", size: log.count, sha256: SHA256.hash(log).hex)]
        report.settle([])
        let bytes = try report.jsonBytes()
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/report.json"))
        let statement = InTotoStatement(
            subjects: [.gitCommit(name: "commit", id: SignedShard.commit), .sha256(name: "report.json", hex: SHA256.hash(bytes).hex)],
            result: .passed, passedTests: tests.map { "unit/\($0.0)" }, failedTests: [],
            configuration: [.sha256(name: "acceptance-gate.json", hex: digest)])
        let envelope = DSSEEnvelope.sign(payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
        try Data(envelope.jsonBytes).write(to: URL(fileURLWithPath: folder + "/report.dsse.json"))
    }
}
