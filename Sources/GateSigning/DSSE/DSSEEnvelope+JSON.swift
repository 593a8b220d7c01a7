//===----------------------------------------------------------------------===//
// DSSEEnvelope+JSON.swift: the envelope's JSON form, written deterministically and parsed strictly.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

extension DSSEEnvelope {
    /// The JSON document as the gate writes it, field for field.
    private struct Document: Encodable {
        /// Base64 of the payload.
        var payload: String
        /// The payload type.
        var payloadType: String
        /// The signatures.
        var signatures: [Signature]
    }

    /// One signature in the JSON document.
    private struct Signature: Encodable {
        /// The keyid; DSSE treats unset as empty.
        var keyid: String?
        /// Base64 of the signature.
        var sig: String
    }

    /// The fields read first: the payload and its type.
    private struct Head: Decodable {
        var payload: String
        var payloadType: String
    }

    /// The fields read after the payload decoded: the signatures.
    private struct Body: Decodable {
        var signatures: [SignatureEntry]
    }

    /// One signature as read.
    private struct SignatureEntry: Decodable {
        private enum CodingKeys: String, CodingKey {
            case sig, keyid
        }

        /// Base64 of the signature.
        var sig: String
        /// The keyid; unset is empty (DSSE), `null` is not a string.
        var keyid: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sig = try container.decode(String.self, forKey: .sig)
            keyid = container.contains(.keyid) ? try container.decode(String.self, forKey: .keyid) : nil
        }
    }

    /// The envelope as pretty-printed JSON with sorted keys, unescaped slashes and a final newline;
    /// base64 is the standard alphabet with padding. The same envelope always gives the same bytes.
    package var jsonBytes: [UInt8] {
        let document = Document(
            payload: Base64.encode(payload), payloadType: payloadType,
            signatures: signatures.map { Signature(keyid: $0.keyID, sig: Base64.encode($0.signature)) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Strings and arrays of strings always encode.
        guard let data = try? encoder.encode(document) else { return [] }
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// The largest envelope parsed.
    package static let documentLimit = 64 * 1024 * 1024

    /// Parses an envelope strictly, so what is verified is what every JSON reader sees: the bytes
    /// must pass ``StrictJSONScanner`` (GateText's one JSON reader: no duplicate key at any level,
    /// valid UTF-8, one object, nothing after it), and `payload` and every `sig` must be canonical
    /// base64 (standard alphabet, padded, unused bits zero). DSSE lets readers accept URL-safe or
    /// unpadded base64; the gate writes only the canonical form, so any other spelling was not
    /// written by it. Unknown fields are ignored, as DSSE requires.
    ///
    /// - Parameter source: how messages name the envelope, e.g. `'out/report.dsse.json'`.
    /// - Throws: ``SigningError/verificationFailed(_:)`` with ``VerificationProblem/ambiguousJSON(file:path:problem:)``,
    ///   ``VerificationProblem/nonCanonicalBase64(file:path:reason:)`` or ``VerificationProblem/notAnEnvelope(reason:)``.
    package init(jsonBytes: [UInt8], source: String = "the envelope") throws(SigningError) {
        let root: JSONValue
        do throws(StrictJSONViolation) {
            root = try StrictJSONScanner.read(jsonBytes, limit: Self.documentLimit)
        } catch {
            throw .verificationFailed([
                StrictJSONScanner.problem(error, in: jsonBytes, file: source, notJSON: { .notAnEnvelope(reason: $0) })
            ])
        }
        // In the order the checks always ran: the payload, its base64, then the signatures.
        let head = try StrictDocument.decode(Head.self, from: root) { .notAnEnvelope(reason: $0) }
        let payload: [UInt8]
        do throws(Base64Error) {
            // The bytes verified are the base64 text's own: never re-encoded on the way.
            payload = try Base64.decodeCanonical(head.payload)
        } catch {
            throw .verificationFailed([.nonCanonicalBase64(file: source, path: "payload", reason: error.reason)])
        }
        var signatures: [DSSESignature] = []
        for (index, entry) in try StrictDocument.decode(Body.self, from: root) { .notAnEnvelope(reason: $0) }.signatures.enumerated() {
            do throws(Base64Error) {
                signatures.append(DSSESignature(keyID: entry.keyid ?? "", signature: try Base64.decodeCanonical(entry.sig)))
            } catch {
                throw .verificationFailed([.nonCanonicalBase64(file: source, path: "signatures[\(index)].sig", reason: error.reason)])
            }
        }
        self.init(payloadType: head.payloadType, payload: payload, signatures: signatures)
    }
}
