//===----------------------------------------------------------------------===//
// GeneratedDocsTests.swift: docs/commands.md and docs/configuration.md are what ci/generate-docs writes.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateProcess
import GateTestSupport
import Testing

/// The command reference comes from `--help` and the configuration keys from the schema, through
/// `ci/generate-docs`; `--check` fails when a page is stale, so the pages cannot drift from the
/// binary. The banner's script is checked too: it exists and ShellCheck passes it (CI never runs it,
/// as it needs Chromium).
@Suite("generated documentation")
struct GeneratedDocsTests {
    /// The generated pages and what they are made from, relative to the repository.
    static let inputs = ["ci/generate-docs", "docs/commands.md", "docs/configuration.md", "templates/acceptance-gate.schema.json"]

    /// Runs `ci/generate-docs --check` in `root` with the built binary.
    static func check(in root: String) throws -> ProcessResult {
        var environment = ProcessSpec.currentEnvironment
        environment["ACCEPTANCE_GATE_BIN"] = BuildProducts.folder.path + "/acceptance-gate"
        return try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["bash", root + "/ci/generate-docs", "--check"], environment: environment), timeout: .seconds(120))
    }

    @Test("ci/generate-docs --check: docs/commands.md and docs/configuration.md are current")
    func current() throws {
        let result = try Self.check(in: RepositoryFiles.root.path)
        #expect(result.status.isSuccess, "\(result.stderrText)")
    }

    @Test("docs/commands.md has every command's help, options included")
    func everyCommand() throws {
        let page = try RepositoryFiles.text("docs/commands.md")
        for command in CommandRegistry.root.allCommands() {
            let path = command.path.components.joined(separator: " ")
            #expect(page.contains("\n## `acceptance-gate \(path)`\n"), "no section for \(path)")
            for option in command.spec.options {
                #expect(page.contains("--\(option.name)"), "\(path): --\(option.name) is not in the page")
            }
        }
    }

    @Test("the check fails, naming the page, when the help or the schema changed and the page did not")
    func stale() throws {
        let scratch = try ScratchFolder("generate-docs")
        defer { scratch.remove() }
        let copy = scratch.path
        for path in Self.inputs {
            let target = copy + "/" + path
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: RepositoryFiles.root.path + "/" + path, toPath: target)
        }
        #expect(try Self.check(in: copy).status.isSuccess, "the copy starts current")

        let schema = copy + "/templates/acceptance-gate.schema.json"
        let text = try String(contentsOfFile: schema, encoding: .utf8)
        try text.replacingOccurrences(of: "Reject a dirty work tree", with: "Refuse a dirty work tree")
            .write(toFile: schema, atomically: true, encoding: .utf8)
        let schemaChanged = try Self.check(in: copy)
        #expect(schemaChanged.status == .exited(code: 1))
        #expect(schemaChanged.stderrText.contains("docs/configuration.md"))
        #expect(!schemaChanged.stderrText.contains("docs/commands.md"))

        let commands = copy + "/docs/commands.md"
        try (try String(contentsOfFile: commands, encoding: .utf8) + "hand-edited\n").write(
            toFile: commands, atomically: true, encoding: .utf8)
        #expect(try Self.check(in: copy).stderrText.contains("docs/commands.md"))
    }

    @Test("ci/render-banner exists, ShellCheck passes it and the other doc scripts, and the PNG it drew is committed")
    func banner() throws {
        let root = RepositoryFiles.root.path
        #expect(FileManager.default.isExecutableFile(atPath: root + "/ci/render-banner"))
        for script in ["ci/render-banner", "ci/generate-docs", "docs/examples/checkout-tests.sh"] {
            let result: ProcessResult
            do {
                result = try ProcessSupervisor.standalone.run(
                    ProcessSpec(arguments: ["shellcheck", "-x", script], workingDirectory: root), timeout: .seconds(60))
            } catch {
                Issue.record("shellcheck could not be run (apt-get install shellcheck): \(error)")
                return
            }
            #expect(result.status.isSuccess, "\(script): \(result.stdoutText)")
        }
        let png = try Data(contentsOf: RepositoryFiles.root.appendingPathComponent("docs/images/report-banner.png"))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "not a PNG")
        #expect(png.count < 200_000, "a banner is small: \(png.count) bytes")
        #expect(try RepositoryFiles.text("README.md").contains("(docs/images/report-banner.png)"))
        // Chromium is for the picture only: the packages CI installs and .ci/run never need it.
        #expect(try !RepositoryFiles.text("ci/packages.txt").contains("chromium"))
        #expect(try !RepositoryFiles.text(".ci/run").contains("render-banner"))
    }
}
