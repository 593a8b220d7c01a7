//===----------------------------------------------------------------------===//
// MergeCommandTests.swift: `acceptance-gate merge SHARD_DIR... --pubkey FILE --out DIR`: exit codes and lines.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateReport
import GateSigning
import Testing

@Suite("merge")
struct MergeCommandTests {
    /// A scratch folder with a key pair (`key.key`, `key.pub`) and signed shards in `shards/<name>`.
    private struct Matrix {
        let root: String
        let key: SigningKey
        var pub: String { root + "/key.pub" }
        var keyFile: String { root + "/key.key" }
        var out: String { root + "/merged" }

        init(_ shards: [String], failing: Set<String> = [], pipelines: [String: ReportPipeline] = [:]) throws {
            root = try KeygenCommandTests.scratch()
            key = try SigningKey.generate()
            _ = try key.writePEMFiles(prefix: root + "/key")
            for name in shards {
                try SignedShard.write(folder(name), shard: name, key: key, failing: failing.contains(name), pipeline: pipelines[name])
            }
        }

        func folder(_ name: String) -> String { root + "/shards/" + name }

        func merge(_ names: [String], _ extra: [String] = []) -> GateRun {
            GateRun.run(["merge"] + names.map(folder) + ["--pubkey", pub, "--out", out, "--key", keyFile] + extra)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test("three accepted shards: exit 0, one line per shard, signed, and the merged folder verifies")
    func accepted() throws {
        let matrix = try Matrix(["a", "b", "c"])
        defer { matrix.remove() }
        let run = matrix.merge(["a", "b", "c"], ["--expect-shards", "a,b,c"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.lines.count == 5)
        #expect(run.lines.prefix(3).allSatisfy { $0.contains(": verified: accepted, 1 suite(s), 1 test(s), commit a1a1a1a1a1a1") })
        #expect(run.lines.last == "accepted: 3 shard(s), 3 suite(s), 3 test(s) at a1a1a1a1a1a1")
        let verify = GateRun.run(["verify", matrix.out + "/report.dsse.json", "--pubkey", matrix.pub, "--require-accepted"])
        #expect(verify.exitCode == .success, "\(verify.stderr)")
        #expect(verify.lines.first == "verified: accepted at a1a1a1a1a1a1 (0 problems)")
    }

    /// A pipeline record of the shards' commit, as `sign --repo` writes it.
    static func pipeline(editing files: [String]) -> ReportPipeline {
        ReportPipeline(
            event: "pull_request", workflow: ".github/workflows/acceptance-gate.yml", workflowRef: nil, head: SignedShard.commit,
            base: String(repeating: "b2", count: 20), mergeBase: String(repeating: "b2", count: 20), changedPipelineFiles: files)
    }

    @Test(
        "the shards' pipeline records carry into the merge: one shard's edited pipeline marks the verdict, a shard without a record leaves none",
        arguments: [
            ("clean", true, "pipeline: protected"), ("one edits", false, "pipeline: defined by the change"),
            ("one unrecorded", false, "signer recorded no pipeline"),
        ])
    func pipelines(case name: String, protected: Bool, said: String) throws {
        var pipelines = ["a": Self.pipeline(editing: []), "b": Self.pipeline(editing: [])]
        if name == "one edits" { pipelines["b"] = Self.pipeline(editing: ["acceptance-gate.json"]) }
        if name == "one unrecorded" { pipelines["b"] = nil }
        let matrix = try Matrix(["a", "b"], pipelines: pipelines)
        defer { matrix.remove() }
        let run = matrix.merge(["a", "b"], ["--expect-shards", "a,b"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        let verify = GateRun.run([
            "verify", matrix.out + "/report.dsse.json", "--pubkey", matrix.pub, "--require-accepted", "--require-protected-pipeline",
        ])
        #expect(verify.exitCode == (protected ? .success : .failure), "\(verify.stdout)\(verify.stderr)")
        #expect((verify.stdout + verify.stderr).contains(said), "\(verify.stdout)\(verify.stderr)")
    }

    @Test("one shard rejected: exit 1, the sentence names the shard")
    func rejected() throws {
        let matrix = try Matrix(["a", "b"], failing: ["b"])
        defer { matrix.remove() }
        let run = matrix.merge(["a", "b"])
        #expect(run.exitCode == .failure)
        #expect(run.lines.last == "rejected: shard 'b' was rejected: suite 'unit': 1 test(s) failed: T.a")
        #expect(run.stderr.hasPrefix("acceptance-gate: shard 'b' was rejected: suite 'unit': 1 test(s) failed: T.a\n"))
    }

    @Test("in GitHub Actions: an ::error annotation per problem and the merged summary in the job summary")
    func githubActions() throws {
        let matrix = try Matrix(["a", "b"], failing: ["b"])
        defer { matrix.remove() }
        let summary = matrix.root + "/step-summary.md"
        let run = GateRun.run(
            ["merge", matrix.folder("a"), matrix.folder("b"), "--pubkey", matrix.pub, "--out", matrix.out, "--key", matrix.keyFile],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
        #expect(run.exitCode == .failure)
        #expect(run.lines.contains { $0.hasPrefix("::error") && $0.contains("shard 'b' was rejected") }, "\(run.lines)")
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.contains("### Shards") && written.contains("| b/unit |"))
    }

    @Test("a missing shard, a changed log, another key, two commits, a duplicate: exit 3, each one line")
    func incomplete() throws {
        let matrix = try Matrix(["a", "b"])
        defer { matrix.remove() }
        let missing = matrix.merge(["a", "b"], ["--expect-shards", "a,b,c"])
        #expect(missing.exitCode == .infrastructure)
        #expect(
            missing.stderr
                == "acceptance-gate: shard 'c' is expected (--expect-shards) but none of the folders that verified holds it; did its matrix job upload "
                + "its out folder?\n")

        let twice = matrix.merge(["a", "a"])
        #expect(twice.exitCode == .infrastructure)
        #expect(
            twice.stderr
                == "acceptance-gate: shard 'a' is given twice ('\(matrix.folder("a"))' and '\(matrix.folder("a"))'); only the first is "
                + "merged, so give each shard's folder once\n")

        try SignedShard.write(matrix.folder("other"), shard: "other", key: try SigningKey.generate())
        let other = matrix.merge(["a", "other"])
        #expect(other.exitCode == .infrastructure)
        #expect(other.stderr.hasPrefix("acceptance-gate: shard folder '\(matrix.folder("other"))' does not verify: signed by another key"))
        #expect(other.stderr.split(separator: "\n").count == 1)

        try SignedShard.write(matrix.folder("later"), shard: "later", key: matrix.key, commit: String(repeating: "b2", count: 20))
        let commits = matrix.merge(["a", "later"])
        #expect(commits.exitCode == .infrastructure)
        #expect(
            commits.stderr
                == "acceptance-gate: the shards are for different commits: a1a1a1a1a1a1 (a), b2b2b2b2b2b2 (later); merge the shards of "
                + "one commit only\n")

        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: matrix.folder("b") + "/logs/unit.log"))
        try log.seekToEnd()
        try log.write(contentsOf: Data("forged\n".utf8))
        try log.close()
        let tampered = matrix.merge(["a", "b"])
        #expect(tampered.exitCode == .infrastructure)
        #expect(
            tampered.stderr.hasPrefix(
                "acceptance-gate: shard folder '\(matrix.folder("b"))' does not verify: log 'logs/unit.log' was changed"))
    }

    @Test("a shard that could not judge (error) or was interrupted (aborted): exit 3, never 130, never accepted")
    func couldNotJudge() throws {
        let matrix = try Matrix(["a"])
        defer { matrix.remove() }
        try SignedShard.write(
            matrix.folder("slow"), shard: "slow", key: matrix.key,
            problems: [ReportProblem(.suiteTimedOut, subject: .suite("unit"), "suite 'unit' ran past its timeout of 60 s")])
        try SignedShard.write(
            matrix.folder("stopped"), shard: "stopped", key: matrix.key,
            problems: [ReportProblem(.interrupted, subject: .run, "the run was interrupted by SIGTERM", signal: 15)])
        let error = matrix.merge(["a", "slow"])
        #expect(error.exitCode == .infrastructure)
        #expect(error.lines.last == "error: shard 'slow' could not judge (verdict error): suite 'unit' ran past its timeout of 60 s")
        #expect(error.stderr.contains("acceptance-gate: shard 'slow': suite 'unit' ran past its timeout of 60 s\n"))
        let aborted = matrix.merge(["a", "stopped"])
        #expect(aborted.exitCode == .infrastructure)
        #expect(aborted.lines.last == "error: shard 'stopped' could not judge (verdict aborted): the run was interrupted by SIGTERM")
    }

    @Test("a hand-signed shard name that is no shard name (a path, an escape sequence) is refused, and no output carries it raw")
    func hostileShardName() throws {
        let matrix = try Matrix(["a"])
        defer { matrix.remove() }
        try SignedShard.write(matrix.folder("odd"), shard: "../x\u{1B}[31m\nforged", key: matrix.key)
        let run = matrix.merge(["a", "odd"])
        #expect(run.exitCode == .infrastructure)
        #expect(run.stderr.contains("holds a report whose shard name is not one 'run --shard' accepts"))
        #expect(!run.stdout.contains("\u{1B}") && !run.stderr.contains("\u{1B}"))
        let verify = GateRun.run(["verify", matrix.folder("odd"), "--pubkey", matrix.pub])
        #expect(verify.exitCode == .success)
        #expect(verify.lines.count == 2, "one line for the report, one summary: \(verify.lines)")
        #expect(!verify.stdout.contains("\u{1B}"))
    }

    @Test("usage: a bad --expect-shards, --out naming a shard folder, an unreadable public key: exit 2")
    func usage() throws {
        let matrix = try Matrix(["a"])
        defer { matrix.remove() }
        let names = matrix.merge(["a"], ["--expect-shards", "a,A B"])
        #expect(names.exitCode == .usage)
        #expect(names.stderr.contains("--expect-shards"))
        let repeated = matrix.merge(["a"], ["--expect-shards", "a,a"])
        #expect(repeated.exitCode == .usage)
        let intoShard = GateRun.run(["merge", matrix.folder("a"), "--pubkey", matrix.pub, "--out", matrix.folder("a")])
        #expect(intoShard.exitCode == .usage)
        #expect(
            intoShard.stderr
                == "acceptance-gate: --out '\(matrix.folder("a"))' is the shard folder '\(matrix.folder("a"))'; the merge would replace its "
                + "evidence, so choose a new folder\n")
        #expect(FileManager.default.fileExists(atPath: matrix.folder("a") + "/report.dsse.json"))
        let noKey = GateRun.run(["merge", matrix.folder("a"), "--pubkey", matrix.root + "/none.pub", "--out", matrix.out])
        #expect(noKey.exitCode == .usage)
        #expect(noKey.stderr.split(separator: "\n").count == 1)
    }

    @Test("without --key or $ACCEPTANCE_GATE_SIGNING_KEY: written unsigned, and it says so")
    func unsigned() throws {
        let matrix = try Matrix(["a"])
        defer { matrix.remove() }
        let run = GateRun.run(["merge", matrix.folder("a"), "--pubkey", matrix.pub, "--out", matrix.out])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(
            run.lines.contains("not signed: no --key and no $ACCEPTANCE_GATE_SIGNING_KEY, so the merged report has no report.dsse.json"))
        #expect(FileManager.default.fileExists(atPath: matrix.out + "/report.json"))
        #expect(!FileManager.default.fileExists(atPath: matrix.out + "/report.dsse.json"))
    }
}
