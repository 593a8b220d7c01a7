//===----------------------------------------------------------------------===//
// FakeTokens.swift: format-valid fake credentials generated at test time.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport

/// Builds fake, format-valid credentials from a seeded generator. Nothing here is a real
/// credential, and no literal in the tests looks like one: prefixes are split (`"gh" + "p_"`).
struct FakeTokens {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    static let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let lower = Array("abcdefghijklmnopqrstuvwxyz")
    static let digits = Array("0123456789")
    static let alphanumeric = upper + lower + digits
    static let base32 = upper + Array("234567")

    /// `count` characters drawn from `alphabet`, with at least one digit, upper and lower when
    /// the alphabet has them (so entropy gates see a realistic mix).
    mutating func string(_ count: Int, from alphabet: [Character]) -> String {
        var characters = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
        let classes = [Self.digits, Self.upper, Self.lower].filter { set in set.allSatisfy(alphabet.contains) }
        for (offset, set) in classes.enumerated() where count > 3 * classes.count {
            characters[offset * 3 + 1] = set[Int(generator.next() % UInt64(set.count))]
        }
        return String(characters)
    }

    mutating func alnum(_ count: Int) -> String { string(count, from: Self.alphanumeric) }

    mutating func github() -> String {
        let kinds = ["p", "o", "u", "s", "r"]
        return "gh" + kinds[Int(generator.next() % 5)] + "_" + alnum(36)
    }

    mutating func githubFineGrained() -> String { "github" + "_pat_" + alnum(22) + "_" + alnum(59) }
    mutating func gitlab() -> String { "gl" + "pat-" + string(20, from: Self.alphanumeric + ["-", "_"]) }
    mutating func slack() -> String {
        "xo" + "xb-" + string(12, from: Self.digits) + "-" + string(13, from: Self.digits) + "-" + alnum(24)
    }
    mutating func awsKeyID() -> String { "AK" + "IA" + string(16, from: Self.base32) }
    mutating func awsSecret() -> String { string(40, from: Self.alphanumeric + ["/", "+"]) }
    mutating func google() -> String { "AI" + "za" + string(35, from: Self.alphanumeric + ["-", "_"]) }
    mutating func stripe() -> String { "sk" + "_live_" + alnum(24) }
    mutating func npm() -> String { "np" + "m_" + alnum(36) }
    mutating func appSpecific() -> String {
        (0..<4).map { _ in string(4, from: Self.lower) }.joined(separator: "-")
    }
    mutating func password() -> String { alnum(12) + "!" + alnum(7) }

    mutating func jwt() -> String {
        let header = Self.base64URL(Data("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".utf8))
        let payload = Self.base64URL(Data("{\"sub\":\"\(alnum(10))\",\"iat\":1700000000}".utf8))
        return header + "." + payload + "." + string(43, from: Self.alphanumeric + ["-", "_"])
    }

    /// A PEM body: `lines` lines of 64 base64 characters.
    mutating func pemBodyLines(_ lines: Int) -> [String] {
        (0..<lines).map { _ in string(64, from: Self.alphanumeric + ["+", "/"]) }
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func pemLabel(_ kind: String = "") -> String { (kind.isEmpty ? "" : kind + " ") + "PRIVATE" + " KEY" }
}
