//===----------------------------------------------------------------------===//
// ReleaseFilesTests.swift: action.yml, release.yml and the release scripts stay valid and pinned.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// The files that ship the gate: the composite action (`action.yml`, checked against the public
/// schema for actions), the release workflow (the workflow schema), the shell of both (ShellCheck,
/// each `run:` step as a script), and the release scripts' refusals. Building and installing the
/// archive itself is `.ci/run`'s `ci/release` + `ci/release-check` step: one release build, not
/// one per test run.
///
/// Like ``WorkflowTests``, a missing check-jsonschema or ShellCheck fails under `CI=true` and is a
/// skip (never a pass) elsewhere.
@Suite("release files")
struct ReleaseFilesTests {
    static let action = "action.yml"
    static let workflow = ".github/workflows/release.yml"
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// `name` on PATH, if any.
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    static let checker = tool("check-jsonschema")
    static let shellcheck = tool("shellcheck")

    static func path(_ file: String) -> String { RepositoryFiles.root.appendingPathComponent(file).path }

    static func run(_ arguments: [String], stdin: String = "", timeout: Duration = .seconds(120)) throws -> ProcessResult {
        try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: arguments, workingDirectory: RepositoryFiles.root.path, stdin: .bytes(Array(stdin.utf8))),
            timeout: timeout)
    }

    /// Every `run:` string of a YAML file, through whichever YAML library Python has (check-jsonschema brings ruamel.yaml).
    static func runBlocks(_ file: String) throws -> [String] {
        let script = """
            import json, sys
            try:
                import yaml
                document = yaml.safe_load(open(sys.argv[1]))
            except ImportError:
                from ruamel.yaml import YAML
                document = YAML(typ="safe").load(open(sys.argv[1]))
            blocks = []
            def walk(node, key=None):
                if isinstance(node, dict):
                    for k, v in node.items():
                        walk(v, k)
                elif isinstance(node, list):
                    for item in node:
                        walk(item, key)
                elif isinstance(node, str) and key == "run":
                    blocks.append(node)
            walk(document)
            print(json.dumps(blocks))
            """
        let result = try run(["python3", "-c", script, path(file)])
        try #require(result.status.isSuccess, "\(file) does not parse: \(result.stderrText)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String])
    }

    @Test(
        "action.yml is valid under the public schema for actions; release.yml under the workflow schema",
        .enabled(if: checker != nil || isCI, "check-jsonschema is not installed (CI=true makes this a failure)"))
    func schemas() throws {
        let checker = try #require(Self.checker, "pip install check-jsonschema (ci/setup installs it)")
        for (file, schema) in [(Self.action, "vendor.github-actions"), (Self.workflow, "vendor.github-workflows")] {
            let result = try Self.run([checker, "--builtin-schema", schema, Self.path(file)])
            #expect(result.status.isSuccess, "\(file): \(result.stdoutText)\(result.stderrText)")
        }
    }

    @Test(
        "the action's schema check can fail: a composite action without steps is refused",
        .enabled(if: checker != nil || isCI, "check-jsonschema is not installed (CI=true makes this a failure)"))
    func actionSchemaCanFail() throws {
        let checker = try #require(Self.checker, "pip install check-jsonschema (ci/setup installs it)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("action-\(UUID().uuidString).yml")
        try Data("name: broken\ndescription: x\nruns:\n  using: composite\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Self.run([checker, "--builtin-schema", "vendor.github-actions", file.path])
        #expect(result.status == .exited(code: 1), "\(result.stdoutText)\(result.stderrText)")
    }

    @Test(
        "ShellCheck passes every run step of action.yml and release.yml, and the release scripts",
        .enabled(if: shellcheck != nil || isCI, "shellcheck is not installed (CI=true makes this a failure)"))
    func shellCheck() throws {
        let shellcheck = try #require(Self.shellcheck, "apt-get install shellcheck (ci/setup installs it)")
        var checked = 0
        for file in [Self.action, Self.workflow] {
            for block in try Self.runBlocks(file) {
                let result = try Self.run([shellcheck, "--shell=bash", "-"], stdin: "#!/bin/bash\nset -e\n" + block)
                #expect(result.status.isSuccess, "ShellCheck on a step of \(file):\n\(result.stdoutText)\n\(block)")
                // An expression inside a script is code injection from whatever the input holds.
                #expect(!block.contains("${{"), "\(file) expands an expression inside run; pass it through env")
                checked += 1
            }
        }
        #expect(checked >= 10)
        let scripts = ["ci/release", "ci/release-macos", "ci/release-check", "ci/plugin-check"].map(Self.path)
        let result = try Self.run([shellcheck, "-x"] + scripts)
        #expect(result.status.isSuccess, "\(result.stdoutText)")
    }

    @Test("every action in both files is pinned by a full commit SHA, with its version in a comment")
    func pinned() throws {
        for file in [Self.action, Self.workflow] {
            let uses = try RepositoryFiles.text(file).split(separator: "\n")
                .filter { $0.contains("uses:") && !$0.drop { $0 == " " }.hasPrefix("#") }
            #expect(uses.count >= 1, "\(file)")
            for line in uses {
                let reference = line.split(separator: "@", maxSplits: 1).last.map(String.init) ?? ""
                let sha = reference.prefix { $0 != " " }
                #expect(sha.count == 40 && sha.allSatisfy(\.isHexDigit), "not pinned by SHA in \(file): \(line)")
                #expect(reference.contains(" # v"), "no version comment in \(file): \(line)")
            }
        }
    }

    @Test("release.yml: a tag starts it, the token reads by default, only the publish job writes, and it attests")
    func releasePermissions() throws {
        let text = try RepositoryFiles.text(Self.workflow)
        #expect(text.contains("\non:\n  push:\n    tags: [\"v*\"]\n"))
        #expect(text.contains("\npermissions:\n  contents: read\n"))
        #expect(text.components(separatedBy: "contents: write").count == 2, "one job may write")
        let publish = try #require(text.components(separatedBy: "\n  publish:\n").last)
        #expect(publish.contains("contents: write") && publish.contains("id-token: write") && publish.contains("attestations: write"))
        #expect(publish.contains("actions/attest-build-provenance@"))
        #expect(text.contains("run: bash .ci/run"))
        #expect(text.contains("runs-on: macos-15") && text.contains("DEVELOPER_DIR: /Applications/Xcode_"))
        #expect(text.contains("bash ci/release-macos") && text.contains("bash ci/release --out dist --macos-archive"))
        #expect(text.contains("bash ci/release-check dist"))
    }

    @Test("action.yml verifies the archive against the release's SHA256SUMS and caches by version or commit")
    func actionInstall() throws {
        let text = try RepositoryFiles.text(Self.action)
        #expect(text.contains("using: composite"))
        #expect(text.contains("releases/download/$GATE_REF\"") && text.contains("$download/SHA256SUMS"))
        #expect(text.contains("[[ \"$actual\" == \"$expected\" ]] || fail"))
        #expect(text.contains("actions/cache@") && text.contains("key: ${{ steps.plan.outputs.key }}"))
        for input in ["version", "commit", "config", "out", "shard", "base"] {
            #expect(text.contains("\n  \(input):\n"), "no input \(input)")
        }
        for output in ["verdict", "exit-code", "report-dir"] {
            #expect(text.contains("\n  \(output):\n"), "no output \(output)")
        }
    }

    @Test("ci/release refuses a bad argument and a non-https repository with exit 2 and one line naming it")
    func releaseRefusals() throws {
        let unknown = try Self.run(["bash", Self.path("ci/release"), "--frobnicate"])
        #expect(unknown.status == .exited(code: 2))
        #expect(unknown.stderrText.contains("unknown argument '--frobnicate'"))
        let repository = try Self.run(["bash", Self.path("ci/release"), "--repository", "git@github.com:o/r.git"])
        #expect(repository.status == .exited(code: 2))
        #expect(repository.stderrText.contains("is not an https:// URL"), "\(repository.stderrText)")
        #expect(repository.stderrText.split(separator: "\n").count == 1)
        let missing = try Self.run(["bash", Self.path("ci/release"), "--macos-archive", "/nonexistent.tar.gz"])
        #expect(missing.status == .exited(code: 2))
        #expect(missing.stderrText.contains("/nonexistent.tar.gz is not a file"))
    }

    @Test("ci/release-check refuses a folder without SHA256SUMS with exit 2")
    func releaseCheckRefusal() throws {
        let result = try Self.run(["bash", Self.path("ci/release-check"), "/nonexistent"])
        #expect(result.status == .exited(code: 2))
        #expect(result.stderrText.contains("SHA256SUMS"))
    }
}
