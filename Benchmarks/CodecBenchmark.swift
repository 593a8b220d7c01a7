//===----------------------------------------------------------------------===//
// CodecBenchmark.swift: `Benchmarks codec`: FrameDecoder and StreamFramer against memcpy.
//===----------------------------------------------------------------------===//

/// Times memcpy, FrameDecoder and StreamFramer over the same stream in one process, interleaved
/// run by run so drift hits all of them alike, and prints medians as ratios to memcpy.
///
/// Two streams: the mixed one (most bytes in large frames), then small frames only (most cost per
/// frame). Each has its own memcpy baseline over its own bytes.
struct CodecBenchmark {
    let options: BenchmarkOptions

    /// The issue's goal: split with 64 KiB chunks at ≥ 40 % of memcpy.
    static let goal = 0.4

    func run() throws(BenchmarkFailure) {
        var ratios: [(String, Double)] = []
        for (mix, cases) in [
            (
                FrameMix.mixed,
                [
                    CodecCase.memcpy(chunkSize: 64 << 10), .decode, .split(chunkSize: 4 << 10),
                    .split(chunkSize: 64 << 10), .split(chunkSize: 1 << 20), .copyThenSplit(chunkSize: 64 << 10),
                ]
            ),
            (
                FrameMix.small,
                [
                    CodecCase.memcpy(chunkSize: 64 << 10), .decode, .split(chunkSize: 64 << 10),
                    .copyThenSplit(chunkSize: 64 << 10),
                ]
            ),
        ] {
            let stream = FrameStream.describedBuild(mix: mix)
            let measurements = try measure(stream, cases)
            for (codecCase, measurement) in zip(cases, measurements) {
                if case .split(64 << 10) = codecCase {
                    ratios.append((mix.rawValue, measurement.gigabytesPerSecond / measurements[0].gigabytesPerSecond))
                }
            }
        }
        for (mix, ratio) in ratios {
            Output.line(
                "goal split (64 KiB chunks) ≥ \(Format.fixed(Self.goal, 2)) × memcpy, \(mix) frames: "
                    + "\(ratio >= Self.goal ? "met" : "NOT met") (\(Format.fixed(ratio, 2)) × memcpy)")
        }
    }

    /// One warm-up round, then `repetitions` timed rounds of every case; every run is verified.
    private func measure(_ stream: FrameStream, _ cases: [CodecCase]) throws(BenchmarkFailure) -> [Measurement] {
        let passes = options.passes
        let bytes = passes * FrameStream.blockSize
        let expected = stream.blockTotals.repeated(passes)
        Output.line(
            "stream: \(bytes) bytes = 64 MiB block × \(passes), \(expected.frames) frames, "
                + "\(expected.payloadBytes) payload bytes")

        var measurements = cases.map { Measurement(name: "\(stream.mix.rawValue): \($0.name)", bytes: bytes) }
        var maximumBuffered: [Int] = Array(repeating: 0, count: cases.count)
        for round in 0...options.repetitions {
            for (index, codecCase) in cases.enumerated() {
                let (seconds, outcome) = try Stopwatch.time { () throws(BenchmarkFailure) in
                    try codecCase.run(stream, passes: passes)
                }
                if let totals = outcome.totals { try totals.verify(against: expected, what: codecCase.name) }
                maximumBuffered[index] = max(maximumBuffered[index], outcome.maximumBuffered)
                if round > 0 { measurements[index].samples.append(seconds) }
            }
        }

        let baseline = measurements[0]
        Output.line(baseline.line(against: nil))
        for (index, measurement) in measurements.enumerated().dropFirst() {
            Output.line(measurement.line(against: baseline))
            switch cases[index] {
            case .split, .copyThenSplit:
                Output.line(
                    "  verified \(expected.frames) frames, \(expected.payloadBytes) payload bytes, checksum; "
                        + "framer held at most \(maximumBuffered[index]) bytes (limit + 5 = \(FrameStream.limit + 5))")
            case .decode:
                let rate = Double(expected.frames) / measurement.median / 1e6
                Output.line("  \(Format.fixed(rate, 1)) M frames/s (decode reads only headers; payloads stay in place)")
            case .memcpy:
                break
            }
        }
        return measurements
    }
}
