//===----------------------------------------------------------------------===//
// SuppressionReason.swift: why a candidate was not reported.
//===----------------------------------------------------------------------===//

/// Why a candidate that a rule matched was not reported; `--explain` shows it. The raw value is a
/// stable reason code.
package enum SuppressionReason: String, Codable, Sendable, CaseIterable {
    /// The value is on the allowlist (configuration or `--allow`).
    case allowlisted
    /// The fingerprint is in the baseline file.
    case baseline
    /// A placeholder: `dummy`, `changeme`, `example`, `xxxx`, `***`, `REDACTED`, `<token>`, `${TOKEN}`, …
    case placeholder
    /// Too little entropy for a secret (repeated or sequential characters, short words).
    case lowEntropy = "low-entropy"
    /// Too short to be a secret of this kind.
    case tooShort = "too-short"
    /// Only hex digits: a git SHA or a digest.
    case hexDigest = "hex-digest"
    /// A UUID.
    case uuid
    /// Only digits and date or version punctuation: a build number, a timestamp, a version.
    case numeric
    /// A file path.
    case path
    /// An Xcode DerivedData folder hash (`MyApp-` and 28 lowercase letters).
    case derivedData = "derived-data"
    /// Base64 that decodes to ordinary text.
    case base64Text = "base64-text"
    /// An `eyJ…` string whose header or payload does not decode to JSON.
    case notJSON = "not-json"
    /// A name or code, not a secret: only letters and `_.-`, or a call (`XCTAssertEqual`, `Secret(value:`).
    case identifier
    /// Public key material: a DER public key or certificate, an OpenSSH public key.
    case publicKey = "public-key"
    /// The provider's checksum does not hold (GitHub's CRC32): a made-up token.
    case badChecksum = "bad-checksum"
    /// The provider's marker is missing (OpenAI's `T3BlbkFJ`, Anthropic's final `AA`).
    case format
}
