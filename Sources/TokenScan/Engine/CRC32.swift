//===----------------------------------------------------------------------===//
// CRC32.swift: the CRC-32 of zlib and PNG, for GitHub's token checksum.
//===----------------------------------------------------------------------===//

/// CRC-32 (polynomial 0xEDB88320, reflected, initial and final XOR 0xFFFFFFFF), as zlib computes it.
/// Only candidates that already have a GitHub token's shape reach it, so it goes bit by bit.
enum CRC32 {
    /// The checksum of `bytes`.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Whether a GitHub token (`ghp_` and 36 characters) carries the checksum of its 30 random
    /// characters in its last 6, in base62 (`0-9A-Za-z`), zero-padded.
    static func isValidGitHubToken(_ token: [UInt8]) -> Bool {
        guard token.count == 40 else { return false }
        var encoded: UInt64 = 0
        for byte in token[34..<40] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = byte - UInt8(ascii: "a") + 36
            default: return false
            }
            encoded = encoded * 62 + UInt64(digit)
        }
        return encoded == UInt64(checksum(token[4..<34]))
    }
}
