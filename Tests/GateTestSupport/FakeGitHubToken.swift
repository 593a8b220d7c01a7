//===----------------------------------------------------------------------===//
// FakeGitHubToken.swift: fake GitHub tokens that carry GitHub's checksum, as real ones do.
//===----------------------------------------------------------------------===//

/// Builds fake `ghp_` tokens as GitHub builds real ones: 30 random base62 characters and the base62
/// CRC32 of those 30, zero-padded to 6. The scanner checks that checksum, so a token without it is
/// not reported. The prefix is split so no literal here looks like a token.
package enum FakeGitHubToken {
    /// A fake token from `seed`.
    package static func make(seed: UInt64) -> String {
        var generator = SplitMix64(seed: seed)
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        let random = (0..<30).map { _ in alphabet[Int(generator.next() % 62)] }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in String(random).utf8 {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        var value = ~crc
        var checksum: [Character] = []
        for _ in 0..<6 {
            checksum.insert(alphabet[Int(value % 62)], at: 0)
            value /= 62
        }
        return "gh" + "p_" + String(random) + String(checksum)
    }
}
