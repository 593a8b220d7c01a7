//===----------------------------------------------------------------------===//
// VerifyCommandTests.swift: `acceptance-gate verify ENVELOPE --pubkey FILE [--dir DIR]`.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateDigest
import GateSigning
import Testing

@Suite("verify")
struct VerifyCommandTests {
    /// A signed report folder: report.json listing logs/a.log, the envelope and the signer's .pub.
    private func signedFolder() throws -> (folder: String, key: SigningKey) {
        let folder = try KeygenCommandTests.scratch()
        let key = try SigningKey.generate()
        let log = Array("log line\n".utf8)
        try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        try Data(log).write(to: URL(fileURLWithPath: folder + "/logs/a.log"))
        let report = Array(#"{"logs": [{"path": "logs/a.log", "sha256": ""#.utf8) + Array(SHA256.hash(log).hex.utf8) + Array(#""}]}"#.utf8)
        try Data(report).write(to: URL(fileURLWithPath: folder + "/report.json"))
        let statement = InTotoStatement(
            subjects: [
                .gitCommit(name: "repo", id: String(repeating: "a1", count: 20)),
                .sha256(name: "report.json", hex: SHA256.hash(report).hex),
            ],
            result: .passed, passedTests: ["T.test"], failedTests: [],
            configuration: [.sha256(name: "acceptance-gate.json", hex: SHA256.hash([]).hex)])
        let envelope = DSSEEnvelope.sign(payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
        try Data(envelope.jsonBytes).write(to: URL(fileURLWithPath: folder + "/report.dsse.json"))
        try Data(key.publicKey.pem.utf8).write(to: URL(fileURLWithPath: folder + "/signer.pub"))
        return (folder, key)
    }

    @Test("a valid report: exit 0 and the summary line")
    func valid() throws {
        let (folder, key) = try signedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/signer.pub"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        let reportHex = SHA256.hash(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/report.json")))).hex
        #expect(
            run.lines == [
                "verified: 1 log(s), report sha256 \(reportHex), commit \(String(repeating: "a1", count: 20)), "
                    + "signed by \(key.publicKey.keyID)"
            ])
        let elsewhere = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/signer.pub", "--dir", folder])
        #expect(elsewhere.exitCode == .success)
    }

    @Test("tampering: exit 1 with one line per problem")
    func invalid() throws {
        let (folder, _) = try signedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("changed\n".utf8).write(to: URL(fileURLWithPath: folder + "/logs/a.log"))
        let changed = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/signer.pub"])
        #expect(changed.exitCode == .failure)
        #expect(changed.stdout.isEmpty)
        #expect(changed.stderr.hasPrefix("acceptance-gate: log 'logs/a.log' was changed (sha256 "))
        #expect(changed.stderr.split(separator: "\n").count == 1)

        let other = try SigningKey.generate()
        try Data(other.publicKey.pem.utf8).write(to: URL(fileURLWithPath: folder + "/other.pub"))
        let wrongKey = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/other.pub"])
        #expect(wrongKey.exitCode == .failure)
        #expect(wrongKey.stderr.contains("signed by another key (keyid "))
        #expect(wrongKey.stderr.contains("not by \(folder)/other.pub (keyid \(other.publicKey.keyID))"))

        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/report.dsse.json"))
        let garbage = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/signer.pub"])
        #expect(garbage.exitCode == .failure)
        #expect(garbage.stderr == "acceptance-gate: not a DSSE envelope: field 'payload' is missing\n")
    }

    @Test("usage: missing arguments and unusable public keys are exit 2")
    func usage() throws {
        let (folder, _) = try signedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(GateRun.run(["verify", folder + "/report.dsse.json"]).exitCode == .usage)
        #expect(GateRun.run(["verify", "--pubkey", folder + "/signer.pub"]).exitCode == .usage)
        let missingKey = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/none.pub"])
        #expect(missingKey.exitCode == .usage)
        #expect(missingKey.stderr.contains("cannot read key file '\(folder)/none.pub'"))
        let notAKey = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/report.json"])
        #expect(notAKey.exitCode == .usage)
        #expect(notAKey.stderr.contains("is not an Ed25519 public key"))
    }
}
