//===----------------------------------------------------------------------===//
// ByteSet.swift: a set of bytes as a 256-bit map, for the rule table's alphabets.
//===----------------------------------------------------------------------===//

/// A set of bytes as four 64-bit words: membership is one shift and one mask. The rule table
/// spells alphabets with it (`[A-Za-z0-9_-]` is `.alphanumeric + "_-"`).
struct ByteSet: Equatable, Sendable {
    private var w0: UInt64 = 0
    private var w1: UInt64 = 0
    private var w2: UInt64 = 0
    private var w3: UInt64 = 0

    /// The empty set.
    init() {}

    /// The bytes of `characters` (ASCII).
    init(_ characters: String) {
        for byte in characters.utf8 { insert(byte) }
    }

    /// Adds `byte`.
    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: w0 |= bit
        case 1: w1 |= bit
        case 2: w2 |= bit
        default: w3 |= bit
        }
    }

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        // Selects rather than a switch: no jump table on the hot path.
        let low = byte & 0x40 == 0 ? w0 : w1
        let high = byte & 0x40 == 0 ? w2 : w3
        let word = byte & 0x80 == 0 ? low : high
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    /// The union of two sets.
    static func + (left: ByteSet, right: ByteSet) -> ByteSet {
        var union = left
        union.w0 |= right.w0
        union.w1 |= right.w1
        union.w2 |= right.w2
        union.w3 |= right.w3
        return union
    }

    /// The union with the bytes of `characters`.
    static func + (left: ByteSet, right: String) -> ByteSet { left + ByteSet(right) }

    /// `0`–`9`.
    static let digits = ByteSet("0123456789")
    /// `0`–`9`, `a`–`f`.
    static let lowerHex = ByteSet("0123456789abcdef")
    /// `0`–`9`, `a`–`f`, `A`–`F`.
    static let hex = lowerHex + "ABCDEF"
    /// `A`–`Z`.
    static let upper = ByteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    /// `a`–`z`.
    static let lower = ByteSet("abcdefghijklmnopqrstuvwxyz")
    /// Letters and digits.
    static let alphanumeric = upper + lower + digits
    /// Base64url without padding: letters, digits, `-` and `_`.
    static let base64URL = alphanumeric + "-_"
    /// Standard base64 without padding: letters, digits, `+` and `/`.
    static let base64 = alphanumeric + "+/"
    /// AWS key ID body: `A`–`Z` and `2`–`7` (base32).
    static let base32 = upper + "234567"
    /// Bytes that may not directly follow a token: letters, digits, `-` and `_`.
    static let word = base64URL
}
