//===----------------------------------------------------------------------===//
// StampCommandTests.swift: `acceptance-gate stamp` against scratch repositories.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateProcess
import GateTestSupport
import Testing

@Suite("stamp")
struct StampCommandTests {
    /// Runs `body` with a scratch repository (one commit on `main`) and removes it afterwards.
    private func withRepository(_ body: (_ root: String, _ head: String) throws -> Void) throws {
        try ScratchFolder.with("stampcmd") { scratch in
            try body(scratch.path, try scratch.makeRepository())
        }
    }

    /// Runs the CLI in-process with `environment`.
    private func run(_ arguments: [String], environment: [String: String]) -> GateRun {
        let output = CapturedWriter()
        let errorOutput = CapturedWriter()
        let console = Console(input: ScriptedReader([]), output: output, errorOutput: errorOutput)
        let code = GateCLI.run(arguments: arguments, environment: environment, console: console)
        return GateRun(exitCode: code, stdout: output.text, stderr: errorOutput.text)
    }

    @Test("--json prints both stamps with the design's field names")
    func json() throws {
        try withRepository { root, head in
            let run = GateRun.run(["stamp", "--repo", root, "--json"])
            #expect(run.exitCode == .success)
            #expect(run.stderr.isEmpty)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let commit = try #require(document["commit"] as? [String: Any])
            let toolchain = try #require(document["toolchain"] as? [String: Any])
            #expect(commit["id"] as? String == head)
            #expect(commit["branch"] as? String == "main")
            #expect(commit["dirty"] as? Bool == false)
            #expect(commit["shallow"] as? Bool == false)
            #expect(commit["workTree"] as? String == root)
            #expect(commit["ciCommit"] is NSNull)
            let version = try #require(toolchain["swiftVersion"] as? String)
            #expect((toolchain["raw"] as? String)?.contains("Swift version \(version)") == true)
            #expect(toolchain["gateVersion"] as? String == GateVersion.current)
            // Sorted keys: "commit" before "toolchain", "branch" first inside commit.
            let text = run.stdout
            let commitKey = try #require(text.range(of: "\"commit\""))
            let toolchainKey = try #require(text.range(of: "\"toolchain\""))
            #expect(commitKey.lowerBound < toolchainKey.lowerBound)
        }
    }

    @Test("text output, with the CI system's commit from the environment")
    func text() throws {
        try withRepository { root, head in
            try Data("changed\n".utf8).write(to: URL(fileURLWithPath: root + "/README"))
            let run = run(["stamp", "--repo", root], environment: ["GITHUB_SHA": "feedface"])
            #expect(run.exitCode == .success)
            #expect(run.lines.contains("commit     \(head)"))
            #expect(run.lines.contains("branch     main"))
            #expect(run.lines.contains("dirty      yes, 1 changed path(s)"))
            #expect(run.lines.contains("             README"))
            #expect(run.lines.contains("CI commit  feedface (GITHUB_SHA)"))
            #expect(run.lines.contains { $0.hasPrefix("swift      ") })
        }
    }

    @Test("a folder outside any repository is exit 3 with one line")
    func notARepository() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stampcmd-missing-\(getpid())").path
        let run = GateRun.run(["stamp", "--repo", folder, "--json"])
        #expect(run.exitCode == .infrastructure)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("is not inside a git repository"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("no toolchain on PATH is exit 3 with one line")
    func noToolchain() throws {
        try withRepository { root, _ in
            let empty = FileManager.default.temporaryDirectory.appendingPathComponent("stampcmd-nopath-\(getpid())").path
            let run = run(["stamp", "--repo", root], environment: ["PATH": empty])
            #expect(run.exitCode == .infrastructure)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains("no Swift toolchain found"))
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }
}
