//===----------------------------------------------------------------------===//
// Base64Carrier.swift: what a base64 value carries: a PEM key, DER key material, user:secret.
//===----------------------------------------------------------------------===//

import GateCore

/// Reads what base64 text carries, for the cases iOS tooling uses: fastlane's `key_content` and
/// `ASC_KEY_CONTENT` (base64 of a `.p8` PEM block), bare base64 DER keys, and
/// `MATCH_GIT_BASIC_AUTHORIZATION` (base64 of `user:token`). Only values that already look like a
/// carrier are decoded.
enum Base64Carrier {
    /// What a DER structure is.
    enum DERKind: Equatable {
        /// PKCS#8, PKCS#1, SEC1 (EC) or PKCS#12: holds a private key.
        case privateKey
        /// A SubjectPublicKeyInfo or a certificate: nothing secret.
        case publicMaterial
    }

    /// The kind of DER that base64 `text` decodes to, or `nil` when it is no DER key material.
    static func der(_ text: [UInt8]) -> DERKind? {
        // DER starts with a SEQUENCE (0x30), whose base64 starts with `M`.
        guard text.count >= 64, text.first == UInt8(ascii: "M"), let decoded = Base64.decodeLeniently(text), decoded.count >= 40,
            decoded[0] == 0x30
        else { return nil }
        let inner: Int
        switch decoded[1] {
        case 0..<0x80: inner = 2
        case 0x81: inner = 3
        case 0x82: inner = 4
        default: return nil
        }
        switch decoded[inner] {
        case 0x02:
            // A version INTEGER first: 0 or 1 (PKCS#8, PKCS#1, SEC1) or 3 (PKCS#12), then its next field.
            guard decoded[inner + 1] == 1, [0, 1, 3].contains(decoded[inner + 2]) else { return nil }
            return [0x30, 0x02, 0x04].contains(decoded[inner + 3]) ? .privateKey : nil
        case 0x30:
            return .publicMaterial
        default:
            return nil
        }
    }

    /// Whether `value` is public key material: DER public keys and certificates, or an OpenSSH
    /// public key blob (`AAAAB3NzaC1…`, `AAAAC3NzaC1…`, `AAAAE2VjZHNh…`).
    static func isPublicKeyMaterial(_ value: [UInt8]) -> Bool {
        for blob in ["AAAAB3NzaC1", "AAAAC3NzaC1", "AAAAE2VjZHNh"] where value.starts(with: blob.utf8) {
            return true
        }
        return der(value) == .publicMaterial
    }

    /// The body of the private key block that base64 `encoded` starts (`LS0tLS1CRUdJT…`), with the
    /// reason to suppress it, or `nil` when it decodes to no private key header. `endsLine` tells that
    /// the base64 ran to the end of its line, so a body cut short there is a wrapped carrier, not a
    /// placeholder.
    static func pemPrivateKey(encoded: [UInt8], endsLine: Bool) -> (body: [UInt8], reason: SuppressionReason?)? {
        let whole = encoded.count % 4 == 1 ? Array(encoded.dropLast()) : encoded
        guard let decoded = Base64.decodeLeniently(whole) else { return nil }
        let text = decoded[...]
        guard text.starts(with: "-----BEGIN ".utf8) else { return nil }
        var close = 11
        while close < min(text.count, 64), text[close] != UInt8(ascii: "-") { close += 1 }
        guard close + 5 <= text.count, text[close..<(close + 5)].elementsEqual("-----".utf8),
            close >= 11 + 11, text[(close - 11)..<close].elementsEqual("PRIVATE KEY".utf8)
        else { return nil }
        var body: [UInt8] = []
        var sawEnd = false
        var index = close + 5
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "-") {
                sawEnd = true
                break
            }
            if ByteClass.isIn(byte, ByteClass.alphanumeric | ByteClass.standardExtra) || byte == UInt8(ascii: "=") { body.append(byte) }
            index += 1
        }
        if body.count < 64, sawEnd || !endsLine || body.count < 16 { return (body, .tooShort) }
        if Set(body.prefix(64)).count < 8 { return (body, .lowEntropy) }
        return (body, nil)
    }

    /// Base64 `text` that decodes to printable `user:secret` (no spaces, both parts non-empty): the
    /// decoded bytes and the colon's index.
    static func userSecret(_ text: [UInt8]) -> (decoded: [UInt8], colon: Int)? {
        guard text.count >= 8, text.count <= 1024,
            text.allSatisfy({
                ByteClass.isIn($0, ByteClass.alphanumeric | ByteClass.standardExtra | ByteClass.urlExtra) || $0 == UInt8(ascii: "=")
            }),
            let decoded = Base64.decodeLeniently(text), decoded.count >= 3,
            decoded.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            let colon = decoded.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < decoded.count
        else { return nil }
        return (decoded, colon)
    }

    /// Whether `text` decodes to something that starts with `{` (spaces aside) and reads as JSON
    /// text: printable, with a quoted key.
    static func decodesToJSONObject(_ text: [UInt8]) -> Bool {
        guard let decoded = Base64.decodeLeniently(text) else { return false }
        let trimmed = decoded.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard trimmed.first == UInt8(ascii: "{") else { return false }
        // A truncated payload still counts if it looks like JSON text: printable and quoted keys.
        return trimmed.allSatisfy { $0 >= 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } && trimmed.contains(UInt8(ascii: "\""))
    }

    /// Whether `text` is base64 of ordinary text: it decodes, is at least 12 bytes, every decoded
    /// byte is printable ASCII or whitespace, and it has a space.
    static func isEncodedText(_ text: [UInt8]) -> Bool {
        guard text.count >= 16, let decoded = Base64.decodeLeniently(text), decoded.count >= 12 else { return false }
        return decoded.contains(0x20) && decoded.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }
    }
}
