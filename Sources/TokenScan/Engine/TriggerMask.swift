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
/// Plain `UInt64` arithmetic rather than `SIMD16<UInt8>`: a release build vectorises either, but
/// an unoptimised build (what the tests run) calls a generic function per SIMD operation and per
/// lane, which made scanning a 6 MB report take seconds there: longer than a run may take after a
/// signal.
struct TriggerMask: Sendable {
    /// The most trigger bytes a mask holds.
    static let capacity = 8

    /// The trigger bytes, in the order given.
    let triggers: [UInt8]
    private let t0, t1, t2, t3, t4, t5, t6, t7: UInt64

    /// A mask for `triggers`: 1 to ``capacity`` ASCII bytes.
    init(_ triggers: [UInt8]) {
        precondition(!triggers.isEmpty && triggers.count <= Self.capacity && triggers.allSatisfy { $0 < 0x80 })
        self.triggers = triggers
        let splat = (0..<Self.capacity).map { UInt64(triggers[$0 < triggers.count ? $0 : 0]) &* Self.ones }
        (t0, t1, t2, t3, t4, t5, t6, t7) = (splat[0], splat[1], splat[2], splat[3], splat[4], splat[5], splat[6], splat[7])
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
