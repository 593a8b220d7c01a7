//===----------------------------------------------------------------------===//
// ReadmeBlocksTests.swift: every ```sh runnable block of README.md runs and exits as declared.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// Runs README.md's runnable blocks (see ``ReadmeBlock`` for the ```` ```sh runnable ```` marker):
/// each with `bash -euo pipefail -c` in its own `git clone --local` of the repository (so it sees a
/// clean checkout of the last commit), with the folder of the built `acceptance-gate` first on
/// `PATH`, for at most 120 seconds.
@Suite("README runnable blocks")
struct ReadmeBlocksTests {
    static let readme = (try? RepositoryRoot.text("README.md")) ?? ""
    static let extracted = ReadmeBlock.extract(from: readme)

    /// The folder holding the built `acceptance-gate` (the test bundle's folder).
    static let binaryFolder = BuildProducts.folder.path

    @Test("README.md has at least one runnable block, and every marker is well-formed")
    func hasRunnableBlocks() {
        #expect(!Self.readme.isEmpty, "README.md was not found at the repository root")
        #expect(!Self.extracted.blocks.isEmpty, "README.md has no ```sh runnable block: mark the commands that must keep working")
        #expect(Self.extracted.problems.isEmpty, "\(Self.extracted.problems)")
    }

    @Test("each runnable block exits as declared", arguments: extracted.blocks)
    func run(_ block: ReadmeBlock) throws {
        let binary = Self.binaryFolder + "/acceptance-gate"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no built acceptance-gate at \(binary)")
        let scratch = NSTemporaryDirectory() + "readme-block-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let clone = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["git", "clone", "--quiet", "--local", RepositoryRoot.url.path, scratch]), timeout: .seconds(120))
        try #require(clone.status.isSuccess, "git clone failed: \(clone.stderrText)")
        var environment = ProcessSpec.currentEnvironment
        environment["PATH"] = Self.binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["bash", "-euo", "pipefail", "-c", block.script], environment: environment, workingDirectory: scratch),
            timeout: .seconds(120))
        #expect(!result.timedOut, "README.md line \(block.line) ran longer than 120 seconds")
        #expect(
            result.status == .exited(code: block.expectedExit),
            "README.md line \(block.line) \(result.status), expected exit \(block.expectedExit)\n\(block.script)\nstdout: \(result.stdoutText)\nstderr: \(result.stderrText)"
        )
    }

    @Test("the extractor: only exact markers run, exit=N is read, other blocks are documentation")
    func extractor() {
        let markdown = """
            # T
            ```sh runnable
            echo one
            ```
            ```sh
            echo documentation
            ```
            ```sh runnable exit=1
            false
            ```
            ```console
            $ acceptance-gate --version
            ```
            ```sh runnable slow
            sleep 1000
            ```
            """
        let extracted = ReadmeBlock.extract(from: markdown)
        #expect(extracted.blocks.map(\.script) == ["echo one\n", "false\n", "sleep 1000\n"])
        #expect(extracted.blocks.map(\.expectedExit) == [0, 1, 0])
        #expect(extracted.blocks.map(\.line) == [2, 8, 14])
        #expect(extracted.problems.count == 1, "'sh runnable slow' is not a marker: \(extracted.problems)")
        #expect(ReadmeBlock.extract(from: "```sh runnable\necho\n").problems.count == 1)
    }
}
