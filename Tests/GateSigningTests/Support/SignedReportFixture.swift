//===----------------------------------------------------------------------===//
// SignedReportFixture.swift: a report folder (report.json, logs/, envelope, keys) to verify and tamper with.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateSigning
import GateTestSupport

/// A signed report folder as `acceptance-gate run` leaves it: `report.json`, two logs under
/// `logs/`, `report.dsse.json`, and the signer's `signer.pub`.
struct SignedReportFixture {
    /// The folder.
    let folder: ScratchFolder
    /// The signing key.
    let key: SigningKey
    /// The commit in the statement.
    let commit = "89abcdef0123456789abcdef0123456789abcdef"

    /// Writes everything; `logs` are (path, contents) and the report lists each with its SHA-256.
    init(logs: [(String, String)] = [("logs/fixture.log", "READY origin=...\n"), ("logs/redirect-boundary.log", "ok\n")]) throws {
        folder = try ScratchFolder()
        key = try SigningKey.generate()
        for (path, text) in logs {
            try folder.write(text, to: path, mode: 0o644)
        }
        let entries = logs.map { path, text in
            #"{"path": ""# + path + #"", "sha256": ""# + SHA256.hash(Array(text.utf8)).hex + #""}"#
        }
        try writeReport(#"{"verdict": "accepted", "logs": ["# + entries.joined(separator: ", ") + "]}\n")
        try folder.write(key.publicKey.pem, to: "signer.pub", mode: 0o644)
    }

    /// Writes `report.json` with `text` and signs a statement over it.
    func writeReport(_ text: String) throws {
        try writeReport(bytes: Array(text.utf8))
    }

    /// Writes `report.json` with `bytes` (which need not be UTF-8) and signs a statement over it.
    func writeReport(bytes: [UInt8]) throws {
        try folder.write(bytes, to: "report.json", mode: 0o644)
        let statement = InTotoStatement(
            subjects: [
                .gitCommit(name: "acceptance-gate", id: commit),
                .sha256(name: "report.json", hex: SHA256.hash(bytes).hex),
            ],
            result: .passed, passedTests: ["RedirectBoundaryTests.testSameOriginRedirectSucceeds"], failedTests: [],
            configuration: [.sha256(name: "acceptance-gate.json", hex: SHA256.hash([]).hex)])
        let envelope = DSSEEnvelope.sign(
            payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
        try writeEnvelope(envelope)
    }

    /// Replaces the envelope file.
    func writeEnvelope(_ envelope: DSSEEnvelope) throws {
        try folder.write(envelope.jsonBytes, to: "report.dsse.json", mode: 0o644)
    }

    /// The envelope as written.
    func envelope() throws -> DSSEEnvelope {
        try DSSEEnvelope(jsonBytes: folder.read("report.dsse.json"))
    }

    /// Signs `payload` (statement text written by hand) and writes the envelope.
    func sign(payload: [UInt8]) throws {
        try writeEnvelope(DSSEEnvelope.sign(payload: payload, payloadType: DSSEEnvelope.inTotoPayloadType, key: key))
    }

    /// The envelope's path.
    var envelopePath: String { folder.file("report.dsse.json") }

    /// Runs the verifier with the signer's key and returns the problems (empty when valid).
    func problems(with publicKey: PublicKey? = nil, directory: String? = nil) -> [VerificationProblem] {
        do {
            _ = try EnvelopeVerifier.verify(envelopeAt: envelopePath, publicKey: publicKey ?? key.publicKey, directory: directory)
            return []
        } catch {
            if case .verificationFailed(let problems) = error { return problems }
            return [.notAnEnvelope(reason: "unexpected \(error)")]
        }
    }
}
