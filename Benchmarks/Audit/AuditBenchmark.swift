//===----------------------------------------------------------------------===//
// AuditBenchmark.swift: what re-deriving the verdict adds to `sign` and `verify` (#35).
//===----------------------------------------------------------------------===//

import Foundation
import GateArchive
import GateDigest
import GateReport
import GateSigning

/// `Benchmarks audit`: writes one out folder as a run leaves it (a report of many tests, its
/// configuration, a large suite log), then times, alternating in this process, what `verify` and
/// `sign` did with it before #35 (``EnvelopeVerifier/verifyFolder(_:reportSHA256:)``: the report
/// against its digest, the log hashed; then the report decoded) and the re-derivation they add
/// (``ReportAudit``), whose answer must be that the report follows from the folder.
struct AuditBenchmark {
    let options: AuditBenchmarkOptions

    func run() throws(BenchmarkFailure) {
        let folder = NSTemporaryDirectory() + "gate-audit-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reportDigest: String
        let logSize: Int
        do {
            (reportDigest, logSize) = try Self.writeFolder(folder, tests: options.tests, logBytes: options.logMebibytes << 20)
        } catch {
            throw BenchmarkFailure("cannot write the folder: \(error)")
        }
        Output.line("out folder: \(options.tests) tests, log \(Format.fixed(Double(logSize) / 1e6, 1)) MB")

        var before = Measurement(name: "verify/sign before #35 (digests checked, report decoded)", bytes: logSize)
        var audit = Measurement(name: "re-derivation added (ReportAudit)", bytes: logSize)
        var parse = Measurement(name: "  of which the log read and parsed (ArchivedLogParse)", bytes: logSize)
        for _ in 0..<options.repetitions {
            let checked = try Stopwatch.time { () throws(BenchmarkFailure) in
                do {
                    let bytes = try EnvelopeVerifier.verifyFolder(folder, reportSHA256: reportDigest).reportBytes
                    return try GateReport.decode(bytes, source: "report.json")
                } catch {
                    throw BenchmarkFailure("the folder did not verify: \(error)")
                }
            }
            before.samples.append(checked.seconds)
            let audited = try Stopwatch.time { () throws(BenchmarkFailure) in ReportAudit.disagreements(in: checked.result, folder: folder)
            }
            audit.samples.append(audited.seconds)
            let parsed = try Stopwatch.time { () throws(BenchmarkFailure) in
                do {
                    return try ArchivedLogParse.read(folder + "/logs/unit.log", within: folder, limit: ReportAudit.logLimit).results.count
                } catch {
                    throw BenchmarkFailure("the log did not read: \(error)")
                }
            }
            parse.samples.append(parsed.seconds)
            if let first = audited.result.first {
                throw BenchmarkFailure("the audit disagrees with an honest folder: \(first.description)")
            }
        }
        for measurement in [before, audit, parse] {
            let spread = measurement.samples.sorted().map { Format.fixed($0 * 1000, 0) }.joined(separator: "/")
            Output.line(
                "\(measurement.name): \(Format.fixed(measurement.median * 1000, 0)) ms   "
                    + "(median of \(measurement.samples.count); ms: \(spread))")
        }
        Output.line(
            "ratio: with the re-derivation, verifying the folder takes \(Format.fixed((before.median + audit.median) / before.median, 2))"
                + " × the time it took before")
    }

    /// Writes `report.json`, the configuration it carries and `logs/unit.log` into `folder`.
    ///
    /// - Returns: the report's SHA-256 and the log's size.
    static func writeFolder(_ folder: String, tests: Int, logBytes: Int) throws -> (String, Int) {
        try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        var log: [UInt8] = []
        log.reserveCapacity(logBytes + 4096)
        var names: [String] = []
        names.reserveCapacity(tests)
        // The tests' lines spread through the app's output, as a real suite prints them.
        let fillerPerTest = max(0, logBytes / tests - 140)
        let filler = Array("App: GET /api/items?page=1 200 in 12 ms\n".utf8)
        for index in 0..<tests {
            let name = "ModuleTests.Case\(index % 700).test\(index)"
            names.append(name)
            log += Array("Test Case '\(name)' started at 2026-12-04 10:00:00.000\n".utf8)
            var written = 0
            while written + filler.count <= fillerPerTest {
                log += filler
                written += filler.count
            }
            log += Array("Test Case '\(name)' passed (0.001 seconds)\n".utf8)
        }
        log += Array("\t Executed \(tests) tests, with 0 failures (0 unexpected) in 100.0 (100.0) seconds\n".utf8)
        try Data(log).write(to: URL(fileURLWithPath: folder + "/logs/unit.log"))

        let configuration = #"{ "suites": [ { "name": "unit", "kind": "xctest", "command": ["swift", "test"] } ] }"#
        var report = GateReport(
            gateVersion: "0.1.0", verdict: .accepted, startedAt: "2026-12-04T10:00:00.000Z", finishedAt: "2026-12-04T10:02:00.000Z",
            config: ReportConfig(
                path: "acceptance-gate.json", sha256: SHA256.hash(Array(configuration.utf8)).hex, json: configuration),
            suites: [
                ReportSuite(
                    name: "unit", kind: .xctest, command: ["swift", "test"], status: .passed, exit: ReportExit(code: 0, signal: nil),
                    durationSeconds: 100, log: "logs/unit.log",
                    tests: names.map { ReportTest(name: $0, status: .passed, durationSeconds: 0.001) })
            ],
            logs: [ReportLog(path: "logs/unit.log", size: log.count, sha256: SHA256.hash(log).hex)])
        report.settle([])
        let bytes = try report.jsonBytes()
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/report.json"))
        return (SHA256.hash(bytes).hex, log.count)
    }
}
