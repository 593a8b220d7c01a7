//===----------------------------------------------------------------------===//
// VerifyBenchmark.swift: bulk `verify` of many archived reports against verifying one.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateSigning

/// Measures bulk `acceptance-gate verify DIR` (issue #17): one real signed out folder is made by
/// `acceptance-gate run --shard` on a scratch repository, then copied N times; each copy's
/// `report.json` gets its own shard name and the copy is signed again with the same key (a new
/// statement over the new digest, through the library the gate signs with), so no two envelopes or
/// reports are the same bytes. Timed, each as the median of several runs of the release binary:
/// `verify` over the N folders, over a folder holding 1, and over the one envelope (the old
/// single-report mode); `--version` is the process-start baseline. What it measures: the whole
/// command, reading warm files (the page cache holds them after the first run), verifying every
/// signature, hashing every report.json and log, and decoding every report; not cold disk reads.
struct VerifyBenchmark {
    let options: VerifyBenchmarkOptions

    func run() throws(BenchmarkFailure) {
        let root = NSTemporaryDirectory() + "verify-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let repository = root + "/repo"
        try prepare(root: root, repository: repository)
        let original = root + "/original"
        let run = [
            options.binary, "run", "--repo", repository, "--config", repository + "/acceptance-gate.json", "--out", original,
            "--key", root + "/gate.key", "--shard", "bench", "--quiet",
        ]
        guard try Self.spawn(run) == 0 else { throw BenchmarkFailure("'\(run.joined(separator: " "))' did not accept") }
        let many = root + "/many"
        let one = root + "/one"
        let started = Stopwatch()
        try copies(of: original, into: many, count: options.reports, root: root)
        try copies(of: original, into: one, count: 1, root: root)
        let generated = started.elapsed
        let logBytes = (try? FileManager.default.attributesOfItem(atPath: original + "/logs/unit.log")[.size] as? Int) ?? 0

        let publicKey = root + "/gate.pub"
        let oneEnvelope = one + "/r00000/report.dsse.json"
        let commands: [(name: String, arguments: [String])] = [
            ("--version (process start)", [options.binary, "--version"]),
            ("verify ENVELOPE (1 report)", [options.binary, "verify", oneEnvelope, "--pubkey", publicKey]),
            ("verify DIR (1 report)", [options.binary, "verify", one, "--pubkey", publicKey]),
            ("verify DIR (\(options.reports) reports)", [options.binary, "verify", many, "--pubkey", publicKey]),
        ]
        var medians: [Double] = []
        var cpu: [Double] = []
        var rss: [Int] = []
        for command in commands {
            _ = try Self.spawn(command.arguments)  // warm the page cache and the binary
            var times: [Double] = []
            var cpus: [Double] = []
            var peak = 0
            for _ in 0..<options.runs {
                let timed = try Stopwatch.time { () throws(BenchmarkFailure) in try ScratchRepository.run(command.arguments) }
                guard timed.result.exitCode == 0 else {
                    throw BenchmarkFailure("'\(command.arguments.joined(separator: " "))' \(timed.result.statusDescription)")
                }
                times.append(timed.seconds)
                cpus.append(timed.result.cpuSeconds)
                peak = max(peak, timed.result.maximumRSSKiB)
            }
            medians.append(times.median)
            cpu.append(cpus.median)
            rss.append(peak)
        }
        Output.line(
            "verify: \(options.reports) archived reports (each a real run's folder: report.json, report.dsse.json, "
                + "logs/unit.log of \(logBytes) bytes; own digest and signature), generated in \(Format.fixed(generated, 1)) s; "
                + "median of \(options.runs) runs; wall, CPU (user+sys, all threads), peak RSS")
        for (index, command) in commands.enumerated() {
            let name = command.name.padding(toLength: 34, withPad: " ", startingAt: 0)
            Output.line(
                "  \(name) \(Format.fixed(medians[index] * 1000, 1)) ms wall  \(Format.fixed(cpu[index] * 1000, 1)) ms CPU  "
                    + Format.mebibytes(kibibytes: rss[index]))
        }
        guard medians.count == 4, cpu.count == 4 else { return }
        let (start, single, bulkOne, bulkMany) = (medians[0], medians[1], medians[2], medians[3])
        let reports = Double(options.reports - 1)
        Output.line(
            "per report in bulk ((DIR of \(options.reports) - DIR of 1) / \(options.reports - 1)): "
                + "\(Format.fixed((bulkMany - bulkOne) / reports * 1000, 3)) ms wall, \(Format.fixed((cpu[3] - cpu[2]) / reports * 1000, 3)) ms CPU"
        )
        Output.line(
            "ratio DIR of \(options.reports) / DIR of 1: \(Format.fixed(bulkMany / max(bulkOne, 1e-9), 1))x; "
                + "\(options.reports) single-report commands would take about \(Format.fixed(single * Double(options.reports), 1)) s "
                + "(\(Format.fixed(single * Double(options.reports) / max(bulkMany, 1e-9), 1))x the bulk command)")
        Output.line("one report, above process start: \(Format.fixed((single - start) * 1000, 1)) ms wall")
    }

