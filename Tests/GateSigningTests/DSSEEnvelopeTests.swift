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

    @Test("canonical base64 reads; a missing keyid reads as empty; unknown fields are ignored")
    func base64Canonical() throws {
        // 0xfb 0xff encodes as "+/8=" (standard, canonical).
        let json = #"{"payload": "+/8=", "payloadType": "x", "signatures": [{"sig": "+/8="}], "extra": 1}"#
        let envelope = try DSSEEnvelope(jsonBytes: Array(json.utf8))
        #expect(envelope.payload == [0xFB, 0xFF])
        #expect(envelope.signatures == [DSSESignature(keyID: "", signature: [0xFB, 0xFF])])
    }

    @Test(
        "every other spelling of the same bytes is refused, naming the field and the rule",
        arguments: [
            ("-_8=", "it uses the URL-safe alphabet ('-' or '_'); the standard one is required"),
            ("+/8", "its length is not a multiple of 4 (the '=' padding is missing)"),
            ("+/9=", "its unused padding bits are not zero (not the canonical encoding)"),  // 0xfb 0xff with a stray bit
            (#"+/\n8="#, "it has a line break"),  // the JSON escape, so the string holds a real line break
            (#"+/\r\n8="#, "it has a line break"),
            ("+/ 8=", "it has a space"),
            ("+/8=+/8=", "it has '=' other than one or two at the end"),
            ("*", "it has a character outside the base64 alphabet"),
        ])
    func base64Variants(_ spelling: String, _ reason: String) {
        for field in ["payload", "signatures[0].sig"] {
            let payload = field == "payload" ? spelling : "+/8="
            let sig = field == "payload" ? "+/8=" : spelling
            let json = #"{"payload": "\#(payload)", "payloadType": "x", "signatures": [{"sig": "\#(sig)"}]}"#
            #expect(throws: SigningError.verificationFailed([.nonCanonicalBase64(file: "'e.json'", path: field, reason: reason)])) {
                try DSSEEnvelope(jsonBytes: Array(json.utf8), source: "'e.json'")
            }
        }
    }

    @Test("garbage is 'not a DSSE envelope' with the reason")
    func garbage() {
        let cases: [(String, String)] = [
            ("", "it is not JSON"),
            ("[1, 2]", "it is not a JSON object"),
            (#"{"payloadType": "x", "signatures": []}"#, "field 'payload' is missing"),
            (#"{"payload": "AA==", "payloadType": 3, "signatures": []}"#, "field 'payloadType' has the wrong type"),
            (#"{"payload": "AA==", "payloadType": "x", "signatures": [{"keyid": "k"}]}"#, "field 'signatures[0].sig' is missing"),
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
