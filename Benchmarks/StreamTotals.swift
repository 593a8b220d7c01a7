//===----------------------------------------------------------------------===//
// StreamTotals.swift: frame count, payload bytes and a cheap checksum of a run.
//===----------------------------------------------------------------------===//

/// What a run saw: enough to prove every frame came out, and to keep the optimiser honest.
///
/// The checksum mixes each payload's length with its first, middle and last byte and adds the
/// results, so it is independent of chunking and the total for `n` passes is `n` times one pass.
struct StreamTotals: Equatable {
    var frames = 0
    var payloadBytes = 0
    var checksum: UInt64 = 0

    /// Counts one payload.
    @inline(__always)
    mutating func add(_ payload: UnsafeRawBufferPointer) {
        let count = payload.count
        frames += 1
        payloadBytes += count
        var mixed = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if count > 0 {
            mixed ^= UInt64(payload[0]) << 16 | UInt64(payload[count >> 1]) << 8 | UInt64(payload[count - 1])
        }
        mixed = (mixed ^ (mixed >> 31)) &* 0xBF58_476D_1CE4_E5B9
        checksum &+= mixed ^ (mixed >> 29)
    }

    /// The totals of `times` passes over the same frames.
    func repeated(_ times: Int) -> StreamTotals {
        StreamTotals(
            frames: frames * times, payloadBytes: payloadBytes * times,
            checksum: checksum &* UInt64(truncatingIfNeeded: times))
    }

    /// Throws unless `self` equals `expected`.
    func verify(against expected: StreamTotals, what: String) throws(BenchmarkFailure) {
        guard self == expected else {
            throw BenchmarkFailure(
                "\(what): got \(frames) frames / \(payloadBytes) payload bytes / checksum "
                    + "\(checksum), expected \(expected.frames) / \(expected.payloadBytes) / \(expected.checksum)")
        }
    }
}
