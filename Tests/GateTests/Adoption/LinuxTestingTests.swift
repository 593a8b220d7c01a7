//===----------------------------------------------------------------------===//
// LinuxTestingTests.swift: init's Linux jobs follow the team's own CI, read as untrusted files.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateAdoption
import Testing

@Suite("adoption: does the team's CI test on Linux")
struct LinuxTestingTests {
    /// A workflow in the shape swift-format and SwiftLint use: a Linux job and a macOS job.
    static let linuxWorkflow = """
        name: CI
        on: [push, pull_request]
        jobs:
          # swift build on macOS only, says this comment: not evidence.
          linux:
            runs-on: ubuntu-22.04
            container:
              image: "swift:6.0-jammy" # the image
            steps:
              - uses: actions/checkout@v4
              - run: swift test --parallel
          macos:
            runs-on: macos-15
            steps:
              - run: swift build
        """

    @Test(
        "GitHub jobs that build or test on Linux are found; the runner, image and command are named",
        arguments: [
            (linuxWorkflow, "swift test on ubuntu-22.04"),
            (
                "jobs:\n  t:\n    runs-on: [self-hosted, linux]\n    steps:\n      - run: |\n          swift build -c release\n",
                "swift build on linux"
            ),
            (
                "jobs:\n  t:\n    runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n        os: [macos-15, ubuntu-latest]\n"
                    + "    steps:\n      - run: swift test\n", "swift test on ubuntu-latest"
            ),
            (
                "jobs:\n  t:\n    strategy:\n      matrix:\n        os:\n          - ubuntu-24.04-arm\n    runs-on: ${{ matrix.os }}\n"
                    + "    steps:\n      - run: swift test\n", "swift test on ubuntu-24.04-arm"
            ),
            (
                "jobs:\n  t:\n    runs-on: self-hosted\n    container: swiftlang/swift:nightly-main\n    steps:\n      - run: swift build\n",
                "swift build on swiftlang/swift:nightly-main"
            ),
        ])
    func githubFound(workflow: String, evidence: String) {
        #expect(LinuxTesting.githubEvidence(workflow) == evidence)
    }

    @Test(
        "GitHub workflows without a job that both runs on Linux and runs swift build/test are not evidence",
        arguments: [
            // macOS only.
            "jobs:\n  t:\n    runs-on: macos-15\n    steps:\n      - run: swift test\n",
            // Linux, but it only lints; the Swift tests run in another job, on macOS.
            "jobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - run: swiftlint\n"
                + "  test:\n    runs-on: macos-15\n    steps:\n      - run: swift test\n",
            // Both only in comments.
            "jobs:\n  t:\n    # runs-on: ubuntu-latest\n    runs-on: macos-15\n    steps:\n      # - run: swift test\n      - run: make\n",
            // A step name mentioning Ubuntu is not a runner; an image named swift-lint is not swift.
            "jobs:\n  t:\n    runs-on: macos-15\n    container: acme/swift-lint:1\n    steps:\n      - name: like ubuntu-latest does\n"
                + "        run: swift test\n",
            // No jobs: key at all.
            "runs-on: ubuntu-latest\nrun: swift test\n",
        ])
    func githubNotFound(workflow: String) {
        #expect(LinuxTesting.githubEvidence(workflow) == nil)
    }

    @Test("an image or runner with a control character or past 120 characters is not taken (it would be printed)")
    func unprintable() {
        #expect(LinuxTesting.githubEvidence("jobs:\n  t:\n    container: swift:6\u{1B}[2J\n    steps:\n      - run: swift test\n") == nil)
        let long = "swift:" + String(repeating: "6", count: 120)
        #expect(LinuxTesting.gitlabEvidence("image: \(long)\nt:\n  script: swift test\n") == nil)
        #expect(LinuxTesting.gitlabEvidence("image: swift:6.0\nt:\n  script: swift test\n") == "swift test in swift:6.0")
    }

