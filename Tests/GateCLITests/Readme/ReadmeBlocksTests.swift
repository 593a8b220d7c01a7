//===----------------------------------------------------------------------===//
// ReadmeBlocksTests.swift: every ```sh runnable block of README.md runs and exits as declared.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// Runs the runnable blocks (see ``ReadmeBlock`` for the ```` ```sh runnable ```` marker) of
/// README.md and of the pages the README sends readers to (`CONTRIBUTING.md`, `docs/*.md`): each
/// with `bash -euo pipefail -c` in its own `git clone --local` of the repository (so it sees a
/// clean checkout of the last commit), with the folder of the built `acceptance-gate` first on
/// `PATH`, for at most 120 seconds; then once more in the same clone, since a reader runs a block
/// again after changing something, and it must not stop at what its first run left behind.
@Suite("README runnable blocks")
struct ReadmeBlocksTests {
    static let readme = (try? RepositoryFiles.text("README.md")) ?? ""

    /// README.md, CONTRIBUTING.md and every `docs/*.md`, relative to the root.
    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.root.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "CONTRIBUTING.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static let extracted: (blocks: [ReadmeBlock], problems: [String]) = {
        var blocks: [ReadmeBlock] = []
        var problems: [String] = []
        for document in documents {
            let found = ReadmeBlock.extract(from: (try? RepositoryFiles.text(document)) ?? "", file: document)
            blocks += found.blocks
            problems += found.problems
        }
        return (blocks, problems)
    }()

    /// The folder holding the built `acceptance-gate` (the test bundle's folder).
    static let binaryFolder = BuildProducts.folder.path

    @Test("README.md has a runnable block, the moved examples are still run, and every marker is well-formed")
    func hasRunnableBlocks() {
        #expect(!Self.readme.isEmpty, "README.md was not found at the repository root")
        #expect(
            !ReadmeBlock.extract(from: Self.readme).blocks.isEmpty,
            "README.md has no ```sh runnable block: mark the commands that must keep working")
        // The examples that moved out of the README keep running where they went.
        for page in ["docs/signing.md", "docs/ci-matrix.md", "docs/leak-scan.md"] {
            #expect(Self.extracted.blocks.contains { $0.file == page }, "\(page) has no runnable block")
        }
        #expect(Self.extracted.problems.isEmpty, "\(Self.extracted.problems)")
    }

    @Test("each runnable block exits as declared, twice in a row", arguments: extracted.blocks)
    func run(_ block: ReadmeBlock) throws {
        let binary = Self.binaryFolder + "/acceptance-gate"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no built acceptance-gate at \(binary)")
        // The clone goes into a folder that does not exist yet, as git clone wants.
        let folder = try ScratchFolder("readme-block")
        defer { folder.remove() }
        let scratch = folder.file("clone")
        let clone = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["git", "clone", "--quiet", "--local", RepositoryFiles.root.path, scratch]), timeout: .seconds(120))
        try #require(clone.status.isSuccess, "git clone failed: \(clone.stderrText)")
        var environment = ProcessSpec.currentEnvironment
        environment["PATH"] = Self.binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for attempt in ["first run", "second run in the same clone"] {
            let result = try ProcessSupervisor.standalone.run(
                ProcessSpec(
                    arguments: ["bash", "-euo", "pipefail", "-c", block.script], environment: environment, workingDirectory: scratch),
                timeout: .seconds(120))
            #expect(!result.timedOut, "\(block.testDescription) (\(attempt)) ran longer than 120 seconds")
            #expect(
                result.status == .exited(code: block.expectedExit),
                "\(block.testDescription) (\(attempt)) \(result.status), expected exit \(block.expectedExit)\n\(block.script)\nstdout: \(result.stdoutText)\nstderr: \(result.stderrText)"
            )
        }
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
        #expect(ReadmeBlock.extract(from: markdown, file: "docs/x.md").blocks.first?.testDescription == "docs/x.md line 2")
        #expect(ReadmeBlock.extract(from: "```sh runnable\necho\n").problems.count == 1)
    }
}
