//===----------------------------------------------------------------------===//
// ShardMergeTests.swift: real shard runs merged; every gap in the evidence is its own problem.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateArchive
import GateDigest
import GateReport
import GateSigning
import Testing

@Suite("merge: one verdict across a CI matrix")
struct ShardMergeTests {
    /// The merged folder read back as `verify` reads it.
    private func verifiedMerge(_ matrix: MatrixHarness) throws -> ArchivedReport {
        try ArchivedReport.load(folder: matrix.merged, publicKey: matrix.key.publicKey)
    }

    @Test("two shards, both accepted: exit 0, suites named <shard>/<suite>, and the statement names both envelopes")
    func twoAccepted() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("linux")
        try matrix.shard("macos", passing: ["A.testOne", "A.testTwo"])
        let outcome = try matrix.merge(["linux", "macos"])
        #expect(outcome.exitCode == 0, "\(outcome.report.reasons)")
        #expect(outcome.report.verdict == .accepted)
        #expect(outcome.report.suites.map(\.name) == ["linux/unit", "macos/unit"])
        #expect(outcome.report.shards?.map(\.name) == ["linux", "macos"])
        #expect(outcome.report.logs.isEmpty)
        let archive = try verifiedMerge(matrix)
        let subjects = archive.verification.statement.subjects
        for name in ["linux", "macos"] {
            let envelope = try Data(contentsOf: URL(fileURLWithPath: matrix.folder(name) + "/report.dsse.json"))
            let digest = SHA256.hash(Array(envelope)).hex
            #expect(subjects.contains { $0.name == "shards/\(name)/report.dsse.json" && $0.digest["sha256"] == digest })
            #expect(archive.report.shards?.first { $0.name == name }?.envelopeSha256 == digest)
        }
        #expect(subjects.first?.digest["gitCommit"] == archive.report.commit?.id.lowercased())
        #expect(
            archive.verification.statement.predicate.passedTests.sorted() == [
                "linux/unit/A.testOne", "macos/unit/A.testOne", "macos/unit/A.testTwo",
            ])
    }

    @Test("three shards with --expect-shards: accepted, in the order given")
    func threeAccepted() throws {
        let matrix = try MatrixHarness()
        for name in ["ios-17", "ios-18", "linux"] { try matrix.shard(name) }
        let outcome = try matrix.merge(["linux", "ios-17", "ios-18"], expect: ["ios-17", "ios-18", "linux"])
        #expect(outcome.exitCode == 0, "\(outcome.report.reasons)")
        #expect(outcome.report.shards?.map(\.name) == ["linux", "ios-17", "ios-18"])
        #expect(outcome.report.stages.map(\.name) == ["shard linux", "shard ios-17", "shard ios-18", "render", "sign"])
        #expect(outcome.files.contains("report.dsse.json"))
        // The people's formats show the shards too, each with its envelope's digest.
        let summary = try String(contentsOfFile: matrix.merged + "/summary.md", encoding: .utf8)
        let html = try String(contentsOfFile: matrix.merged + "/report.html", encoding: .utf8)
        #expect(summary.contains("### Shards"))
        #expect(html.contains("<h2>Shards</h2>"))
        for shard in outcome.report.shards ?? [] {
            #expect(summary.contains("| \(shard.name) | ") && summary.contains(shard.envelopeSha256), "summary.md lacks \(shard.name)")
            #expect(html.contains("<tr><td>\(shard.name)</td>") && html.contains(shard.envelopeSha256), "report.html lacks \(shard.name)")
        }
        #expect(summary.contains("| ios-17/unit |"))
    }

    @Test("one shard rejected: the merge rejects (1), and the failed test is named by shard")
    func oneRejected() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        try matrix.shard("b", failing: ["B.testBroken"])
        let outcome = try matrix.merge(["a", "b"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.verdict == .rejected)
        #expect(outcome.report.reasons.first?.hasPrefix("shard 'b' was rejected: ") == true, "\(outcome.report.reasons)")
        #expect(outcome.report.problems.first?.code == .shardRejected)
        let failed = outcome.report.problems.first { $0.code == .testFailed }
        #expect(failed?.subject.suite == "b/unit")
        #expect(failed?.sentence.hasPrefix("shard 'b': ") == true)
        let archive = try verifiedMerge(matrix)
        #expect(archive.verification.statement.predicate.failedTests.contains("b/unit/B.testBroken"))
        #expect(archive.verification.statement.predicate.result == .failed)
    }

    @Test("a shard missing from --expect-shards: exit 3, one sentence naming it")
    func missing() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        try matrix.shard("b")
        let outcome = try matrix.merge(["a", "b"], expect: ["a", "b", "c"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.shardMissing])
        #expect(
            outcome.report.reasons == [
                "shard 'c' is expected (--expect-shards) but none of the folders that verified holds it; did its matrix job upload its out folder?"
            ])
    }

    @Test("a shard --expect-shards does not name: exit 3")
    func unexpected() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        try matrix.shard("z")
        let outcome = try matrix.merge(["a", "z"], expect: ["a"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.shardUnexpected])
    }

    @Test("a shard whose log was changed: exit 3, and nothing of it is merged")
    func tamperedLog() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        try matrix.shard("b")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: matrix.folder("b") + "/logs/unit.log"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("forged line\n".utf8))
        try handle.close()
        let outcome = try matrix.merge(["a", "b"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.shardUnverified])
        let sentence = try #require(outcome.report.reasons.first)
        #expect(sentence.hasPrefix("shard folder '\(matrix.folder("b"))' does not verify: log 'logs/unit.log' was changed"), "\(sentence)")
        #expect(outcome.report.shards?.map(\.name) == ["a"])
        #expect(outcome.report.suites.map(\.name) == ["a/unit"])
    }

    @Test("a shard signed by another key: exit 3, naming the key")
    func anotherKey() throws {
        let matrix = try MatrixHarness()
        let other = try SigningKey.generate().writePEMFiles(prefix: matrix.pipeline.root + "/other")
        try matrix.shard("a")
        try matrix.shard("b", signer: other.privateKeyPath)
        let outcome = try matrix.merge(["a", "b"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.shardUnverified])
        #expect(outcome.report.reasons.first?.contains("does not verify: signed by another key") == true, "\(outcome.report.reasons)")
    }

    @Test("shards of two commits: exit 3, naming which shard is at which commit")
    func twoCommits() throws {
        let matrix = try MatrixHarness()
        let first = try matrix.shard("a")
        try matrix.commitAgain()
        let second = try matrix.shard("b")
        let (one, two) = (try #require(first.report.commit?.id), try #require(second.report.commit?.id))
        #expect(one != two)
        let outcome = try matrix.merge(["a", "b"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.shardCommitMismatch])
        #expect(
            outcome.report.reasons == [
                "the shards are for different commits: \(one.prefix(12)) (a), \(two.prefix(12)) (b); merge the shards of one commit only"
            ])
    }

    @Test("accepted shards of an earlier commit replayed for the commit under test: exit 3 with --require-commit")
    func replayedShards() throws {
        let matrix = try MatrixHarness()
        let old = try matrix.shard("a")
        try matrix.shard("b")
        try matrix.commitAgain()
        let head = try #require(try matrix.shard("probe", out: matrix.pipeline.root + "/probe").report.commit?.id)
        #expect(old.report.commit?.id != head)
        #expect(try matrix.merge(["a", "b"]).exitCode == 0, "without --require-commit the shards agree with each other")
        let outcome = try matrix.merge(["a", "b"], requireCommit: head)
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.shardCommitMismatch, .shardCommitMismatch])
        #expect(outcome.report.reasons.first?.contains("(--require-commit): a shard of another commit is no evidence") == true)
    }

    @Test("a shard of a dirty work tree: exit 3, and the merged commit is dirty")
    func dirtyShard() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        let stray = matrix.pipeline.repository + "/stray.txt"
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: stray))
        try matrix.shard("b")
        try FileManager.default.removeItem(atPath: stray)
        let outcome = try matrix.merge(["a", "b"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.reasons.contains { $0.hasPrefix("shard 'b' ran on a dirty work tree") }, "\(outcome.report.reasons)")
        #expect(outcome.report.commit?.dirty == true, "a dirty shard does not vanish behind a clean first one")
        #expect(outcome.report.commit?.changedPaths.contains("stray.txt") == true)
    }

    @Test("shards of two configurations: exit 3")
    func twoConfigurations() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        try matrix.shard("b", configBytes: Array(#"{"suites": [{"name": "unit", "kind": "xctest", "command": ["true"]}]}"#.utf8))
        let outcome = try matrix.merge(["a", "b"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.shardConfigurationMismatch])
        let reason = try #require(outcome.report.reasons.first)
        #expect(reason.hasPrefix("the shards ran with different configurations: "), "\(reason)")
        // Each group names its configuration file and digest, and its shards.
        #expect(reason.contains("(embedded default), sha256 ") && reason.contains("(a)") && reason.contains("(b)"), "\(reason)")
    }

    @Test("the same shard given twice, as one folder or as two copies: exit 3, merged once")
    func duplicated() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        try matrix.shard("a", out: matrix.pipeline.root + "/copy-of-a")
        let twice = try matrix.merge(["a", "a"])
        #expect(twice.exitCode == 3)
        #expect(twice.report.problems.map(\.code) == [.shardDuplicated])
        #expect(twice.report.suites.map(\.name) == ["a/unit"])
        let copies = try matrix.merge(["a", matrix.pipeline.root + "/copy-of-a"])
        #expect(copies.exitCode == 3)
        #expect(copies.report.reasons.first?.hasPrefix("shard 'a' is given twice (") == true, "\(copies.report.reasons)")
    }

    @Test("a report without a shard name is refused, never named after its folder")
    func unnamed() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        try matrix.shard(nil)
        let outcome = try matrix.merge(["a", "unnamed"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.shardUnnamed])
        #expect(outcome.report.reasons.first?.contains("run each matrix job with 'acceptance-gate run --shard NAME'") == true)
    }

    @Test("a folder that is not a shard at all: exit 3, unverified")
    func notAFolder() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        let outcome = try matrix.merge(["a", matrix.pipeline.root + "/nowhere"])
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.shardUnverified])
    }

    @Test("without a signing key the merged report is written unsigned, and says so")
    func unsigned() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("a")
        let outcome = try matrix.merge(["a"], sign: false)
        #expect(outcome.exitCode == 0)
        #expect(!outcome.files.contains("report.dsse.json"))
        #expect(outcome.report.signature == ReportSignature(signed: false))
        #expect(!FileManager.default.fileExists(atPath: matrix.merged + "/report.dsse.json"))
    }
}

