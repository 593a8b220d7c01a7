//===----------------------------------------------------------------------===//
// TriggerMask.swift: finds the detector's trigger bytes 8 at a time.
//===----------------------------------------------------------------------===//

/// Finds up to eight trigger bytes in a 64-bit word of eight bytes, without a branch per byte.
/// The bytes are ``RuleIndex/triggers``, derived from the rule table; unused slots repeat the
/// first byte.
///
/// Per byte, with `low = x & 0x7F`: `(low ^ t) &+ 0x7F` has its high bit clear exactly when the
/// low seven bits equal the trigger `t`, and never carries into the next byte (it is at most
/// `0xFE`). The AND over all triggers has a clear high bit where any trigger matched; OR-ing `x`
/// in rules out bytes ≥ 0x80 (every trigger is ASCII). So the result is exact: `0x80` in each
/// byte that holds a trigger, `0` elsewhere.
///
/// A release build reads 16 bytes at once as a `SIMD16<UInt8>` and compares its lanes with each
/// trigger (one `pcmpeqb` each: about half the instructions of the arithmetic on vectors, which cost
/// 12% more of the detector's time); an unoptimised build uses the arithmetic on plain `UInt64`
/// words (there each SIMD operation is a generic call per lane, which made scanning a 6 MB report
/// take seconds, longer than a run may take after a signal). ``block(_:at:)`` picks by build; the
/// tests hold the two to the same answer for every byte in every lane.
struct TriggerMask: Sendable {
    /// The most trigger bytes a mask holds.
    static let capacity = 8

    /// The trigger bytes, in the order given.
    let triggers: [UInt8]
    private let t0, t1, t2, t3, t4, t5, t6, t7: UInt64
    private let v0, v1, v2, v3, v4, v5, v6, v7: SIMD16<UInt8>

    /// A mask for `triggers`: 1 to ``capacity`` ASCII bytes.
    init(_ triggers: [UInt8]) {
        precondition(!triggers.isEmpty && triggers.count <= Self.capacity && triggers.allSatisfy { $0 < 0x80 })
        self.triggers = triggers
        let splat = (0..<Self.capacity).map { UInt64(triggers[$0 < triggers.count ? $0 : 0]) &* Self.ones }
        (t0, t1, t2, t3, t4, t5, t6, t7) = (splat[0], splat[1], splat[2], splat[3], splat[4], splat[5], splat[6], splat[7])
        let vectors = splat.map { SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: $0)) }
        (v0, v1, v2, v3, v4, v5, v6, v7) = (
            vectors[0], vectors[1], vectors[2], vectors[3], vectors[4], vectors[5], vectors[6], vectors[7]
        )
    }

    /// The marks of the 16 bytes at `offset` of `raw`, as two words (bytes 0–7, bytes 8–15):
    /// ``vectorBlock(_:at:)`` in a release build, ``wordBlock(_:at:)`` in an unoptimised one.
    @inline(__always)
    func block(_ raw: UnsafeRawPointer, at offset: Int) -> (low: UInt64, high: UInt64) {
        #if DEBUG
            return wordBlock(raw, at: offset)
        #else
            return vectorBlock(raw, at: offset)
        #endif
    }

    /// ``block(_:at:)`` with two `UInt64` words.
    @inline(__always)
    func wordBlock(_ raw: UnsafeRawPointer, at offset: Int) -> (low: UInt64, high: UInt64) {
        (of(Self.word(raw, at: offset)), of(Self.word(raw, at: offset &+ 8)))
    }

    /// ``block(_:at:)`` with one `SIMD16<UInt8>`.
    @inline(__always)
    func vectorBlock(_ raw: UnsafeRawPointer, at offset: Int) -> (low: UInt64, high: UInt64) {
        let words = of(raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self))
        return (words[0], words[1])
    }

    /// The lanes of `block` that hold a trigger byte, as two little-endian words with `0x80` in
    /// each matching byte: the first word covers bytes 0–7, the second bytes 8–15.
    @inline(__always)
    func of(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        var hits = block .== v0
        hits .|= block .== v1
        hits .|= block .== v2
        hits .|= block .== v3
        hits .|= block .== v4
        hits .|= block .== v5
        hits .|= block .== v6
        hits .|= block .== v7
        let found = SIMD16<UInt8>(repeating: 0).replacing(with: 0x80, where: hits)
        let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
        return SIMD2(words[0].littleEndian, words[1].littleEndian)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let sevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The bytes of `word` (eight bytes read little-endian: byte 0 in the low bits) that hold a
    /// trigger byte, with `0x80` in each matching byte.
    @inline(__always)
    func of(_ word: UInt64) -> UInt64 {
        let low = word & Self.sevenBits
        var all = (low ^ t0) &+ Self.sevenBits
        all &= (low ^ t1) &+ Self.sevenBits
        all &= (low ^ t2) &+ Self.sevenBits
        all &= (low ^ t3) &+ Self.sevenBits
        all &= (low ^ t4) &+ Self.sevenBits
        all &= (low ^ t5) &+ Self.sevenBits
        all &= (low ^ t6) &+ Self.sevenBits
        all &= (low ^ t7) &+ Self.sevenBits
        return ~(all | word) & Self.highBits
    }

    /// The eight bytes at `offset` of `raw` as ``of(_:)`` reads them.
    @inline(__always)
    static func word(_ raw: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
