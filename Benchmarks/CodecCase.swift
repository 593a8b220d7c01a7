//===----------------------------------------------------------------------===//
// CodecCase.swift: one thing the codec benchmark times over the whole stream.
//===----------------------------------------------------------------------===//

import FrameCodec

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One timed pass over `passes` × the frame block.
enum CodecCase {
    /// The baseline: memcpy of each chunk into a chunk-sized destination buffer.
    case memcpy(chunkSize: Int)
    /// FrameDecoder.decode on each frame's bytes in place (frame boundaries precomputed).
    case decode
    /// StreamFramer.feed(_:onFrame:) with chunks of `chunkSize` bytes.
    case split(chunkSize: Int)
    /// What `frames split` does per read: memcpy each chunk into a chunk-sized buffer (as read(2)
    /// would), then feed that cache-hot buffer to the framer.
    case copyThenSplit(chunkSize: Int)

    var name: String {
        switch self {
        case let .memcpy(size): "memcpy (\(Format.chunkSize(size)) chunks)"
        case .decode: "decode (FrameDecoder, each frame in place)"
        case let .split(size): "split (\(Format.chunkSize(size)) chunks)"
        case let .copyThenSplit(size): "memcpy + split (\(Format.chunkSize(size)) chunks, read-like)"
        }
    }

    /// What one run returns: the totals (nil for memcpy) and the most the framer held.
    struct Outcome {
        var totals: StreamTotals?
        var maximumBuffered = 0
    }

    /// Runs the case once over the stream.
    func run(_ stream: FrameStream, passes: Int) throws(BenchmarkFailure) -> Outcome {
        switch self {
        case let .memcpy(chunkSize):
            return Outcome(totals: nil, maximumBuffered: Self.copy(stream, passes: passes, chunkSize: chunkSize))
        case .decode:
            return Outcome(totals: try Self.decode(stream, passes: passes))
        case let .split(chunkSize):
            return try Self.split(stream, passes: passes, chunkSize: chunkSize, copyFirst: false)
        case let .copyThenSplit(chunkSize):
            return try Self.split(stream, passes: passes, chunkSize: chunkSize, copyFirst: true)
        }
    }

    private static func copy(_ stream: FrameStream, passes: Int, chunkSize: Int) -> Int {
        let destination = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { destination.deallocate() }
        guard let target = destination.baseAddress else { return 0 }
        var sink: UInt64 = 0
        // forEachChunk only rethrows what the closure throws, and this closure throws nothing.
        try? stream.forEachChunk(passes: passes, chunkSize: chunkSize) { chunk in
            guard let source = chunk.baseAddress else { return }
            LibC.copy(target, source, chunk.count)
            sink &+= UInt64(destination[chunk.count - 1])
        }
        Sink.consume(sink)
        return 0
    }

    private static func decode(_ stream: FrameStream, passes: Int) throws(BenchmarkFailure) -> StreamTotals {
        let decoder = FrameDecoder(limit: FrameStream.limit)
        let block = stream.block
        let starts = stream.frameStarts
        var totals = StreamTotals()
        for _ in 0..<passes {
            for index in 0..<(starts.count - 1) {
                let frame = UnsafeRawBufferPointer(rebasing: block[starts[index]..<starts[index + 1]])
                do {
                    totals.add(try decoder.decode(frame))
                } catch {
                    throw BenchmarkFailure("FrameDecoder rejected frame \(index) at offset \(starts[index]): \(error)")
                }
            }
        }
        Sink.consume(totals.checksum)
        return totals
    }

    private static func split(_ stream: FrameStream, passes: Int, chunkSize: Int, copyFirst: Bool) throws(BenchmarkFailure) -> Outcome {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        var framer = StreamFramer(limit: FrameStream.limit)
        var totals = StreamTotals()
        var maximumBuffered = 0
        var position = 0
        try stream.forEachChunk(passes: passes, chunkSize: chunkSize) { chunk throws(BenchmarkFailure) in
            var input = chunk
            if copyFirst, let target = buffer.baseAddress, let source = chunk.baseAddress {
                LibC.copy(target, source, chunk.count)
                input = UnsafeRawBufferPointer(rebasing: buffer[0..<chunk.count])
            }
            do {
                try framer.feed(input) { totals.add($0) }
            } catch {
                throw BenchmarkFailure("StreamFramer rejected the chunk at stream offset \(position): \(error)")
            }
            maximumBuffered = max(maximumBuffered, framer.bufferedByteCount)
            position += chunk.count
        }
        do {
            try framer.finish()
        } catch {
            throw BenchmarkFailure("StreamFramer.finish() at the end of the stream: \(error)")
        }
        Sink.consume(totals.checksum)
        return Outcome(totals: totals, maximumBuffered: maximumBuffered)
    }
}
