//===----------------------------------------------------------------------===//
// SplitCatBenchmark.swift: `Benchmarks split-cat`: `frames split` against `cat` on the same file.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue #39's measurement: `frames split --summary` reading a page-cached file of frames against
/// `cat` reading the same file, in one run, as a ratio of their median times.
///
/// Both are spawned the same way (``RedirectedChild``): stdin is the file, stdout is /dev/null, so
/// neither pays for a pipe and `cat` has nothing to write (GNU cat 9.1 reads and writes 128 KiB at a
/// time; writing to /dev/null costs nothing). The runs are interleaved, after an untimed warm-up
/// round. Each child's time includes its start-up, which for the Swift binary (about 60 shared
/// libraries to load and relocate) is far larger than cat's; each is also timed on empty input
/// and the ratio is printed a second time with that start-up taken off both sides.
struct SplitCatBenchmark {
    let options: SplitCatOptions

    /// Issue #39: split at no less than this fraction of cat's speed, start-up included.
    static let goalRatio = 0.8

    /// The files compared, in order; the first is the issue's.
    static let files: [(mix: FrameMix, name: String)] = [
        (.sizes, "six sizes (0, 3, 64, 1,500 B, 64 KiB, 1 MiB)"), (.mixed, "codec mix"), (.largest, "1 MiB frames only"),
        (.small, "0–256 B frames only (per-frame cost)"),
    ]

    func run() throws(BenchmarkFailure) {
        let binary = options.binary
        guard access(binary, X_OK) == 0 else { throw BenchmarkFailure("\(binary) is not an executable file") }
        let directory = "/tmp/splitcat-\(getpid())"
        guard mkdir(directory, 0o700) == 0 else { throw BenchmarkFailure("mkdir \(directory): \(String(cString: strerror(errno)))") }
        defer { rmdir(directory) }
        let summaryPath = directory + "/summary.txt"
        defer { unlink(summaryPath) }
        let split = [binary, "frames", "split", "--summary"]

        let version = try Self.checked([binary, "--version"], input: "/dev/null", output: "/dev/null")
        Output.line(
            "peak RSS --version: \(Format.mebibytes(kibibytes: version.maximumRSSKiB)) (baseline); this process's "
                + "peak: \(Format.mebibytes(kibibytes: SpawnedChild.ownPeakRSSKiB())) (the floor under every child's ru_maxrss)")

        var firstRatio: Double?
        for (index, entry) in Self.files.enumerated() {
            let path = directory + "/\(entry.mix.rawValue).frames"
            defer { unlink(path) }
            let watch = Stopwatch()
            let file = try FrameFile.create(
                at: path, mix: entry.mix, atLeast: Int(options.gibibytes * Double(1 << 30)), seed: 0x3939 + UInt64(index))
            Output.line(
                "\(entry.name): \(Format.fixed(Double(file.bytes) / Double(1 << 30), 2)) GiB, \(file.totals.frames) frames, "
                    + "written in \(Format.fixed(watch.elapsed, 2)) s")
            // The check run also warms the page cache.
            let check = try Self.checked(split, input: path, output: summaryPath)
            let summary = try Self.contents(of: summaryPath)
            guard summary == file.expectedSummary else {
                throw BenchmarkFailure(
                    "\(split.joined(separator: " ")) < \(path): printed \(String(reflecting: summary)), "
                        + "expected \(String(reflecting: file.expectedSummary))")
            }

            var cat = Measurement(name: "cat < FILE > /dev/null", bytes: file.bytes)
            var splitting = Measurement(name: "frames split --summary < FILE > /dev/null", bytes: file.bytes)
            var catStart: [Double] = []
            var splitStart: [Double] = []
            var peakRSS = check.maximumRSSKiB
            for round in 0...options.repetitions {
                let catRun = try Self.checked(["/bin/cat"], input: path, output: "/dev/null")
                let splitRun = try Self.checked(split, input: path, output: "/dev/null")
                let catEmpty = try Self.checked(["/bin/cat"], input: "/dev/null", output: "/dev/null")
                let splitEmpty = try Self.checked(split, input: "/dev/null", output: "/dev/null")
                peakRSS = max(peakRSS, splitRun.maximumRSSKiB)
                guard round > 0 else { continue }
                cat.samples.append(catRun.seconds)
                splitting.samples.append(splitRun.seconds)
                catStart.append(catEmpty.seconds)
                splitStart.append(splitEmpty.seconds)
            }
            let ratio = cat.median / splitting.median
            let work = (cat.median - catStart.median) / (splitting.median - splitStart.median)
            if firstRatio == nil { firstRatio = ratio }
            Output.line("  " + Self.line(cat))
            Output.line("  " + Self.line(splitting))
            Output.line(
                "  start-up on empty input: split \(Format.fixed(splitStart.median * 1000, 1)) ms, "
                    + "cat \(Format.fixed(catStart.median * 1000, 1)) ms")
            Output.line(
                "split/cat \(entry.mix.rawValue): \(Format.fixed(ratio, 2)) "
                    + "(start-up taken off both: \(Format.fixed(work, 2))); peak RSS \(Format.mebibytes(kibibytes: peakRSS))")
        }
        if let firstRatio {
            let met = firstRatio >= Self.goalRatio
            Output.line("goal split/cat ≥ \(Format.fixed(Self.goalRatio, 2)) on the six-size file: \(met ? "met" : "NOT met")")
        }
        try compareHex(directory: directory)
    }

