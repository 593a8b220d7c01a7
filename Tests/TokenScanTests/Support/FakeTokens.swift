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

    /// A GitHub token: prefix, 30 random characters and the base62 CRC32 of those 30, as GitHub makes them.
    mutating func github() -> String {
        let kinds = ["p", "o", "u", "s", "r"]
        let random = alnum(30)
        return "gh" + kinds[Int(generator.next() % 5)] + "_" + random + Self.base62(Self.crc32(Array(random.utf8)), width: 6)
    }

    /// A GitHub-shaped token whose checksum does not hold.
    mutating func githubBadChecksum() -> String {
        let token = github()
        let last = token.last == "0" ? "1" : "0"
        return String(token.dropLast()) + last
    }

    /// CRC-32 as zlib computes it, with a table (the scanner's goes bit by bit: two implementations).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        let table: [UInt32] = (0..<256).map { index in
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            return value
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// `value` in base62 (`0-9A-Za-z`), zero-padded to `width`.
    static func base62(_ value: UInt32, width: Int) -> String {
        let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var number = value
        var text: [Character] = []
        while number > 0 {
            text.insert(digits[Int(number % 62)], at: 0)
            number /= 62
        }
        return String(repeating: "0", count: max(0, width - text.count)) + String(text)
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

    mutating func hexString(_ count: Int) -> String { string(count, from: Array("0123456789abcdef")) }
    mutating func uuid() -> String { [hexString(8), hexString(4), hexString(4), hexString(4), hexString(12)].joined(separator: "-") }
    mutating func base64URLString(_ count: Int) -> String { string(count, from: Self.alphanumeric + ["-", "_"]) }
    mutating func base64String(_ count: Int) -> String { string(count, from: Self.alphanumeric + ["+", "/"]) }
    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) } }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
    mutating func number(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(generator.next() % UInt64(range.count)) }
    mutating func chance(_ percent: Int) -> Bool { Int(generator.next() % 100) < percent }

    mutating func openAI() -> String { "sk" + "-proj-" + base64URLString(58) + "T3Blbk" + "FJ" + base64URLString(58) }
    mutating func openAILegacy() -> String { "sk" + "-" + alnum(20) + "T3Blbk" + "FJ" + alnum(20) }
    mutating func anthropic() -> String { "sk" + "-ant-api03-" + base64URLString(93) + "AA" }
    mutating func sendgrid() -> String { "S" + "G." + base64URLString(22) + "." + base64URLString(43) }
    mutating func shopify() -> String { pick(["shp" + "at_", "shp" + "ca_", "shp" + "pa_", "shp" + "ss_"]) + hexString(32) }
    mutating func herokuV2() -> String { "HRKU" + "-AA" + base64URLString(58) }
    mutating func azureAccountKey() -> String { base64String(86) + "==" }
    mutating func sentry() -> String { "sntr" + "yu_" + hexString(64) }
    mutating func telegram() -> String { String(number(100_000_000...999_999_999)) + ":" + "AA" + base64URLString(33) }
    mutating func slackWebhookPath() -> String {
        "T" + string(10, from: Self.upper + Self.digits) + "/B" + string(10, from: Self.upper + Self.digits) + "/" + alnum(24)
    }
    mutating func discordWebhookPath() -> String {
        String(number(100_000_000...999_999_999)) + String(number(100_000_000...999_999_999)) + "/" + base64URLString(68)
    }
    mutating func teamsWebhookPath() -> String { uuid() + "@" + uuid() + "/IncomingWebhook/" + alnum(32) + "/" + uuid() }
    mutating func gitlabDeploy() -> String { "gl" + "dt-" + base64URLString(20) }

    /// A PEM private key block's lines (header, 64-character body lines, footer).
    mutating func pemBlock(_ label: String = "", bodyLines: Int = 4) -> (lines: [String], body: [String]) {
        let body = pemBodyLines(bodyLines) + [string(24, from: Self.alphanumeric + ["+", "/"]) + "=="]
        let name = Self.pemLabel(label)
        return (["-----BEGIN \(name)-----"] + body + ["-----END \(name)-----"], body)
    }

    /// DER that starts like a PKCS#8 private key (SEQUENCE, INTEGER 0, SEQUENCE), base64.
    mutating func derPrivateKeyBase64() -> String {
        Data([0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13] + bytes(130)).base64EncodedString()
    }

    /// DER that starts like a public key (SEQUENCE, SEQUENCE): a SubjectPublicKeyInfo, base64.
    mutating func derPublicKeyBase64() -> String {
        Data([0x30, 0x82, 0x01, 0x22, 0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01] + bytes(270))
            .base64EncodedString()
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func pemLabel(_ kind: String = "") -> String { (kind.isEmpty ? "" : kind + " ") + "PRIVATE" + " KEY" }
}
