//===----------------------------------------------------------------------===//
// Fingerprint.swift: `hmac-sha256:` + 32 hex of HMAC-SHA-256(key, rule ‖ 0x00 ‖ secret).
//===----------------------------------------------------------------------===//

import GateDigest

/// Keyed fingerprints of secrets, never plain hashes: HMAC-SHA-256(key, rule id ‖ 0x00 ‖ secret),
/// spelled `hmac-sha256:` and the first 32 lowercase hex digits (128 bits).
package enum Fingerprint {
    /// The prefix of every fingerprint.
    package static let prefix = "hmac-sha256:"
    /// How many hex digits follow the prefix.
    package static let hexDigitCount = 32

    /// An authenticator that has seen `rule ‖ 0x00`, ready for the secret's bytes.
    static func start(key: [UInt8], rule: ScanRule) -> HMACSHA256 {
        var authenticator = HMACSHA256(key: key)
        authenticator.update(Array(rule.id.utf8) + [0])
        return authenticator
    }

    /// The fingerprint once every secret byte was added.
    static func finish(_ authenticator: inout HMACSHA256) -> String {
        prefix + String(authenticator.finalize().hex.prefix(hexDigitCount))
    }

    /// The fingerprint of `secret` under `key` for `rule`.
    package static func make(key: [UInt8], rule: ScanRule, secret: [UInt8]) -> String {
        var authenticator = start(key: key, rule: rule)
        authenticator.update(secret)
        return finish(&authenticator)
    }
}
