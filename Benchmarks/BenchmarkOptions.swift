//===----------------------------------------------------------------------===//
// BenchmarkOptions.swift: stream size and repetitions shared by both modes.
//===----------------------------------------------------------------------===//

/// The options both modes take.
struct BenchmarkOptions: Equatable {
    /// The stream's total size in GiB.
    var gibibytes: Double = 1
    /// How many timed runs per figure (the median is reported).
    var repetitions: Int

    /// How many times the 64 MiB block is streamed for `gibibytes`.
    var passes: Int { max(1, Int((gibibytes * Double(1 << 30) / Double(FrameStream.blockSize)).rounded())) }
}