    @Test("GitLab: a swift image and swift build/test are evidence; either alone is not")
    func gitlab() {
        #expect(LinuxTesting.gitlabEvidence("image: swift:5.10\ntest:\n  script:\n    - swift test\n") == "swift test in swift:5.10")
        #expect(
            LinuxTesting.gitlabEvidence("test:\n  image:\n    name: docker.io/library/swift:6.0\n  script: [swift build]\n")
                == "swift build in docker.io/library/swift:6.0")
        #expect(LinuxTesting.gitlabEvidence("image: ruby:3\ntest:\n  script:\n    - swift test\n") == nil)
        #expect(LinuxTesting.gitlabEvidence("image: swift:6.0\nlint:\n  script:\n    - swiftlint\n") == nil)
    }

    @Test("detect: a repository whose workflow tests on Linux; the file and the evidence are named")
    func detectFound() throws {
        let folder = try AdoptionTestSupport.scratchFolder("linux-found")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put("name: lint\njobs:\n  l:\n    runs-on: macos-15\n", at: ".github/workflows/a-lint.yml", in: folder)
        try AdoptionTestSupport.put(Self.linuxWorkflow, at: ".github/workflows/ci.yaml", in: folder)
        let found = LinuxTesting.detect(in: folder, ownWorkflow: ".github/workflows/acceptance-gate.yml")
        #expect(found.file == ".github/workflows/ci.yaml")
        #expect(found.reason == ".github/workflows/ci.yaml runs swift test on ubuntu-22.04")
    }

    @Test("detect: the workflow init writes is not the team's CI, and nothing else says Linux")
    func detectOwnWorkflowIgnored() throws {
        let folder = try AdoptionTestSupport.scratchFolder("linux-own")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(Self.linuxWorkflow, at: ".github/workflows/acceptance-gate.yml", in: folder)
        let found = LinuxTesting.detect(in: folder, ownWorkflow: ".github/workflows/acceptance-gate.yml")
        #expect(!found.found)
        #expect(found.reason.hasPrefix("no job in .github/workflows or .gitlab-ci.yml runs swift build or swift test"))
    }

    @Test("detect: a symbolic link, a FIFO and an oversized file are not read, and the reason names them")
    func detectUntrusted() throws {
        let folder = try AdoptionTestSupport.scratchFolder("linux-untrusted")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(Self.linuxWorkflow, at: "elsewhere/ci.yml", in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/.github/workflows", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/.github/workflows/link.yml", withDestinationPath: folder + "/elsewhere/ci.yml")
        #expect(mkfifo(folder + "/.github/workflows/pipe.yml", 0o600) == 0)
        let padding = String(repeating: "# padding\n", count: LinuxTesting.maximumFileSize / 10 + 1)
        try AdoptionTestSupport.put(Self.linuxWorkflow + padding, at: ".github/workflows/zbig.yml", in: folder)
        let found = LinuxTesting.detect(in: folder, ownWorkflow: ".github/workflows/acceptance-gate.yml")
        #expect(!found.found)
        #expect(
            found.reason.hasSuffix(
                "; not read: .github/workflows/link.yml, .github/workflows/pipe.yml, .github/workflows/zbig.yml"), "\(found.reason)")
    }

    @Test("detect: .github/workflows as a link to a folder is not entered; .gitlab-ci.yml is read")
    func detectLinkedFolderAndGitLab() throws {
        let folder = try AdoptionTestSupport.scratchFolder("linux-linked")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(Self.linuxWorkflow, at: "elsewhere/ci.yml", in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/.github", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/.github/workflows", withDestinationPath: folder + "/elsewhere")
        let linked = LinuxTesting.detect(in: folder, ownWorkflow: ".github/workflows/acceptance-gate.yml")
        #expect(!linked.found && linked.reason.hasSuffix("; not read: .github/workflows (not a folder)"), "\(linked.reason)")
        try AdoptionTestSupport.put("image: swift:6.0\nt:\n  script: swift build\n", at: ".gitlab-ci.yml", in: folder)
        let gitlab = LinuxTesting.detect(in: folder, ownWorkflow: ".github/workflows/acceptance-gate.yml")
        #expect(gitlab.file == ".gitlab-ci.yml" && gitlab.reason == ".gitlab-ci.yml runs swift build in swift:6.0")
    }

    // MARK: - What init writes

    /// init's plan for a package `Shop` with `ShopTests` in `folder`.
    static func plan(_ folder: String, ci: CISystem? = nil) throws -> AdoptionPlan {
        try AdoptionTestSupport.shopPlan(folder, ci: ci)
    }

    /// The workflow file in `plan`.
    static func workflow(_ plan: AdoptionPlan) throws -> String {
        try #require(AdoptionTestSupport.testWorkflow(plan))
    }

    @Test("a repository whose CI tests on ubuntu: the workflow gets test-linux and sign-linux, and init says why")
    func planWithLinux() throws {
        let folder = try AdoptionTestSupport.scratchFolder("plan-linux")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(Self.linuxWorkflow, at: ".github/workflows/ci.yml", in: folder)
        let plan = try Self.plan(folder)
        let workflow = try Self.workflow(plan)
        #expect(workflow.contains("\n  test-linux:\n    runs-on: ubuntu-latest\n"))
        #expect(workflow.contains("name: acceptance-gate-unsigned-linux"))
        #expect(!workflow.contains(">>>") && !workflow.contains("<<<"))
        let signing = try #require(plan.files.first { $0.path == CISystem.githubSigningWorkflow }).contents
        #expect(signing.contains("\n  sign-linux:\n"))
        #expect(signing.contains("name: acceptance-gate-unsigned-linux"))
        #expect(!signing.contains(">>>") && !signing.contains("<<<"))
        #expect(
            plan.linuxJobsLine
                == "Linux jobs: added to .github/workflows/acceptance-gate.yml (test-linux) and "
                + ".github/workflows/acceptance-gate-sign.yml (sign-linux), because "
                + ".github/workflows/ci.yml runs swift test on ubuntu-22.04; test-linux runs in swift:6.0-jammy, the Swift "
                + ".github/workflows/ci.yml pins.")
    }

    @Test("a repository whose CI tests only on macOS: no Linux job, and init says why")
    func planWithoutLinux() throws {
        let folder = try AdoptionTestSupport.scratchFolder("plan-macos")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(
            "jobs:\n  t:\n    runs-on: macos-15\n    steps:\n      - run: swift test\n", at: ".github/workflows/ci.yml", in: folder)
        let plan = try Self.plan(folder)
        let workflow = try Self.workflow(plan)
        #expect(!workflow.contains("linux"), "a Linux job or note in a macOS-only team's workflow")
        let signing = try #require(plan.files.first { $0.path == CISystem.githubSigningWorkflow }).contents
        #expect(signing.contains("\n  sign:\n") && !signing.contains("linux"))
        #expect(!workflow.contains(">>>") && !workflow.contains("<<<"))
        #expect(plan.linuxJobsLine?.hasPrefix("Linux jobs: none, because no job in .github/workflows") == true)
    }

    @Test("another CI system: no Linux line (its pipeline picks its runner itself)")
    func planOtherCI() throws {
        let folder = try AdoptionTestSupport.scratchFolder("plan-gitlab")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(Self.linuxWorkflow, at: ".github/workflows/ci.yml", in: folder)
        let plan = try Self.plan(folder, ci: .gitlab)
        #expect(plan.linuxTesting == nil && plan.linuxJobsLine == nil)
    }
}
