//===----------------------------------------------------------------------===//
// TriggerMask.swift: finds the detector's trigger bytes 16 at a time.
//===----------------------------------------------------------------------===//

/// Finds the six trigger bytes (`_ - : = A J`) in 16 bytes at once, without a branch per byte.
///
/// Per lane, with `low = x & 0x7F`: `(low ^ t) &+ 0x7F` has its high bit clear exactly when the
/// low seven bits equal the trigger `t`. The AND over all triggers has a clear high bit where any
/// trigger matched; OR-ing `x` in rules out bytes ≥ 0x80 (every trigger is ASCII). Lanes never
/// carry into each other, so the result is exact: `0x80` in each lane that holds a trigger, `0`
/// elsewhere. These are plain SIMD arithmetic operations (the comparison operators of Swift's SIMD
/// types are not lowered to vector compares), so a release build gets about twenty SSE2
/// instructions per 16 bytes.
enum TriggerMask {
    /// The bytes that start a check, in ``CandidateDetector``'s order.
    static let triggers: [UInt8] = [0x5F, 0x2D, 0x3A, 0x3D, 0x41, 0x4A]

    /// The lanes of `block` that hold a trigger byte, as two little-endian words with `0x80` in
    /// each matching byte: the first word covers bytes 0–7, the second bytes 8–15.
    @inline(__always)
    static func of(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let sevenBits = SIMD16<UInt8>(repeating: 0x7F)
        let low = block & sevenBits
        var all = (low ^ SIMD16(repeating: 0x5F)) &+ sevenBits
        all &= (low ^ SIMD16(repeating: 0x2D)) &+ sevenBits
        all &= (low ^ SIMD16(repeating: 0x3A)) &+ sevenBits
        all &= (low ^ SIMD16(repeating: 0x3D)) &+ sevenBits
        all &= (low ^ SIMD16(repeating: 0x41)) &+ sevenBits
        all &= (low ^ SIMD16(repeating: 0x4A)) &+ sevenBits
        let found = ~(all | block) & SIMD16(repeating: 0x80)
        let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        return SIMD2(words[0].littleEndian, words[1].littleEndian)
    }
}
