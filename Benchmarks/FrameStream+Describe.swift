//===----------------------------------------------------------------------===//
// FrameStream+Describe.swift: builds the stream and says what is in it.
//===----------------------------------------------------------------------===//

extension FrameStream {
    /// Builds the block, printing how long it took and its frame-size mix.
    static func describedBuild(mix: FrameMix) -> FrameStream {
        let watch = Stopwatch()
        let stream = FrameStream(mix: mix)
        let classes = stream.sizeClasses.map { "\($0.count) × \($0.name)" }.joined(separator: ", ")
        Output.line(
            "\(mix.rawValue) frame block: \(blockSize) bytes, \(stream.blockTotals.frames) frames (\(classes)), "
                + "seed 0x\(String(seed, radix: 16)), built in \(Format.fixed(watch.elapsed, 2)) s")
        return stream
    }
}
