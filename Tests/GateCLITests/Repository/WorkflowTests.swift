//===----------------------------------------------------------------------===//
// WorkflowTests.swift: the project's own GitHub Actions workflow stays valid and pinned.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// `.github/workflows/ci.yml`, checked against GitHub's published workflow schema with
/// `check-jsonschema --builtin-schema vendor.github-workflows` (ci/setup installs it), and for the
/// habits the project keeps: actions pinned by full commit SHA with the version in a comment, a
/// read-only token, a macOS job and a Linux job.
///
/// Under `CI=true` a missing check-jsonschema fails the test; on a developer's machine without
/// it the schema tests are disabled (shown as skipped, never as passed).
@Suite("GitHub Actions workflow")
struct WorkflowTests {
    static let path = ".github/workflows/ci.yml"
    static let text = (try? RepositoryFiles.text(path)) ?? ""
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// `check-jsonschema` on PATH, if any.
    static let checker: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/check-jsonschema" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs check-jsonschema with GitHub's workflow schema on `file`.
    static func validate(_ file: String) throws -> ProcessResult {
        let checker = try #require(
            Self.checker, "check-jsonschema is not on PATH: pip install check-jsonschema (ci/setup installs it)")
        return try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: [checker, "--builtin-schema", "vendor.github-workflows", file]), timeout: .seconds(120))
    }

    @Test(
        "ci.yml is valid under GitHub's workflow schema",
        .enabled(if: checker != nil || isCI, "check-jsonschema is not installed (CI=true makes this a failure)"))
    func schemaValid() throws {
        #expect(!Self.text.isEmpty, "\(Self.path) is missing")
        let result = try Self.validate(RepositoryFiles.root.appendingPathComponent(Self.path).path)
        #expect(result.status.isSuccess, "\(result.stdoutText)\(result.stderrText)")
    }

    @Test(
        "the schema check can fail: a job without runs-on and with steps that are not a list is refused",
        .enabled(if: checker != nil || isCI, "check-jsonschema is not installed (CI=true makes this a failure)"))
    func schemaRefusesABrokenWorkflow() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).yml")
        try Data("name: broken\non: push\njobs:\n  build:\n    steps: 3\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try Self.validate(file.path)
        #expect(result.status == .exited(code: 1), "\(result.stdoutText)\(result.stderrText)")
        #expect(result.stdoutText.contains("runs-on"))
    }

    @Test("every action is pinned by a full commit SHA, with its version in a comment")
    func actionsPinned() {
        let uses = Self.text.split(separator: "\n").filter { $0.contains("uses:") }
        #expect(uses.count >= 4)
        for line in uses {
            let reference = line.split(separator: "@", maxSplits: 1).last.map(String.init) ?? ""
            let sha = reference.prefix { $0 != " " }
            #expect(sha.count == 40 && sha.allSatisfy(\.isHexDigit), "not pinned by SHA: \(line)")
            #expect(reference.contains(" # v"), "no version comment: \(line)")
        }
    }

    @Test("the token can only read, and nothing else is granted")
    func readOnly() {
        #expect(Self.text.contains("\npermissions:\n  contents: read\n"))
        #expect(!Self.text.contains("write"), "no job asks for write access")
    }

    @Test("a macos-15 job builds, tests and runs the gate; a Linux job runs .ci/run")
    func jobs() {
        #expect(Self.text.contains("runs-on: macos-15"))
        #expect(Self.text.contains("brew install libgit2 libsodium pkg-config"))
        #expect(Self.text.contains("swift build"))
        #expect(Self.text.contains("swift test"))
        #expect(Self.text.contains("bash ci/gate"))
        #expect(Self.text.contains("run: bash .ci/run"))
        // The macOS job runs the suite user and its sandbox profile for real (docs/isolation.md).
        #expect(Self.text.contains("ACCEPTANCE_GATE_DARWIN_SUITE_USER=1 swift test --skip-build --filter DarwinSandboxTests"))
    }

    @Test("the macOS job selects its Xcode (16.3 or later, for Swift Testing's #expect(throws:)), not the image's default")
    func selectsXcode() throws {
        let line = try #require(Self.text.split(separator: "\n").first { $0.contains("DEVELOPER_DIR: /Applications/Xcode_") })
        let version = line.split(separator: "_").last?.split(separator: ".app").first.map(String.init) ?? ""
        let parts = version.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count >= 2 && (parts[0] > 16 || (parts[0] == 16 && parts[1] >= 3)), "\(line)")
    }
}
