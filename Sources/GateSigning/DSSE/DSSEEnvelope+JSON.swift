//===----------------------------------------------------------------------===//
// DSSEEnvelope+JSON.swift: the envelope's JSON form, written deterministically and parsed strictly.
//===----------------------------------------------------------------------===//

import Foundation

extension DSSEEnvelope {
    /// The JSON document, field for field.
    private struct Document: Codable {
        /// Base64 of the payload.
        var payload: String
        /// The payload type.
        var payloadType: String
        /// The signatures.
        var signatures: [Signature]
    }

    /// One signature in the JSON document.
    private struct Signature: Codable {
        /// The keyid; DSSE treats unset as empty.
        var keyid: String?
        /// Base64 of the signature.
        var sig: String
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
    /// must pass ``StrictJSONScanner`` (no duplicate key at any level, valid UTF-8, one object,
    /// nothing after it), and `payload` and every `sig` must be canonical base64 (standard
    /// alphabet, padded, unused bits zero). DSSE lets readers accept URL-safe or unpadded
    /// base64; the gate writes only the canonical form, so any other spelling was not written by
    /// it. Unknown fields are ignored, as DSSE requires.
    ///
    /// - Parameter source: how messages name the envelope, e.g. `'out/report.dsse.json'`.
    /// - Throws: ``SigningError/verificationFailed(_:)`` with ``VerificationProblem/ambiguousJSON(file:path:problem:)``,
    ///   ``VerificationProblem/nonCanonicalBase64(file:path:reason:)`` or ``VerificationProblem/notAnEnvelope(reason:)``.
    package init(jsonBytes: [UInt8], source: String = "the envelope") throws(SigningError) {
        let strict = StrictJSONScanner.violation(in: jsonBytes, limit: Self.documentLimit)
        if let strict, strict.isAmbiguity {
            throw .verificationFailed([.ambiguousJSON(file: source, path: strict.path, problem: strict.problem)])
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(jsonBytes))
        } catch let error as DecodingError {
            throw .verificationFailed([.notAnEnvelope(reason: Self.describe(error))])
        } catch {
            throw .verificationFailed([.notAnEnvelope(reason: "it is not JSON")])
        }
        if let strict {
            throw .verificationFailed([.ambiguousJSON(file: source, path: strict.path, problem: strict.problem)])
        }
        let payload: [UInt8]
        do throws(ParseFailure) {
            payload = try Base64.decodeCanonical(document.payload)
        } catch {
            throw .verificationFailed([.nonCanonicalBase64(file: source, path: "payload", reason: error.reason)])
        }
        var signatures: [DSSESignature] = []
        for (index, entry) in document.signatures.enumerated() {
            do throws(ParseFailure) {
                let signature = try Base64.decodeCanonical(entry.sig)
                signatures.append(DSSESignature(keyID: entry.keyid ?? "", signature: signature))
            } catch {
                throw .verificationFailed([
                    .nonCanonicalBase64(file: source, path: "signatures[\(index)].sig", reason: error.reason)
                ])
            }
        }
        self.init(payloadType: document.payloadType, payload: payload, signatures: signatures)
    }

    /// A short phrase for a decoding failure: which field is missing or of the wrong type.
    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "field '\(path(context.codingPath + [key]))' is missing"
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            "it is not a JSON object"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "field '\(path(context.codingPath))' has the wrong type"
        case .dataCorrupted(let context):
            context.codingPath.isEmpty ? "it is not JSON" : "field '\(path(context.codingPath))' is malformed"
        @unknown default:
            "it does not have the DSSE fields"
        }
    }

    /// `signatures[0].sig` for a coding path.
    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "(top level)" : text
    }
}