    /// `frames split` (hex output) against `xxd -p` on the same file, both to /dev/null.
    private func compareHex(directory: String) throws(BenchmarkFailure) {
        guard options.hexMebibytes > 0 else { return }
        let xxd = "/usr/bin/xxd"
        guard access(xxd, X_OK) == 0 else {
            Output.line("hex: \(xxd) not found (Debian: apt-get install xxd); no comparison")
            return
        }
        let path = directory + "/hex.frames"
        defer { unlink(path) }
        let file = try FrameFile.create(at: path, mix: .sizes, atLeast: options.hexMebibytes << 20, seed: 0x4845_58)
        Output.line("hex: six sizes, \(Format.fixed(Double(file.bytes) / Double(1 << 20), 0)) MiB, \(file.totals.frames) frames")
        var hex = Measurement(name: "frames split < FILE > /dev/null (hex)", bytes: file.bytes)
        var summary = Measurement(name: "frames split --summary < FILE > /dev/null", bytes: file.bytes)
        var dump = Measurement(name: "xxd -p < FILE > /dev/null", bytes: file.bytes)
        // xxd takes seconds per run: at most three timed runs.
        for round in 0...min(3, options.repetitions) {
            let hexRun = try Self.checked([options.binary, "frames", "split"], input: path, output: "/dev/null")
            let summaryRun = try Self.checked([options.binary, "frames", "split", "--summary"], input: path, output: "/dev/null")
            let dumpRun = try Self.checked([xxd, "-p"], input: path, output: "/dev/null")
            guard round > 0 else { continue }
            hex.samples.append(hexRun.seconds)
            summary.samples.append(summaryRun.seconds)
            dump.samples.append(dumpRun.seconds)
        }
        Output.line("  " + Self.line(summary))
        Output.line("  " + Self.line(hex))
        Output.line("  " + Self.line(dump))
        Output.line(
            "hex: split \(Format.fixed(dump.median / hex.median, 1)) × xxd -p's speed; "
                + "hex output costs \(Format.fixed(hex.median / summary.median, 1)) × the --summary run")
    }

    /// Runs a child and requires exit 0.
    private static func checked(_ arguments: [String], input: String, output: String) throws(BenchmarkFailure) -> ChildResult {
        let result = try RedirectedChild.run(arguments, input: input, output: output)
        guard result.exitCode == 0 else {
            throw BenchmarkFailure("\(arguments.joined(separator: " ")) < \(input): \(result.statusDescription)")
        }
        return result
    }

    /// A small file's text.
    private static func contents(of path: String) throws(BenchmarkFailure) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BenchmarkFailure("open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw BenchmarkFailure("read \(path): \(String(cString: strerror(errno)))") }
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }

    /// `name: 12.34 GB/s (median of 5 runs; ms: 80/81/…)`.
    private static func line(_ measurement: Measurement) -> String {
        let spread = measurement.samples.sorted().map { Format.fixed($0 * 1000, 1) }.joined(separator: "/")
        return "\(measurement.name): \(Format.fixed(measurement.gigabytesPerSecond, 2)) GB/s "
            + "(median of \(measurement.samples.count) runs; ms: \(spread))"
    }
}
