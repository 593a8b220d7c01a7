//===----------------------------------------------------------------------===//
// StrictDocumentTests.swift: envelopes and statements through the strict Decoder, bytes untouched.
//===----------------------------------------------------------------------===//

import GateSigning
import Testing

@Suite("envelopes and statements through the strict Decoder")
struct StrictDocumentTests {
    @Test("every byte value as a payload: the bytes read are the bytes signed, and the signature verifies over them")
    func payloadBytesExactly() throws {
        let key = try SigningKey.generate()
        // Every byte, including invalid UTF-8 and what JSON escapes: no text round trip may touch them.
        let payload = (0...255).map(UInt8.init) + Array(#"{"a":"\u0000"}"#.utf8)
        let envelope = DSSEEnvelope.sign(payload: payload, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
        let read = try DSSEEnvelope(jsonBytes: envelope.jsonBytes)
        #expect(read.payload == payload)
        #expect(read == envelope)
        let signature = try #require(read.signatures.first)
        #expect(key.publicKey.isValidSignature(signature.signature, of: read.pae))
        #expect(
            !key.publicKey.isValidSignature(
                signature.signature, of: DSSEEnvelope.pae(payloadType: read.payloadType, payload: payload.dropLast() + [0x7E])))
    }

    @Test(
        "an envelope's fields: null is not an unset keyid, and a mistyped member names its path",
        arguments: [
            (
                #"{"payload": "AA==", "payloadType": "x", "signatures": [{"sig": "AA==", "keyid": null}]}"#,
                "field 'signatures[0].keyid' has the wrong type"
            ),
            (#"{"payload": "AA==", "payloadType": "x", "signatures": {}}"#, "field 'signatures' has the wrong type"),
            (#"{"payload": "AA==", "payloadType": "x", "signatures": [7]}"#, "field 'signatures[0]' has the wrong type"),
            (#"{"payload": null, "payloadType": "x", "signatures": []}"#, "field 'payload' has the wrong type"),
        ])
    func envelopeFields(text: String, reason: String) {
        #expect(throws: SigningError.verificationFailed([.notAnEnvelope(reason: reason)])) {
            try DSSEEnvelope(jsonBytes: Array(text.utf8))
        }
    }

    @Test("a digest key written as digits is a member, not an element; a key that is not plain is quoted")
    func digestKeys() {
        let digits = InTotoStatementReadingTests.text(subject: #"[{"digest": {"7": 1}}]"#)
        #expect(InTotoStatementReadingTests.problems(digits) == [.notAStatement(reason: "field 'subject[0].digest.7' has the wrong type")])
        let unset = InTotoStatementReadingTests.text(subject: #"[{"digest": {"sha256": "ab"}, "annotations": null, "name": null}]"#)
        #expect(InTotoStatementReadingTests.problems(unset) == [])
        let result = InTotoStatementReadingTests.text(
            predicate: InTotoStatementReadingTests.predicate.replacingOccurrences(of: #""PASSED""#, with: #""passed""#))
        #expect(
            InTotoStatementReadingTests.problems(result) == [
                .notAStatement(reason: "field 'predicate.result' is not PASSED, WARNED or FAILED")
            ])
    }
}
