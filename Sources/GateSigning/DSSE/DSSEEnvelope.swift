//===----------------------------------------------------------------------===//
// DSSEEnvelope.swift: a DSSE v1 envelope, its pre-authentication encoding and signing.
//===----------------------------------------------------------------------===//

/// A DSSE v1 envelope (secure-systems-lab/dsse `envelope.md`, `protocol.md`): a typed payload
/// and signatures over its pre-authentication encoding.
package struct DSSEEnvelope: Equatable, Sendable {
    /// The payload type of an in-toto Statement.
    package static let inTotoPayloadType = "application/vnd.in-toto+json"

    /// How to interpret ``payload``, e.g. ``inTotoPayloadType``.
    package var payloadType: String
    /// The signed bytes (base64 in JSON).
    package var payload: [UInt8]
    /// The signatures, in order.
    package var signatures: [DSSESignature]

    /// Creates an envelope from its parts.
    package init(payloadType: String, payload: [UInt8], signatures: [DSSESignature]) {
        self.payloadType = payloadType
        self.payload = payload
        self.signatures = signatures
    }

    /// The bytes that are signed: `"DSSEv1" SP LEN(type) SP type SP LEN(payload) SP payload`,
    /// where LEN is the ASCII decimal byte count.
    package static func pae(payloadType: String, payload: [UInt8]) -> [UInt8] {
        let type = Array(payloadType.utf8)
        return Array("DSSEv1 \(type.count) ".utf8) + type + Array(" \(payload.count) ".utf8) + payload
    }

    /// This envelope's pre-authentication encoding.
    package var pae: [UInt8] {
        Self.pae(payloadType: payloadType, payload: payload)
    }

    /// Signs `payload` with `key`: one signature whose keyid is the key's.
    package static func sign(payload: [UInt8], payloadType: String, key: SigningKey) -> DSSEEnvelope {
        let signature = key.sign(pae(payloadType: payloadType, payload: payload))
        return DSSEEnvelope(
            payloadType: payloadType, payload: payload,
            signatures: [DSSESignature(keyID: key.publicKey.keyID, signature: signature)])
    }
}
