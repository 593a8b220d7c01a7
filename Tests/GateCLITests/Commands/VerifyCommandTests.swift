//===----------------------------------------------------------------------===//
// VerifyCommandTests.swift: `acceptance-gate verify ENVELOPE --pubkey FILE [--dir DIR]`.
//===----------------------------------------------------------------------===//

import Foundation
import GateArchive
import GateDigest
import GateSigning
import Testing

@testable import GateCLI

@Suite("verify")
struct VerifyCommandTests {
    /// A signed report folder: report.json listing logs/a.log, the envelope and the signer's .pub.
    /// The configuration the signed report carries.
    static let configuration = #"{"suites": [{"name": "a", "kind": "command", "command": ["true"]}]}"#

    /// `text` as a JSON string (it holds quotes only).
    static func jsonString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func signedFolder(verdict: String = "accepted", dirty: Bool = false) throws -> (folder: String, key: SigningKey) {
        // The out folder holds only what a run writes; the key lies beside it, as a deploy job keeps its own.
        let folder = try KeygenCommandTests.scratch() + "/out"
        let key = try SigningKey.generate()
        let log = Array("log line\n".utf8)
        try FileManager.default.createDirectory(atPath: folder + "/logs", withIntermediateDirectories: true)
        try Data(log).write(to: URL(fileURLWithPath: folder + "/logs/a.log"))
        let problems =
            verdict == "accepted"
            ? "[]"
            : #"[{"code": "leak", "kind": "change", "sentence": "1 token-like string leaked", "subject": {"type": "file"}}]"#
        let reasons = verdict == "accepted" ? "[]" : #"["1 token-like string leaked"]"#
        let report =
            Array(#"{"schemaVersion": 1, "gateVersion": "0", "verdict": ""#.utf8) + Array(verdict.utf8)
            + Array(#"", "reasons": \#(reasons), "problems": \#(problems), "stages": [], "#.utf8)
            // The configuration and its one suite, whose log is logs/a.log: sign and verify judge the report by them.
            + Array(#""config": {"path": "acceptance-gate.json", "sha256": "\#(SHA256.hash(Array(Self.configuration.utf8)).hex)", "#.utf8)
            + Array(#""json": \#(Self.jsonString(Self.configuration))}, "#.utf8)
            + Array(
                #""suites": [{"name": "a", "kind": "command", "command": ["true"], "status": "passed", "durationSeconds": 0.1, "#.utf8)
            + Array(
                #""exit": {"status": "exited", "code": 0}, "log": "logs/a.log", "tests": [], "missingTests": [], "reasons": []}], "#.utf8)
            + Array(
                (dirty
                    ? #""commit": {"id": "\#(String(repeating: "a1", count: 20))", "detached": false, "dirty": true, "#
                        + #""changedPaths": ["Sources/App.swift"], "shallow": false}, "#
                    : "").utf8)
            + Array(#""logs": [{"path": "logs/a.log", "size": 9, "sha256": ""#.utf8) + Array(SHA256.hash(log).hex.utf8)
            + Array(#""}]}"#.utf8)
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
        try Data(key.publicKey.pem.utf8).write(to: URL(fileURLWithPath: folder + "/../signer.pub"))
        return (folder, key)
    }

    @Test("a valid report: exit 0 and the summary line")
    func valid() throws {
        let (folder, key) = try signedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
        let run = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        let reportHex = SHA256.hash(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/report.json")))).hex
        #expect(
            run.lines == [
                "verified: accepted at a1a1a1a1a1a1 (0 problems)",
                "  1 log(s), report sha256 \(reportHex), commit \(String(repeating: "a1", count: 20)), "
                    + "signed by \(key.publicKey.keyID)",
                "  configuration acceptance-gate.json, sha256 \(SHA256.hash(Array(Self.configuration.utf8)).hex.prefix(12))",
            ])
        let elsewhere = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub", "--dir", folder])
        #expect(elsewhere.exitCode == .success)
        let required = GateRun.run([
            "verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub", "--require-accepted", "--require-commit",
            String(repeating: "A1", count: 20),
        ])
        #expect(required.exitCode == .success, "\(required.stderr)")
    }

    @Test("a validly signed rejection verifies, says so, and --require-accepted turns it into exit 1")
    func signedRejection() throws {
        let (folder, _) = try signedFolder(verdict: "rejected")
        defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
        let plain = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub"])
        #expect(plain.exitCode == .success)
        #expect(plain.lines.first == "verified: rejected at a1a1a1a1a1a1 (1 problem)")
        let required = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub", "--require-accepted"])
        #expect(required.exitCode == .failure)
        #expect(required.stderr == "acceptance-gate: the signed verdict is 'rejected', and --require-accepted is set\n")
    }

    @Test("--require-commit: another commit is exit 1, a value that is no commit id is exit 2")
    func requireCommit() throws {
        let (folder, _) = try signedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
        let other = GateRun.run([
            "verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub", "--require-commit",
            String(repeating: "b2", count: 20),
        ])
        #expect(other.exitCode == .failure)
        #expect(other.stderr.contains("the report was signed for commit a1a1"))
        let bad = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub", "--require-commit", "main"])
        #expect(bad.exitCode == .usage)
        // A prefix is refused: a commit can be made to match a few hex digits.
        let prefix = GateRun.run([
            "verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub", "--require-commit", "a1a1a1a",
        ])
        #expect(prefix.exitCode == .usage)
        #expect(prefix.stderr.contains("the full commit id"))
    }

    @Test("a dirty work tree's report is noted, and --require-commit refuses it as the commit's own result")
    func dirtyTree() throws {
        let (folder, _) = try signedFolder(dirty: true)
        defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
        let plain = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub"])
        #expect(plain.exitCode == .success, "\(plain.stderr)")
        #expect(plain.lines.contains { $0.contains("the work tree was dirty (1 changed path(s))") }, "\(plain.lines)")
        let required = GateRun.run([
            "verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub", "--require-commit",
            String(repeating: "a1", count: 20),
        ])
        #expect(required.exitCode == .failure)
        #expect(required.stderr.contains("a dirty work tree at a1a1"), "\(required.stderr)")
    }

    @Test("--require-shards: a lone shard's report or another set of shards is exit 1; an empty list is exit 2")
    func requireShards() throws {
        let (folder, _) = try signedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
        let lone = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub", "--require-shards", "a,b"])
        #expect(lone.exitCode == .failure)
        #expect(lone.stderr == "acceptance-gate: the report is not a merged report, and --require-shards asks for the merge of a, b\n")
        let empty = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub", "--require-shards", ","])
        #expect(empty.exitCode == .usage)
        func merged(_ shards: [String], mergeSigned: Bool = true, notSigned: [String] = []) -> VerifiedReport {
            VerifiedReport(
                verdict: .accepted, commit: String(repeating: "a1", count: 20), shards: shards, mergeSigned: mergeSigned,
                shardsNotSigned: notSigned)
        }
        #expect(VerifyRequirements.shardMismatch(merged(["a", "b"]), wanted: ["b", "a"]) == nil)
        #expect(VerifyRequirements.shardMismatch(merged(["a"]), wanted: ["a", "b"]) == "the report merges a, not a, b (--require-shards)")
        #expect(VerifyRequirements.shardMismatch(merged(["a", "a"]), wanted: ["a"]) != nil)
        // A shards section that 'merge' did not sign, or whose envelopes the statement does not name, is no matrix.
        #expect(
            VerifyRequirements.shardMismatch(merged(["a", "b"], mergeSigned: false), wanted: ["a", "b"])?.contains(
                "was not signed by 'acceptance-gate merge'") == true)
        #expect(
            VerifyRequirements.shardMismatch(merged(["a", "b"], notSigned: ["b"]), wanted: ["a", "b"])
                == "shard 'b''s envelope is not among the signed statement's subjects (--require-shards)")
    }

    @Test("a file the report does not list, in logs/ or at the top of the folder, is named and refused")
    func unlistedFile() throws {
        for name in ["logs/extra.log", "notes.txt"] {
            let (folder, _) = try signedFolder()
            defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
            try Data("planted\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            let run = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub"])
            #expect(run.exitCode == .failure, "\(name): \(run.stdout)")
            #expect(run.stderr.contains("the folder holds \(name), which the run did not write"), "\(run.stderr)")
        }
    }

    @Test("tampering: exit 1 with one line per problem")
    func invalid() throws {
        let (folder, _) = try signedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
        try Data("changed!\n".utf8).write(to: URL(fileURLWithPath: folder + "/logs/a.log"))
        let changed = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub"])
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
        let garbage = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/../signer.pub"])
        #expect(garbage.exitCode == .failure)
        #expect(garbage.stderr == "acceptance-gate: not a DSSE envelope: field 'payload' is missing\n")
    }

    @Test("usage: missing arguments and unusable public keys are exit 2")
    func usage() throws {
        let (folder, _) = try signedFolder()
        defer { try? FileManager.default.removeItem(atPath: folder + "/..") }
        #expect(GateRun.run(["verify", folder + "/report.dsse.json"]).exitCode == .usage)
        #expect(GateRun.run(["verify", "--pubkey", folder + "/../signer.pub"]).exitCode == .usage)
        let missingKey = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/none.pub"])
        #expect(missingKey.exitCode == .usage)
        #expect(missingKey.stderr.contains("cannot read key file '\(folder)/none.pub'"))
        let notAKey = GateRun.run(["verify", folder + "/report.dsse.json", "--pubkey", folder + "/report.json"])
        #expect(notAKey.exitCode == .usage)
        #expect(notAKey.stderr.contains("is not an Ed25519 public key"))
    }
}

@Suite("verify in bulk")
struct BulkVerifyCommandTests {
    /// A folder `archive/` of signed shard folders `archive/<run>/<name>`, and the public key.
    private func archive(_ names: [String]) throws -> (root: String, key: SigningKey, pub: String) {
        let root = try KeygenCommandTests.scratch()
        let key = try SigningKey.generate()
        _ = try key.writePEMFiles(prefix: root + "/key")
        for (index, name) in names.enumerated() {
            try SignedShard.write(
                root + "/archive/run-1/\(name)", shard: name, key: key, failing: name.hasPrefix("bad"),
                finishedAt: "2026-12-01T15:00:0\(index).000Z")
        }
        return (root, key, root + "/key.pub")
    }

    @Test("a folder of archived out folders: one line each, sorted, the summary, exit 0")
    func allVerify() throws {
        let (root, _, pub) = try archive(["b", "a", "bad-c"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = GateRun.run(["verify", root + "/archive", "--pubkey", pub])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(
            run.lines == [
                "accepted a1a1a1a1a1a1 a 2026-12-01T15:00:01.000Z \(root)/archive/run-1/a",
                "accepted a1a1a1a1a1a1 b 2026-12-01T15:00:00.000Z \(root)/archive/run-1/b",
                "rejected a1a1a1a1a1a1 bad-c 2026-12-01T15:00:02.000Z \(root)/archive/run-1/bad-c",
                "verified 3 of 3 reports: 2 accepted, 1 rejected, 0 error, 0 aborted",
            ])
        let required = GateRun.run(["verify", root + "/archive", "--pubkey", pub, "--require-accepted"])
        #expect(required.exitCode == .failure)
        #expect(
            required.lines.contains(
                "rejected a1a1a1a1a1a1 bad-c 2026-12-01T15:00:02.000Z \(root)/archive/run-1/bad-c: not accepted (--require-accepted)"))
        let commit = GateRun.run([
            "verify", root + "/archive/run-1/a", "--pubkey", pub, "--require-commit", String(repeating: "b2", count: 20),
        ])
        #expect(commit.exitCode == .failure)
        #expect(commit.lines.first?.hasSuffix(": not commit \(String(repeating: "b2", count: 20)) (--require-commit)") == true)
    }

    @Test("one changed log among several: that one line says why, the summary counts it, exit 1")
    func oneTampered() throws {
        let (root, _, pub) = try archive(["a", "b"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("changed\n".utf8).write(to: URL(fileURLWithPath: root + "/archive/run-1/b/logs/unit.log"))
        let run = GateRun.run(["verify", root + "/archive/run-1/a", root + "/archive/run-1/b/report.dsse.json", "--pubkey", pub])
        #expect(run.exitCode == .failure)
        #expect(run.lines.count == 3)
        #expect(
            run.lines.dropFirst().first?.hasPrefix("unverified \(root)/archive/run-1/b/report.dsse.json: log 'logs/unit.log' was changed")
                == true)
        #expect(run.lines.last == "verified 1 of 2 reports: 1 accepted, 0 rejected, 0 error, 0 aborted")
    }

    @Test("a folder with no archived report, and --dir with folders: exit 1 and exit 2")
    func emptyAndUsage() throws {
        let (root, _, pub) = try archive(["a"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        let empty = GateRun.run(["verify", root + "/empty", "--pubkey", pub])
        #expect(empty.exitCode == .failure)
        #expect(
            empty.stderr
                == "acceptance-gate: no archived report (a folder with report.dsse.json) in or below '\(root)/empty'; name the folders "
                + "the gate's out folders were archived to\n")
        #expect(empty.lines == ["verified 0 of 0 reports: 0 accepted, 0 rejected, 0 error, 0 aborted"])
        // An unsigned run's folder says so, not "no report".
        try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/empty/report.json"))
        let unsigned = GateRun.run(["verify", root + "/empty", "--pubkey", pub])
        #expect(unsigned.exitCode == .failure)
        #expect(
            unsigned.lines.first == "unverified \(root)/empty: an unsigned report (no report.dsse.json); run the gate with a key "
                + "(--key FILE or $ACCEPTANCE_GATE_SIGNING_KEY, see 'acceptance-gate keygen')", "\(unsigned.lines)")
        // A rejected report in the gate's default (hidden) out folder is found, not skipped.
        try FileManager.default.createDirectory(atPath: root + "/archive/job2", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/archive/run-1/a", toPath: root + "/archive/job2/.acceptance-gate")
        let hidden = GateRun.run(["verify", root + "/archive", "--pubkey", pub])
        #expect(hidden.lines.contains { $0.hasSuffix("\(root)/archive/job2/.acceptance-gate") }, "\(hidden.lines)")
        let report = GateRun.run(["verify", root + "/empty/report.json", "--pubkey", pub])
        #expect(report.exitCode == .failure)
        #expect(report.stderr.contains("is the report, not its signature"), "\(report.stderr)")
        let withDir = GateRun.run(["verify", root + "/archive", "--pubkey", pub, "--dir", root])
        #expect(withDir.exitCode == .usage)
    }

    @Test("a link in the archive is not followed")
    func linksNotFollowed() throws {
        let (root, _, pub) = try archive(["a"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/archive/linked", withDestinationPath: root + "/archive/run-1")
        let run = GateRun.run(["verify", root + "/archive", "--pubkey", pub])
        #expect(run.exitCode == .success)
        #expect(run.lines.last == "verified 1 of 1 reports: 1 accepted, 0 rejected, 0 error, 0 aborted")
    }
}
