//===----------------------------------------------------------------------===//
// ByteClass.swift: byte classes as bit masks for the rules' checks.
//===----------------------------------------------------------------------===//

/// Byte classes as bit masks, computed with compares so they inline into the checks.
enum ByteClass {
    /// `a`–`z`.
    static let lower: UInt8 = 1
    /// `A`–`Z`.
    static let upper: UInt8 = 2
    /// `0`–`9`.
    static let digit: UInt8 = 4
    /// `0`–`9`, `a`–`f`, `A`–`F`.
    static let hex: UInt8 = 8
    /// `-` and `_` (base64url).
    static let urlExtra: UInt8 = 16
    /// `+` and `/` (standard base64).
    static let standardExtra: UInt8 = 32

    /// Letters and digits.
    static let alphanumeric: UInt8 = lower | upper | digit

    /// The classes of `byte`, computed with a few compares (no table: a global table costs a
    /// lazy-initialisation check on every access).
    @inline(__always)
    static func classes(of byte: UInt8) -> UInt8 {
        var classes: UInt8 = 0
        if byte &- 0x61 < 26 { classes |= lower }
        if byte &- 0x41 < 26 { classes |= upper }
        if byte &- 0x30 < 10 { classes |= digit | hex }
        if (byte | 0x20) &- 0x61 < 6 { classes |= hex }
        if byte == 0x2D || byte == 0x5F { classes |= urlExtra }
        if byte == 0x2B || byte == 0x2F { classes |= standardExtra }
        return classes
    }

    /// Whether `byte` is in any of `classes`.
    @inline(__always)
    static func isIn(_ byte: UInt8, _ mask: UInt8) -> Bool { classes(of: byte) & mask != 0 }

    /// Letters and digits.
    @inline(__always)
    static func isAlphanumeric(_ byte: UInt8) -> Bool { isIn(byte, alphanumeric) }

    /// Letters, digits, `-` and `_`: what counts as part of a word-like token.
    @inline(__always)
    static func isWord(_ byte: UInt8) -> Bool { isIn(byte, alphanumeric | urlExtra) }

    /// The ASCII lowercase of `byte`.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 { isIn(byte, upper) ? byte | 0x20 : byte }
}
