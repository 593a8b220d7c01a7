//===----------------------------------------------------------------------===//
// ScanCommandTests.swift: `acceptance-gate scan` exit codes, inputs and formats.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateTestSupport
import Testing

@Suite("scan")
struct ScanCommandTests {
    /// A fake GitHub token built at test time.
    private static func token(_ seed: UInt64) -> String { FakeGitHubToken.make(seed: seed) }

    /// A scratch folder named `name` holding `files` (relative path → bytes), removed afterwards.
    private func withFolder(_ files: [String: [UInt8]], _ body: (_ folder: String) throws -> Void) throws {
        let parent = try ScratchFolder("scancmd")
        let folder = parent.file("logs")
        defer { parent.remove() }
        for (path, bytes) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try body(folder)
    }

    @Test("exit 0 without findings, 1 with findings, text lines with the preview only")
    func exitCodes() throws {
        let secret = Self.token(1)
        try withFolder(["clean.log": Array("ok\nBUILD_TOKEN=123\n".utf8), "dirty.log": Array("x\nuse \(secret)\n".utf8)]) {
            folder in
            let clean = GateRun.run(["scan", folder + "/clean.log"])
            #expect(clean.exitCode == .success)
            #expect(clean.stdout.isEmpty)
            let dirty = GateRun.run(["scan", folder + "/dirty.log"])
            #expect(dirty.exitCode == .failure)
            #expect(dirty.lines == ["dirty.log:2:5: github-token: ghp_…"])
            #expect(!dirty.stdout.contains(secret.dropFirst(4).prefix(12)))
        }
    }

    @Test("exit 2 for a missing path, a bad format and no path")
    func usage() {
        #expect(GateRun.run(["scan", "/nonexistent/\(UUID().uuidString)"]).exitCode == .usage)
        #expect(GateRun.run(["scan", "--format", "xml", "-"]).exitCode == .usage)
        #expect(GateRun.run(["scan"]).exitCode == .usage)
        #expect(GateRun.run(["scan", "--baseline", "/nonexistent/\(UUID().uuidString)", "-"]).exitCode == .usage)
    }

    @Test("- reads standard input, in whatever chunks arrive")
    func standardInput() {
        let secret = Self.token(2)
        let run = GateRun.run(["scan", "--format", "jsonl", "-"], stdinText: "a\nb \(secret)\n", chunkSizes: [3, 1, 5])
        #expect(run.exitCode == .failure)
        #expect(run.lines.count == 1)
        #expect(run.lines.first?.hasPrefix("{\"file\":\"<stdin>\",\"line\":2,\"column\":3,") == true)
    }

    @Test("folders are walked recursively, .git and .build skipped, jsonl sorted by file, line, column")
    func folders() throws {
        let files: [String: [UInt8]] = [
            "b.log": Array("\(Self.token(3)) \(Self.token(4))\n".utf8),
            "a/z.log": Array("1\n2\n\(Self.token(5))\n".utf8),
            "a/y.log": Array("\(Self.token(6))\n".utf8),
            ".git/config": Array("\(Self.token(7))\n".utf8),
            ".build/log": Array("\(Self.token(8))\n".utf8),
        ]
        try withFolder(files) { folder in
            let run = GateRun.run(["scan", "--format", "jsonl", folder])
            #expect(run.exitCode == .failure)
            let keys = run.lines.map { line in
                line.split(separator: ",").prefix(3).joined(separator: ",")
            }
            #expect(
                keys == [
                    "{\"file\":\"logs/a/y.log\",\"line\":1,\"column\":1", "{\"file\":\"logs/a/z.log\",\"line\":3,\"column\":1",
                    "{\"file\":\"logs/b.log\",\"line\":1,\"column\":1", "{\"file\":\"logs/b.log\",\"line\":1,\"column\":42",
                ])
        }
    }

    @Test("a binary file is noted on standard error, not scanned, not fatal")
    func binary() throws {
        try withFolder(["bin.dat": [0x7F, 0x45, 0, 1] + Array(Self.token(9).utf8), "ok.log": Array("fine\n".utf8)]) { folder in
            let run = GateRun.run(["scan", folder])
            #expect(run.exitCode == .success)
            #expect(run.stderr.contains("logs/bin.dat: binary file"))
        }
    }

    @Test("--explain lists suppressed candidates with reasons; --allow and --baseline suppress")
    func explainAllowBaseline() throws {
        let secret = Self.token(10)
        let text = "X-Test-Token: fixture-only\nAuthorization: Bearer ${TOKEN}\nuse \(secret)\n"
        let explained = GateRun.run(["scan", "--explain", "--allow", "fixture-only", "-"], stdinText: text)
        #expect(explained.exitCode == .failure)
        #expect(explained.stderr.contains("<stdin>:1:15: generic-secret: suppressed (allowlisted)"))
        #expect(explained.stderr.contains("<stdin>:2:23: authorization-header: suppressed (placeholder)"))
        #expect(!explained.stderr.contains(secret.dropFirst(4).prefix(12)))
        // A baseline matches only under the key its fingerprints were made with; without one, each run draws its own.
        let key = ["ACCEPTANCE_GATE_FINGERPRINT_KEY": "team-key"]
        let saved = GateRun.run(["scan", "--format", "jsonl", "-"], stdin: Array(text.utf8), environment: key).stdout
        try withFolder(["baseline.jsonl": Array(saved.utf8)]) { folder in
            let baseline = ["scan", "--baseline", folder + "/baseline.jsonl", "-"]
            let again = GateRun.run(baseline, stdin: Array(text.utf8), environment: key)
            #expect(again.exitCode == .success)
            let other = GateRun.run(baseline, stdin: Array(text.utf8), environment: ["ACCEPTANCE_GATE_FINGERPRINT_KEY": "other"])
            #expect(other.exitCode == .failure, "another key's fingerprints do not match")
            let keyless = GateRun.run(baseline, stdin: Array(text.utf8))
            #expect(keyless.exitCode == .usage)
            #expect(keyless.stderr.contains("--baseline needs ACCEPTANCE_GATE_FINGERPRINT_KEY set"), "\(keyless.stderr)")
        }
        let first = GateRun.run(["scan", "--format", "jsonl", "-"], stdinText: text).stdout
        #expect(first != GateRun.run(["scan", "--format", "jsonl", "-"], stdinText: text).stdout, "no key: fingerprints differ per run")
    }

    @Test("--format sarif is one SARIF 2.1.0 document")
    func sarif() throws {
        let run = GateRun.run(["scan", "--format", "sarif", "-"], stdinText: "t \(Self.token(11))\n")
        #expect(run.exitCode == .failure)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        let results = (root["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]
        #expect(results?.first?["ruleId"] as? String == "github-token")
    }
}
