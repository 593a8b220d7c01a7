//===----------------------------------------------------------------------===//
// EnvelopeVerifierTests.swift: a valid signed report, and every tampering rejected with its own message.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateSigning
import GateTestSupport
import Testing

@Suite("EnvelopeVerifier")
struct EnvelopeVerifierTests {
    @Test("an untouched report verifies, with every log counted")
    func valid() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let publicKey = try PublicKey.load(pemFile: fixture.folder.file("signer.pub"))
        let result = try EnvelopeVerifier.verify(envelopeAt: fixture.envelopePath, publicKey: publicKey)
        let reportHex = SHA256.hash(try fixture.folder.read("report.json")).hex
        #expect(result.logPaths == ["logs/fixture.log", "logs/redirect-boundary.log"])
        #expect(result.reportSHA256 == reportHex)
        #expect(result.commit == fixture.commit)
        #expect(result.keyID == fixture.key.publicKey.keyID)
        #expect(result.summary == "verified: 2 log(s), report sha256 \(reportHex), commit \(fixture.commit), signed by \(result.keyID)")
        #expect(result.statement.predicate.result == .passed)
    }

    @Test("a changed payload is a bad signature")
    func payloadTampered() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        var envelope = try fixture.envelope()
        let text = String(decoding: envelope.payload, as: UTF8.self).replacingOccurrences(of: "PASSED", with: "FAILED")
        envelope.payload = Array(text.utf8)
        try fixture.writeEnvelope(envelope)
        #expect(fixture.problems() == [.badSignature(keyID: fixture.key.publicKey.keyID)])
        #expect(fixture.problems().first?.description.hasPrefix("bad signature") == true)
    }

    @Test("a changed payloadType is named, and breaks the signature")
    func payloadTypeTampered() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        var envelope = try fixture.envelope()
        envelope.payloadType = "application/json"
        try fixture.writeEnvelope(envelope)
        #expect(fixture.problems() == [.wrongPayloadType(found: "application/json"), .badSignature(keyID: fixture.key.publicKey.keyID)])
        #expect(fixture.problems().first?.description == "payloadType is 'application/json', expected 'application/vnd.in-toto+json'")
    }

    @Test("another payloadType signed by the key is still refused")
    func payloadTypeSigned() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let envelope = DSSEEnvelope.sign(payload: try fixture.envelope().payload, payloadType: "text/plain", key: fixture.key)
        try fixture.writeEnvelope(envelope)
        #expect(fixture.problems() == [.wrongPayloadType(found: "text/plain")])
    }

    @Test("a changed signature is a bad signature")
    func signatureTampered() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        var envelope = try fixture.envelope()
        envelope.signatures[0].signature[5] ^= 0x20
        try fixture.writeEnvelope(envelope)
        #expect(fixture.problems() == [.badSignature(keyID: fixture.key.publicKey.keyID)])
        envelope.signatures[0].signature = Array(envelope.signatures[0].signature.prefix(10))
        try fixture.writeEnvelope(envelope)
        #expect(fixture.problems() == [.badSignature(keyID: fixture.key.publicKey.keyID)])
    }

    @Test("a changed keyid, or another key, is 'signed by another key'")
    func keyIDTampered() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let other = try SigningKey.generate().publicKey
        let mine = fixture.key.publicKey.keyID
        let expectedOther = VerificationProblem.signedByAnotherKey(keyIDs: [mine], keySource: "the public key", expectedKeyID: other.keyID)
        #expect(fixture.problems(with: try PublicKey(raw: other.raw)) == [expectedOther])
        #expect(
            expectedOther.description == "signed by another key (keyid \(mine)), not by the public key (keyid \(other.keyID))")

        var envelope = try fixture.envelope()
        envelope.signatures[0].keyID = String(repeating: "0", count: 64)
        try fixture.writeEnvelope(envelope)
        #expect(
            fixture.problems() == [
                .signedByAnotherKey(
                    keyIDs: [String(repeating: "0", count: 64)], keySource: "the signing key's public key", expectedKeyID: mine)
            ])
        // An unset keyid (DSSE: a hint only) is tried, and verifies.
        envelope.signatures[0].keyID = ""
        try fixture.writeEnvelope(envelope)
        #expect(fixture.problems() == [])
        envelope.signatures = []
        try fixture.writeEnvelope(envelope)
        #expect(fixture.problems() == [.unsigned])
    }

    @Test("a changed report.json is caught by its digest")
    func reportTampered() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let original = try fixture.folder.read("report.json")
        let changed = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "accepted", with: "rejected")
        try fixture.folder.write(changed, to: "report.json", mode: 0o644)
        let problem = VerificationProblem.reportChanged(actual: SHA256.hash(Array(changed.utf8)).hex, signed: SHA256.hash(original).hex)
        #expect(fixture.problems() == [problem])
        #expect(problem.description.hasPrefix("report.json was changed after signing (sha256 "))
        try FileManager.default.removeItem(atPath: fixture.folder.file("report.json"))
        #expect(fixture.problems() == [.reportMissing(path: fixture.folder.file("report.json"))])
    }

    @Test("a changed log and a missing log are each reported")
    func logsTampered() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let recorded = SHA256.hash(Array("READY origin=...\n".utf8)).hex
        try fixture.folder.write("READY origin=... edited\n", to: "logs/fixture.log", mode: 0o644)
        try FileManager.default.removeItem(atPath: fixture.folder.file("logs/redirect-boundary.log"))
        let problems = fixture.problems()
        #expect(
            problems == [
                .logChanged(path: "logs/fixture.log", actual: SHA256.hash(Array("READY origin=... edited\n".utf8)).hex, recorded: recorded),
                .logMissing(path: "logs/redirect-boundary.log"),
            ])
        #expect(problems.first?.description.hasPrefix("log 'logs/fixture.log' was changed") == true)
        #expect(problems.last?.description == "log 'logs/redirect-boundary.log' is missing")
    }

    @Test(
        "log paths with '..' or absolute paths are refused, not read",
        arguments: ["../outside.log", "logs/../../x", "/etc/passwd", "", "logs/.."])
    func unsafeLogPath(_ path: String) throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        // Signed by the real key, so only the path check can stop it.
        try fixture.writeReport(#"{"logs": [{"path": ""# + path + #"", "sha256": ""# + String(repeating: "0", count: 64) + #""}]}"#)
        #expect(fixture.problems() == [.unsafeLogPath(path: path)])
    }

    @Test("--dir elsewhere, a report without logs, a malformed logs list")
    func directoryAndShapes() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let elsewhere = try ScratchFolder()
        defer { elsewhere.remove() }
        #expect(fixture.problems(directory: elsewhere.path) == [.reportMissing(path: elsewhere.file("report.json"))])
        #expect(fixture.problems(directory: fixture.folder.path + "/") == [])
        try fixture.writeReport(#"{"verdict": "accepted"}"#)
        #expect(fixture.problems() == [])
        try fixture.writeReport(#"{"logs": [{"path": 3}]}"#)
        #expect(fixture.problems().count == 1)
        #expect(fixture.problems().first?.description.hasPrefix("report.json is not a gate report") == true)
    }

    @Test("a payload that is not a test-result statement, and garbage envelope files")
    func notAStatement() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let envelope = DSSEEnvelope.sign(payload: Array("{}".utf8), payloadType: DSSEEnvelope.inTotoPayloadType, key: fixture.key)
        try fixture.writeEnvelope(envelope)
        #expect(fixture.problems().first?.description.hasPrefix("the signed payload is not an in-toto test-result Statement v1") == true)
        try fixture.folder.write("not json at all", to: "report.dsse.json")
        #expect(fixture.problems() == [.notAnEnvelope(reason: "it is not JSON")])
        try fixture.folder.write([0xFF, 0xFE, 0x00, 0x01], to: "report.dsse.json")
        #expect(fixture.problems() == [.notAnEnvelope(reason: "it is not JSON")])
        try FileManager.default.removeItem(atPath: fixture.envelopePath)
        #expect(fixture.problems().first?.description.hasPrefix("cannot read '\(fixture.envelopePath)'") == true)
    }
}
