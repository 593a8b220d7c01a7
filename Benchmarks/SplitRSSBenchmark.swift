//===----------------------------------------------------------------------===//
// SplitRSSBenchmark.swift: `Benchmarks split-rss`: the real CLI's peak memory and throughput.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pipes the frame stream through `BINARY frames split --summary` and reads its peak RSS from
/// wait4, next to the same binary's RSS on a 64 MiB stream and on `--version`. The claim under
/// test: memory stays near one frame (1 MiB) plus the runtime, whatever the stream's length.
///
/// Every child is spawned before the 64 MiB block is built: on Linux a posix_spawn'd child's
/// ru_maxrss starts at the parent's peak (see ``SpawnedChild/start(_:stdoutToNull:)``), so the
/// parent must still be small then. Its own peak at that moment is printed as the floor under
/// every ru_maxrss figure; VmHWM sampled from /proc while each child runs is a second,
/// unpolluted reading.
struct SplitRSSBenchmark {
    let binary: String
    let options: BenchmarkOptions

    /// Bytes offered to each write(2) on the child's stdin.
    static let writeSize = 256 << 10
    /// Peak RSS may grow by at most this much from the 64 MiB run to the long run (a leak or
    /// whole-stream buffering would grow by hundreds of MiB).
    static let allowedGrowthKiB = 16 << 10

    func run() throws(BenchmarkFailure) {
        guard access(binary, X_OK) == 0 else { throw BenchmarkFailure("\(binary) is not an executable file") }
        let split = [binary, "frames", "split", "--summary"]
        let version = try SpawnedChild.start([binary, "--version"])
        let short = try SpawnedChild.start(split)
        var longs: [RunningChild] = []
        var cats: [RunningChild] = []
        for _ in 0..<options.repetitions {
            longs.append(try SpawnedChild.start(split))
            cats.append(try SpawnedChild.start(["/bin/cat"], stdoutToNull: true))
        }
        let floor = SpawnedChild.ownPeakRSSKiB()
        Output.line(
            "spawned \(2 + 2 * options.repetitions) children while this process's peak RSS was "
                + "\(Format.mebibytes(kibibytes: floor)) (the floor under their ru_maxrss)")

        let stream = FrameStream.describedBuild(mix: .mixed)
        let passes = options.passes
        let bytes = passes * FrameStream.blockSize
        let size = "\(Format.fixed(Double(bytes) / Double(1 << 30), 2)) GiB"

        // The memcpy baseline, in this process, over the same bytes.
        var baseline = Measurement(name: "cli: " + CodecCase.memcpy(chunkSize: 64 << 10).name, bytes: bytes)
        for round in 0...options.repetitions {
            let (seconds, _) = try Stopwatch.time { () throws(BenchmarkFailure) in
                try CodecCase.memcpy(chunkSize: 64 << 10).run(stream, passes: passes)
            }
            if round > 0 { baseline.samples.append(seconds) }
        }

        let versionResult = try SpawnedChild.finish(version) { nil }
        guard versionResult.exitCode == 0 else {
            throw BenchmarkFailure("\(binary) --version: \(versionResult.statusDescription)")
        }
        let shortResult = try finishSplit(short, stream, passes: 1)
        var long = Measurement(name: "cli: split --summary via pipe, \(size)", bytes: bytes)
        var longRSS = 0, longSampled = 0
        for child in longs {
            let result = try finishSplit(child, stream, passes: passes)
            long.samples.append(result.seconds)
            longRSS = max(longRSS, result.maximumRSSKiB)
            longSampled = max(longSampled, result.sampledHighWaterKiB)
        }
        var ceiling = Measurement(name: "cli: pipe ceiling, /bin/cat > /dev/null, \(size)", bytes: bytes)
        for child in cats {
            let result = try SpawnedChild.finish(child, nextChunk: Self.feeder(stream, passes: passes))
            guard result.exitCode == 0, result.bytesWritten == bytes else {
                throw BenchmarkFailure("/bin/cat: \(result.statusDescription), took \(result.bytesWritten) of \(bytes) bytes")
            }
            ceiling.samples.append(result.seconds)
        }

        Output.line(baseline.line(against: nil))
        Output.line(long.line(against: baseline))
        Output.line(ceiling.line(against: baseline))
        Output.line("peak RSS --version: \(Format.mebibytes(kibibytes: versionResult.maximumRSSKiB)) (baseline)")
        Output.line(
            "peak RSS split 64 MiB: \(Format.mebibytes(kibibytes: shortResult.maximumRSSKiB)) "
                + "(sampled VmHWM \(Format.mebibytes(kibibytes: shortResult.sampledHighWaterKiB)))")
        Output.line(
            "peak RSS split \(size): \(Format.mebibytes(kibibytes: longRSS)) "
                + "(sampled VmHWM \(Format.mebibytes(kibibytes: longSampled)); largest of \(options.repetitions) runs)")
        // A zero reading would make the growth check below pass without measuring anything.
        guard versionResult.maximumRSSKiB > 0, shortResult.maximumRSSKiB > 0, longRSS > 0 else {
            throw BenchmarkFailure("wait4 reported no peak RSS for the children: the memory check would check nothing")
        }
        let growth = longRSS - shortResult.maximumRSSKiB
        let overBaseline = longRSS - versionResult.maximumRSSKiB
        Output.line(
            "peak RSS split \(size) vs --version: \(Format.signedMebibytes(kibibytes: overBaseline)); "
                + "vs 64 MiB: \(Format.signedMebibytes(kibibytes: growth))")
        if floor >= versionResult.maximumRSSKiB {
            Output.line("  caution: the --version figure is not above the spawner's floor; trust the sampled VmHWM")
        }
        guard growth <= Self.allowedGrowthKiB else {
            throw BenchmarkFailure(
                "peak RSS grew by \(Format.mebibytes(kibibytes: growth)) between the 64 MiB and "
                    + "the \(size) stream: memory grows with the stream")
        }
        Output.line(
            "memory does not grow with the stream: yes (64 MiB → \(size) within "
                + "\(Format.mebibytes(kibibytes: Self.allowedGrowthKiB)))")
    }

    /// Finishes one `frames split --summary` child over `passes` blocks and checks its summary line.
    private func finishSplit(_ child: RunningChild, _ stream: FrameStream, passes: Int) throws(BenchmarkFailure) -> ChildResult {
        let result = try SpawnedChild.finish(child, nextChunk: Self.feeder(stream, passes: passes))
        let expected = stream.blockTotals.repeated(passes)
        let want = "frames \(expected.frames) bytes \(expected.payloadBytes)\n"
        guard result.exitCode == 0, !result.inputRefused, result.stdoutText == want else {
            throw BenchmarkFailure(
                "\(child.command): \(result.statusDescription), took \(result.bytesWritten) bytes, "
                    + "stdout \(String(reflecting: result.stdoutText)), expected \(String(reflecting: want))")
        }
        return result
    }

    /// Hands out the stream in ``writeSize`` chunks, then nil.
    private static func feeder(_ stream: FrameStream, passes: Int) -> () -> UnsafeRawBufferPointer? {
        var remaining = passes * FrameStream.blockSize
        var offset = 0
        return {
            guard remaining > 0 else { return nil }
            let count = min(writeSize, remaining)
            let chunk = stream.chunk(at: offset, count: count)
            remaining -= count
            offset += count
            if offset >= FrameStream.blockSize { offset -= FrameStream.blockSize }
            return chunk
        }
    }
}
