//===----------------------------------------------------------------------===//
// DSSESignature.swift: one signature of a DSSE envelope.
//===----------------------------------------------------------------------===//

/// One signature of a DSSE envelope: the signer's keyid (a hint, empty when unset) and the signature bytes.
package struct DSSESignature: Equatable, Sendable {
    /// The keyid: lowercase hex SHA-256 of the raw public key; empty when the envelope left it unset.
    package var keyID: String
    /// The Ed25519 signature over the PAE (64 bytes when well formed).
    package var signature: [UInt8]

    /// Creates a signature entry.
    package init(keyID: String, signature: [UInt8]) {
        self.keyID = keyID
        self.signature = signature
    }
}
