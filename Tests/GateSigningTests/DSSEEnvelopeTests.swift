//===----------------------------------------------------------------------===//
// DSSEEnvelopeTests.swift: PAE bytes, the JSON form, and base64 variants.
//===----------------------------------------------------------------------===//

import Foundation
import GateSigning
import Testing

@Suite("DSSE envelope")
struct DSSEEnvelopeTests {
    @Test("PAE matches the DSSE protocol's example, byte for byte")
    func pae() {
        let bytes = DSSEEnvelope.pae(payloadType: "http://example.com/HelloWorld", payload: Array("hello world".utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == "DSSEv1 29 http://example.com/HelloWorld 11 hello world")
        // Lengths count bytes, not characters: "é" is two bytes.
        let unicode = DSSEEnvelope.pae(payloadType: "t", payload: Array("é".utf8))
        #expect(unicode == Array("DSSEv1 1 t 2 ".utf8) + [0xC3, 0xA9])
        #expect(DSSEEnvelope.pae(payloadType: "", payload: []) == Array("DSSEv1 0  0 ".utf8))
    }

    @Test("sign, write JSON, read back: same envelope, valid signature, stable bytes")
    func roundTrip() throws {
        let key = try SigningKey(seed: [UInt8](repeating: 7, count: 32))
        let payload = Array("{\"a\":\"b/c\"}".utf8)
        let envelope = DSSEEnvelope.sign(payload: payload, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
        let json = envelope.jsonBytes
        #expect(json == DSSEEnvelope.sign(payload: payload, payloadType: DSSEEnvelope.inTotoPayloadType, key: key).jsonBytes)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"payloadType\" : \"application/vnd.in-toto+json\""))
        #expect(text.contains("\"keyid\" : \"\(key.publicKey.keyID)\""))
        #expect(!text.contains("\\/"))
        #expect(text.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        #expect(object["payload"] as? String == Data(payload).base64EncodedString())
        let signatures = try #require(object["signatures"] as? [[String: Any]])
        #expect(signatures.count == 1)
        #expect(signatures.first?["sig"] as? String == Data(envelope.signatures[0].signature).base64EncodedString())
        let parsed = try DSSEEnvelope(jsonBytes: json)
        #expect(parsed == envelope)
        #expect(key.publicKey.isValidSignature(parsed.signatures[0].signature, of: parsed.pae))
    }

    @Test("URL-safe and unpadded base64 are accepted when reading; a missing keyid reads as empty")
    func base64Variants() throws {
        // 0xfb 0xff encodes as "+/8=" (standard) or "-_8" (URL-safe, unpadded).
        let json = #"{"payload": "-_8", "payloadType": "x", "signatures": [{"sig": "+/8="}], "extra": 1}"#
        let envelope = try DSSEEnvelope(jsonBytes: Array(json.utf8))
        #expect(envelope.payload == [0xFB, 0xFF])
        #expect(envelope.signatures == [DSSESignature(keyID: "", signature: [0xFB, 0xFF])])
    }

    @Test("garbage is 'not a DSSE envelope' with the reason")
    func garbage() {
        let cases: [(String, String)] = [
            ("", "it is not JSON"),
            ("[1, 2]", "it is not a JSON object"),
            (#"{"payloadType": "x", "signatures": []}"#, "field 'payload' is missing"),
            (#"{"payload": "AA==", "payloadType": 3, "signatures": []}"#, "field 'payloadType' has the wrong type"),
            (#"{"payload": "A", "payloadType": "x", "signatures": []}"#, "'payload' is not base64"),
            (#"{"payload": "AA==", "payloadType": "x", "signatures": [{"keyid": "k"}]}"#, "field 'signatures[0].sig' is missing"),
            (#"{"payload": "AA==", "payloadType": "x", "signatures": [{"sig": "*"}]}"#, "'signatures[0].sig' is not base64"),
            (#"{"payload": "AA=A", "payloadType": "x", "signatures": []}"#, "'payload' is not base64"),
        ]
        for (text, reason) in cases {
            #expect {
                try DSSEEnvelope(jsonBytes: Array(text.utf8))
            } throws: { error in
                "\(error)" == "not a DSSE envelope: \(reason)"
            }
        }
    }
}
