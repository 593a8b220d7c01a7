//===----------------------------------------------------------------------===//
// TriggerMask.swift: finds the detector's trigger bytes 16 at a time.
//===----------------------------------------------------------------------===//

/// Finds up to eight trigger bytes in 16 bytes at once, without a branch per byte. The bytes are
/// ``RuleIndex/triggers``, derived from the rule table; unused slots repeat the first byte.
///
/// Per lane, with `low = x & 0x7F`: `(low ^ t) &+ 0x7F` has its high bit clear exactly when the
/// low seven bits equal the trigger `t`. The AND over all triggers has a clear high bit where any
/// trigger matched; OR-ing `x` in rules out bytes ≥ 0x80 (every trigger is ASCII). Lanes never
/// carry into each other, so the result is exact: `0x80` in each lane that holds a trigger, `0`
/// elsewhere. These are plain SIMD arithmetic operations (the comparison operators of Swift's SIMD
/// types are not lowered to vector compares), so a release build gets about thirty SSE2
/// instructions per 16 bytes.
struct TriggerMask: Sendable {
    /// The most trigger bytes a mask holds.
    static let capacity = 8

    /// The trigger bytes, in the order given.
    let triggers: [UInt8]
    private let t0, t1, t2, t3, t4, t5, t6, t7: SIMD16<UInt8>

    /// A mask for `triggers`: 1 to ``capacity`` ASCII bytes.
    init(_ triggers: [UInt8]) {
        precondition(!triggers.isEmpty && triggers.count <= Self.capacity && triggers.allSatisfy { $0 < 0x80 })
        self.triggers = triggers
        let splat = (0..<Self.capacity).map { SIMD16<UInt8>(repeating: triggers[$0 < triggers.count ? $0 : 0]) }
        (t0, t1, t2, t3, t4, t5, t6, t7) = (splat[0], splat[1], splat[2], splat[3], splat[4], splat[5], splat[6], splat[7])
    }

    /// The lanes of `block` that hold a trigger byte, as two little-endian words with `0x80` in
    /// each matching byte: the first word covers bytes 0–7, the second bytes 8–15.
    @inline(__always)
    func of(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let sevenBits = SIMD16<UInt8>(repeating: 0x7F)
        let low = block & sevenBits
        var all = (low ^ t0) &+ sevenBits
        all &= (low ^ t1) &+ sevenBits
        all &= (low ^ t2) &+ sevenBits
        all &= (low ^ t3) &+ sevenBits
        all &= (low ^ t4) &+ sevenBits
        all &= (low ^ t5) &+ sevenBits
        all &= (low ^ t6) &+ sevenBits
        all &= (low ^ t7) &+ sevenBits
        let found = ~(all | block) & SIMD16(repeating: 0x80)
        let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        return SIMD2(words[0].littleEndian, words[1].littleEndian)
    }
}
