//===----------------------------------------------------------------------===//
// PublicKey.swift: an Ed25519 public key, its keyid, PEM form and signature check.
//===----------------------------------------------------------------------===//

import GateDigest

/// An Ed25519 public key (32 bytes) and where it came from.
package struct PublicKey: Equatable, Sendable {
    /// The 32 raw key bytes.
    package let raw: [UInt8]
    /// Where the key came from, for messages: a file path, or a description.
    package let source: String

    /// Wraps 32 raw key bytes.
    ///
    /// - Throws: ``SigningError/invalidKeyLength(what:count:expected:)`` for any other length.
    package init(raw: [UInt8], source: String = "the public key") throws(SigningError) {
        guard raw.count == 32 else { throw .invalidKeyLength(what: "public key", count: raw.count, expected: 32) }
        self.raw = raw
        self.source = source
    }

    /// The keyid: lowercase hex SHA-256 of the raw 32 bytes.
    package var keyID: String {
        SHA256.hash(raw).hex
    }

    /// The key as PEM `PUBLIC KEY` (SubjectPublicKeyInfo), as `openssl pkey -pubout` writes it.
    package var pem: String {
        PEMBlock(label: "PUBLIC KEY", der: Ed25519DER.publicKeyDER(raw: raw)).text
    }

    /// Whether `signature` is a valid Ed25519 signature of `message` by this key.
    package func isValidSignature(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        Ed25519.isValid(signature: signature, of: message, publicKey: raw)
    }

    /// Equal when the key bytes are equal, wherever they came from.
    package static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
        lhs.raw == rhs.raw
    }

    // MARK: - Loading

    /// Loads a PEM `PUBLIC KEY` file.
    ///
    /// - Throws: ``SigningError/unreadableKey(path:reason:)`` or ``SigningError/notAPublicKey(source:reason:)``.
    package static func load(pemFile path: String) throws(SigningError) -> PublicKey {
        let file = try FileBytes.keyFile(path)
        return try load(pem: String(decoding: file.bytes, as: UTF8.self), source: path)
    }

    /// Parses PEM `PUBLIC KEY` text; `source` names it in messages.
    ///
    /// - Throws: ``SigningError/notAPublicKey(source:reason:)`` naming what is wrong.
    package static func load(pem text: String, source: String) throws(SigningError) -> PublicKey {
        do throws(ParseFailure) {
            let block = try PEMBlock(parsing: text)
            guard block.label == "PUBLIC KEY" else {
                throw ParseFailure(
                    block.label.hasSuffix("PRIVATE KEY")
                        ? "it is a private key ('\(block.label)'); pass the public key (.pub) instead"
                        : "the PEM block is '\(block.label)', expected 'PUBLIC KEY'")
            }
            let raw = try Ed25519DER.parsePublicKey(block.der)
            return PublicKey(exactly32: raw, source: source)
        } catch {
            throw .notAPublicKey(source: source, reason: error.reason)
        }
    }

    /// Wraps bytes the caller has already checked are 32 long.
    init(exactly32 raw: [UInt8], source: String) {
        self.raw = raw
        self.source = source
    }
}
