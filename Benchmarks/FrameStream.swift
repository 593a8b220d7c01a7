//===----------------------------------------------------------------------===//
// FrameStream.swift: a 64 MiB block of whole frames, built by hand, streamed as often as wanted.
//===----------------------------------------------------------------------===//

/// One block of whole frames (sizes per ``FrameMix``), exactly ``blockSize`` bytes, from a fixed seed.
///
/// Headers are written by hand (version 1, big-endian length) and the expected totals are
/// computed from the generator's own bookkeeping, so nothing here trusts FrameCodec.
/// The first ``wrapSize`` bytes are copied again after the block, so any chunk of up to
/// ``wrapSize`` bytes starting anywhere in the block is contiguous: the block streamed `n` times
/// over is one valid frame stream of `n × blockSize` bytes, chunked with no short chunks.
final class FrameStream {
    static let blockSize = 64 << 20
    static let wrapSize = 1 << 20
    static let limit = 1_048_576
    static let seed: UInt64 = 0x6163_6365_7074_616E

    /// `blockSize + wrapSize` bytes.
    private let storage: UnsafeMutableRawBufferPointer
    /// Each frame's start offset in the block, then `blockSize`.
    let frameStarts: [Int]
    /// The totals of one pass over the block.
    let blockTotals: StreamTotals
    /// How many frames of each size class the block holds.
    let sizeClasses: [(name: String, count: Int)]

    /// The frame-size mix.
    let mix: FrameMix

    init(mix: FrameMix) {
        let blockSize = Self.blockSize, limit = Self.limit
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize + Self.wrapSize, alignment: 64)
        var random = SplitMix64(seed: Self.seed)
        // Payload bytes first: fill everything, then overwrite each frame's 5 header bytes.
        var word = 0
        while word + 8 <= blockSize {
            storage.storeBytes(of: random.next(), toByteOffset: word, as: UInt64.self)
            word += 8
        }

        var lengths: [Int] = []
        var classCounts = [0, 0, 0, 0]
        var empty = 0
        var remaining = blockSize
        // Stop while two frames of at most `largest` bytes can still fill the rest exactly.
        let largest = mix == .small ? 256 : limit
        while remaining >= 2 * (largest + 5) {
            let (length, sizeClass) = mix.nextLength(&random, limit: limit)
            classCounts[sizeClass] += 1
            if length == 0 { empty += 1 }
            lengths.append(length)
            remaining -= 5 + length
        }
        // largest + 5 ≤ remaining < 2 × (largest + 5): two frames of ≤ largest bytes fill it exactly.
        let first = (remaining - 10) / 2
        for length in [first, remaining - 10 - first] {
            lengths.append(length)
            classCounts[length > 64 * 1024 ? 2 : length >= 1024 ? 1 : 0] += 1
        }

        var starts: [Int] = []
        starts.reserveCapacity(lengths.count + 1)
        var totals = StreamTotals()
        var offset = 0
        for length in lengths {
            starts.append(offset)
            storage[offset] = 1
            storage[offset + 1] = UInt8(truncatingIfNeeded: length >> 24)
            storage[offset + 2] = UInt8(truncatingIfNeeded: length >> 16)
            storage[offset + 3] = UInt8(truncatingIfNeeded: length >> 8)
            storage[offset + 4] = UInt8(truncatingIfNeeded: length)
            totals.add(UnsafeRawBufferPointer(rebasing: storage[(offset + 5)..<(offset + 5 + length)]))
            offset += 5 + length
        }
        precondition(offset == blockSize, "frame block is \(offset) bytes, not \(blockSize)")
        starts.append(offset)
        // The wrap-around copy.
        storage.baseAddress.map { base in
            (base + blockSize).copyMemory(from: base, byteCount: Self.wrapSize)
        }
        frameStarts = starts
        blockTotals = totals
        self.mix = mix
        sizeClasses =
            zip(FrameMix.sizeClassNames, classCounts).filter { $0.1 > 0 }.map { ($0.0, $0.1) }
            + [("of which empty", empty)]
    }

    deinit { storage.deallocate() }

    /// The whole block, without the wrap-around copy.
    var block: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[0..<Self.blockSize]) }

    /// `count` (≤ ``wrapSize``) stream bytes starting at `offset` within the block.
    @inline(__always)
    func chunk(at offset: Int, count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: storage[offset..<(offset + count)])
    }

    /// Calls `body` with consecutive chunks of `chunkSize` bytes covering `passes` × the block.
    @inline(__always)
    func forEachChunk(passes: Int, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws(BenchmarkFailure) -> Void)
        throws(BenchmarkFailure)
    {
        precondition(chunkSize > 0 && chunkSize <= Self.wrapSize)
        var remaining = passes * Self.blockSize
        var offset = 0
        while remaining > 0 {
            let count = min(chunkSize, remaining)
            try body(chunk(at: offset, count: count))
            remaining -= count
            offset += count
            if offset >= Self.blockSize { offset -= Self.blockSize }
        }
    }
}