    /// `count` copies of the out folder `source` in `folder/rNNNNN`, each with its own shard name
    /// in `report.json` and signed again.
    private func copies(of source: String, into folder: String, count: Int, root: String) throws(BenchmarkFailure) {
        do {
            let key = try SigningKey.load(pemFile: root + "/gate.key")
            let report = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source + "/report.json")))
            let log = try Data(contentsOf: URL(fileURLWithPath: source + "/logs/unit.log"))
            let envelope = try DSSEEnvelope(jsonBytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: source + "/report.dsse.json"))))
            let statement = try InTotoStatement(jsonBytes: envelope.payload)
            let marker = Array(#""shard" : "bench""#.utf8)
            guard let at = Self.range(of: marker, in: report) else { throw BenchmarkFailure("no shard name in \(source)/report.json") }
            for index in 0..<count {
                let name = String(format: "r%05d", index)
                let copy = folder + "/" + name
                try FileManager.default.createDirectory(atPath: copy + "/logs", withIntermediateDirectories: true)
                try log.write(to: URL(fileURLWithPath: copy + "/logs/unit.log"))
                var bytes = report
                bytes.replaceSubrange(at, with: Array(#""shard" : "bench-\#(name)""#.utf8))
                try Data(bytes).write(to: URL(fileURLWithPath: copy + "/report.json"))
                var signed = statement
                signed.subjects = signed.subjects.map { subject in
                    guard subject.name == "report.json" else { return subject }
                    return ResourceDescriptor(
                        name: "report.json", digest: ["sha256": SHA256.hash(bytes).hex], annotations: ["shard": "bench-\(name)"])
                }
                let resigned = DSSEEnvelope.sign(payload: signed.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
                try Data(resigned.jsonBytes).write(to: URL(fileURLWithPath: copy + "/report.dsse.json"))
            }
        } catch let error as BenchmarkFailure {
            throw error
        } catch {
            throw BenchmarkFailure("cannot write the copies in \(folder): \(error)")
        }
    }

    /// Where `needle` first occurs in `haystack`.
    private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }

    /// The scratch repository and key, with the configuration this benchmark runs.
    private func prepare(root: String, repository: String) throws(BenchmarkFailure) {
        let config = """
            {
              "suites": [ { "name": "unit", "kind": "xctest", "command": ["sh", "-c",
                "i=0; while [ $i -lt 1000 ]; do echo \\"Test Case 'BenchTests.test$i' started at 2026-12-01 15:00:00.000\\"; echo \\"Test Case 'BenchTests.test$i' passed (0.001 seconds)\\"; i=$((i+1)); done; echo '\\t Executed 1000 tests, with 0 failures (0 unexpected) in 1.0 (1.0) seconds'"] } ]
            }
            """
        try ScratchRepository.prepare(root: root, repository: repository, config: config, binary: options.binary)
    }

    /// Runs `arguments` with stdout to /dev/null and returns its exit status.
    private static func spawn(_ arguments: [String]) throws(BenchmarkFailure) -> Int32 {
        try ScratchRepository.run(arguments, deadline: 600).shellStatus
    }

}