@Suite("merge: the shards' isolation")
struct ShardMergeIsolationTests {
    private static let linux = ReportIsolation(mechanism: .namespaces, uid: 65534, gid: 65534, namespaces: ["mount", "pid"])
    private static let mac = ReportIsolation(mechanism: .sandbox, uid: 502, gid: 20)

    @Test func theMergeIsSeparatedOnlyWhenEveryShardIs() {
        #expect(ShardMerge.mergedIsolation([("a", Self.linux), ("b", Self.linux)]) == Self.linux)
        let none = ShardMerge.mergedIsolation([("a", Self.linux), ("b", ReportIsolation(mechanism: .none, reason: "no root"))])
        #expect(none == ReportIsolation(mechanism: .none, reason: "shard 'b': no root"))
        #expect(ShardMerge.mergedIsolation([("a", Self.linux), ("b", nil)]) == nil, "a shard that records nothing")
        let differing = ShardMerge.mergedIsolation([("linux", Self.linux), ("macos", Self.mac)])
        #expect(differing?.mechanism == .namespaces && differing?.reason == "the shards differ: linux namespaces, macos sandbox")
    }

    @Test func aRealMergeCarriesTheShardsRecord() throws {
        let matrix = try MatrixHarness()
        try matrix.shard("linux")
        try matrix.shard("macos")
        let outcome = try matrix.merge(["linux", "macos"])
        let shard = try ArchivedReport.load(folder: matrix.folder("linux"), publicKey: matrix.key.publicKey).report
        let record = try #require(shard.isolation)
        // Both shards ran alike here: separated, the merge has their record; not, the first one's reason.
        let expected = record.isSeparated ? record : ReportIsolation(mechanism: .none, reason: "shard 'linux': " + (record.reason ?? ""))
        #expect(outcome.report.isolation == expected, "\(String(describing: outcome.report.isolation))")
    }
}
