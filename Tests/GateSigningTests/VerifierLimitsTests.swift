//===----------------------------------------------------------------------===//
// VerifierLimitsTests.swift: what an untrusted folder can make verify spend, bounded.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateSigning
import Testing

@Suite("verify's work is bounded")
struct VerifierLimitsTests {
    @Test("an envelope with more signatures than a signer writes is refused before any is checked")
    func manySignatures() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let envelope = try fixture.envelope()
        let other = try SigningKey.generate()
        // The review's attack: thousands of unnamed signatures, each an Ed25519 check over the payload.
        let decoys = (0..<300).map { _ in DSSESignature(keyID: "", signature: other.sign(envelope.pae)) }
        try fixture.writeEnvelope(
            DSSEEnvelope(payloadType: envelope.payloadType, payload: envelope.payload, signatures: decoys + envelope.signatures))
        #expect(fixture.problems() == [.tooManySignatures(count: 301, limit: 8)])
    }

    @Test("an unnamed signature counts only when it is the only one")
    func unnamedSignature() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let envelope = try fixture.envelope()
        let real = try #require(envelope.signatures.first)
        let alone = DSSESignature(keyID: "", signature: real.signature)
        try fixture.writeEnvelope(DSSEEnvelope(payloadType: envelope.payloadType, payload: envelope.payload, signatures: [alone]))
        #expect(fixture.problems() == [])
        let other = try SigningKey.generate()
        let named = DSSESignature(keyID: other.publicKey.keyID, signature: other.sign(envelope.pae))
        try fixture.writeEnvelope(DSSEEnvelope(payloadType: envelope.payloadType, payload: envelope.payload, signatures: [named, alone]))
        #expect(fixture.problems().first.map { if case .signedByAnotherKey = $0 { true } else { false } } == true)
    }

    @Test("a log of another size than recorded is refused without being read (a sparse 20 GB file)")
    func sparseLog() throws {
        let text = "ok\n"
        let fixture = try SignedReportFixture(logs: [("logs/a.log", text)])
        defer { fixture.folder.remove() }
        try fixture.writeReport(
            #"{"verdict": "accepted", "logs": [{"path": "logs/a.log", "size": 3, "sha256": ""# + SHA256.hash(Array(text.utf8)).hex
                + #""}]}"# + "\n")
        #expect(fixture.problems() == [])
        let path = fixture.folder.file("logs/a.log")
        #expect(truncate(path, 20 << 30) == 0)
        let started = ContinuousClock.now
        #expect(fixture.problems() == [.logSizeChanged(path: "logs/a.log", actual: 20 << 30, recorded: 3)])
        #expect(ContinuousClock.now - started < .seconds(5), "not hashed to its end")
    }

    @Test("a signed gitCommit that is no commit id is refused as no commit")
    func malformedCommit() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let report = try fixture.folder.read("report.json")
        let statement = InTotoStatement(
            subjects: [
                .gitCommit(name: "repo", id: "a\nverified: accepted"), .sha256(name: "report.json", hex: SHA256.hash(report).hex),
            ],
            result: .passed, passedTests: [], failedTests: [], configuration: [])
        try fixture.sign(payload: statement.jsonBytes)
        #expect(fixture.problems() == [.notAStatement(reason: "no subject with a gitCommit digest")])
    }
}
