//===----------------------------------------------------------------------===//
// PinnedPolicyTests.swift: what the deploying side pins: the verifying key (`merge --require-keyid`)
// and the configuration (`verify`/`merge --require-config`, `--require-config-file`).
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateDigest
import GateSigning
import Testing

@Suite("pinned policy: the key and the configuration the change does not choose")
struct PinnedPolicyTests {
    /// Shards `a` and `b` signed by `key`, and its public key at `<root>/<name>.pub`.
    private static func shards(in root: String, key: SigningKey, name: String, configuration: String = SignedShard.configuration) throws {
        _ = try key.writePEMFiles(prefix: root + "/" + name)
        for shard in ["a", "b"] {
            try SignedShard.write(root + "/\(name)-shards/" + shard, shard: shard, key: key, configuration: configuration)
        }
    }

    private static func merge(_ root: String, name: String, _ extra: [String]) -> GateRun {
        GateRun.run(
            ["merge", root + "/\(name)-shards/a", root + "/\(name)-shards/b", "--pubkey", root + "/\(name).pub", "--out", root + "/merged"]
                + extra)
    }

    @Test("shards signed by a key the change shipped (its own acceptance-gate.pub) are refused under --require-keyid")
    func keyFromTheChange() throws {
        let root = try KeygenCommandTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let trusted = try SigningKey.generate()
        _ = try trusted.writePEMFiles(prefix: root + "/trusted")
        // The change's attack: its own key pair, its accepted shards signed with it, its .pub beside them.
        try Self.shards(in: root, key: try SigningKey.generate(), name: "change")
        let unpinned = Self.merge(root, name: "change", [])
        #expect(unpinned.exitCode == .success, "without the pin the forged matrix passes: \(unpinned.stderr)")
        try? FileManager.default.removeItem(atPath: root + "/merged")

        let pinned = Self.merge(root, name: "change", ["--require-keyid", trusted.publicKey.keyID])
        #expect(pinned.exitCode == .infrastructure, "\(pinned.stdout)\(pinned.stderr)")
        #expect(pinned.stderr.contains("(--require-keyid)"), "\(pinned.stderr)")
        #expect(pinned.stderr.contains("never from the change"))
        #expect(pinned.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: root + "/merged/report.json"), "nothing merged")

        try Self.shards(in: root, key: trusted, name: "base")
        let good = Self.merge(root, name: "base", ["--require-keyid", trusted.publicKey.keyID.uppercased()])
        #expect(good.exitCode == .success, "\(good.stderr)")
        let malformed = Self.merge(root, name: "base", ["--require-keyid", "abc"])
        #expect(malformed.exitCode == .usage)
    }

    @Test("--require-config and --require-config-file: verify and merge refuse a run of another configuration")
    func configuration() throws {
        let root = try KeygenCommandTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let key = try SigningKey.generate()
        // The change's edit: its expectations gone.
        let gutted = #"{"suites": [{"name": "unit", "kind": "xctest", "command": ["swift", "test"]}]}"#
        try Self.shards(in: root, key: key, name: "k", configuration: gutted)
        let pinned = SHA256.hash(Array(SignedShard.configuration.utf8)).hex
        let used = SHA256.hash(Array(gutted.utf8)).hex
        let envelope = root + "/k-shards/a/report.dsse.json"

        let refused = GateRun.run(["verify", envelope, "--pubkey", root + "/k.pub", "--require-config", pinned])
        #expect(refused.exitCode == .failure, "\(refused.stderr)")
        #expect(refused.stderr.contains("sha256 \(used), not \(pinned) (--require-config)"), "\(refused.stderr)")
        let matching = GateRun.run(["verify", envelope, "--pubkey", root + "/k.pub", "--require-config", used.uppercased()])
        #expect(matching.exitCode == .success, "\(matching.stderr)")
        let bulk = GateRun.run(["verify", root + "/k-shards", "--pubkey", root + "/k.pub", "--require-config", pinned])
        #expect(bulk.exitCode == .failure)
        #expect(bulk.stdout.contains("not configuration \(pinned.prefix(12)) (--require-config)"), "\(bulk.stdout)")

        // The form a deploying side uses: the digest of its own copy, as sha256sum prints it.
        try Data("\(pinned)  acceptance-gate.json\n".utf8).write(to: URL(fileURLWithPath: root + "/pinned.sha256"))
        let fromFile = GateRun.run(["verify", envelope, "--pubkey", root + "/k.pub", "--require-config-file", root + "/pinned.sha256"])
        #expect(fromFile.exitCode == .failure, "\(fromFile.stderr)")
        #expect(fromFile.stderr.contains("(--require-config)"))
        let both = GateRun.run([
            "verify", envelope, "--pubkey", root + "/k.pub", "--require-config", pinned, "--require-config-file", root + "/pinned.sha256",
        ])
        #expect(both.exitCode == .usage)
        try Data("not a digest\n".utf8).write(to: URL(fileURLWithPath: root + "/bad.sha256"))
        let bad = GateRun.run(["verify", envelope, "--pubkey", root + "/k.pub", "--require-config-file", root + "/bad.sha256"])
        #expect(bad.exitCode == .usage)
        #expect(bad.stderr.contains("--require-config-file"))

        let merge = Self.merge(root, name: "k", ["--require-config-file", root + "/pinned.sha256"])
        #expect(merge.exitCode == .infrastructure, "\(merge.stdout)\(merge.stderr)")
        #expect(merge.stderr.contains("not the pinned \(pinned.prefix(12)) (--require-config)"), "\(merge.stderr)")
        try? FileManager.default.removeItem(atPath: root + "/merged")
        let mergeMatching = Self.merge(root, name: "k", ["--require-config", used])
        #expect(mergeMatching.exitCode == .success, "\(mergeMatching.stderr)")
    }
}
