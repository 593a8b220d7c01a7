//===----------------------------------------------------------------------===//
// LinuxWorkflowChoiceTests.swift: Linux CI through a shared workflow, --linux/--no-linux, the project's Swift.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateAdoption
import Testing

@Suite("adoption: Linux through a reusable workflow, --linux, and the Swift the project pins")
struct LinuxWorkflowChoiceTests {
    /// SwiftNIO's shape, which many server packages copy: the unit tests through NIO's shared workflow.
    static let nioCaller = """
        name: Pull request
        on:
          pull_request:
            types: [opened, reopened, synchronize]
        jobs:
          soundness:
            name: Soundness
            uses: swiftlang/github-workflows/.github/workflows/soundness.yml@main
            with:
              license_header_check_project_name: "Ink"
          unit-tests:
            name: Unit tests
            uses: apple/swift-nio/.github/workflows/unit_tests.yml@main
            with:
              linux_5_10_enabled: false
              linux_6_0_arguments_override: "-Xswiftc -warnings-as-errors"
              linux_nightly_main_enabled: true
        """

    /// The Swift project's own shared workflow, called with no Linux input (Linux is its default).
    static let swiftlangCaller = """
        jobs:
          tests:
            name: Test
            uses: swiftlang/github-workflows/.github/workflows/swift_package_test.yml@0.0.7
            with:
              enable_windows_checks: false
        """

    @Test(
        "reusable workflows whose name or inputs say they test Swift on Linux are Linux testing",
        arguments: [
            (
                nioCaller,
                "the reusable workflow apple/swift-nio/.github/workflows/unit_tests.yml@main (Swift on Linux: linux_6_0_arguments_override)"
            ),
            (
                swiftlangCaller,
                "the reusable workflow swiftlang/github-workflows/.github/workflows/swift_package_test.yml@0.0.7 (Swift on Linux: its default)"
            ),
            (
                "jobs:\n  t:\n    uses: acme/ci/.github/workflows/swift-linux-build.yaml@v2\n",
                "the reusable workflow acme/ci/.github/workflows/swift-linux-build.yaml@v2 (Swift on Linux: its name)"
            ),
            (
                "jobs:\n  t:\n    name: Tests on Linux\n    uses: acme/ci/.github/workflows/tests.yml@v2\n    with:\n      swift_version: '6.0'\n",
                "the reusable workflow acme/ci/.github/workflows/tests.yml@v2 (Swift on Linux: its name)"
            ),
        ])
    func reusableFound(workflow: String, evidence: String) {
        #expect(LinuxTesting.githubEvidence(workflow) == evidence)
    }

    @Test(
        "reusable workflows that do not say Swift tests on Linux are not evidence",
        arguments: [
            // Linux turned off by its input.
            "jobs:\n  t:\n    uses: swiftlang/github-workflows/.github/workflows/swift_package_test.yml@main\n    with:\n"
                + "      enable_linux_checks: false\n",
            // Inputs that turn Linux off win over a name that says Linux.
            "jobs:\n  t:\n    name: Linux tests\n    uses: acme/ci/.github/workflows/swift-tests.yml@v1\n    with:\n"
                + "      linux_enabled: false\n      macos_enabled: true\n",
            // Only the license check of a shared Swift workflow set.
            "jobs:\n  s:\n    uses: swiftlang/github-workflows/.github/workflows/soundness.yml@main\n",
            // Someone else's deployment, on Linux but not Swift tests.
            "jobs:\n  d:\n    uses: acme/infra/.github/workflows/deploy-linux.yml@main\n",
            // A Linux test workflow that says nothing about Swift.
            "jobs:\n  t:\n    uses: acme/ci/.github/workflows/test.yml@v1\n    with:\n      linux: true\n",
            // An action in a step is not a workflow call, whatever its name.
            "jobs:\n  t:\n    runs-on: macos-15\n    steps:\n      - uses: acme/swift-linux-test@v1\n",
            // A local workflow (read on its own as another file of .github/workflows).
            "jobs:\n  t:\n    uses: ./.github/workflows/swift-linux-test.yml\n",
        ])
    func reusableNotFound(workflow: String) {
        #expect(LinuxTesting.githubEvidence(workflow) == nil)
    }

    /// init's plan for the package `Shop` in `folder`.
    static func plan(_ folder: String, ci: CISystem? = nil, linux: Bool? = nil) throws(AdoptionError) -> AdoptionPlan {
        try AdoptionTestSupport.shopPlan(folder, ci: ci, linux: linux)
    }

    static func workflow(_ plan: AdoptionPlan) throws -> String {
        try #require(AdoptionTestSupport.testWorkflow(plan))
    }

    @Test("a package testing on Linux through SwiftNIO's shared workflow gets the Linux jobs, and init says why")
    func planThroughReusable() throws {
        let folder = try AdoptionTestSupport.scratchFolder("reusable")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(Self.nioCaller, at: ".github/workflows/pull_request.yml", in: folder)
        let plan = try Self.plan(folder)
        #expect(try Self.workflow(plan).contains("\n  test-linux:\n    runs-on: ubuntu-latest\n"))
        #expect(
            plan.linuxJobsLine
                == "Linux jobs: added to .github/workflows/acceptance-gate.yml (test-linux) and "
                + ".github/workflows/acceptance-gate-sign.yml (sign-linux), because .github/workflows/pull_request.yml runs the reusable workflow apple/swift-nio/.github/workflows/unit_tests.yml@main "
                + "(Swift on Linux: linux_6_0_arguments_override).")
    }

    @Test("--linux adds the Linux jobs to a macOS-only team's workflow; --no-linux leaves them out of a Linux team's")
    func chosenByHand() throws {
        let folder = try AdoptionTestSupport.scratchFolder("linux-flag")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(
            "jobs:\n  t:\n    runs-on: macos-15\n    steps:\n      - run: swift test\n", at: ".github/workflows/ci.yml", in: folder)
        #expect(!(try Self.workflow(Self.plan(folder)).contains("test-linux")))
        let forced = try Self.plan(folder, linux: true)
        #expect(try Self.workflow(forced).contains("\n  test-linux:\n"))
        #expect(forced.linuxJobsLine?.hasSuffix("(sign-linux), because --linux asks for them.") == true)

        try AdoptionTestSupport.put(Self.nioCaller, at: ".github/workflows/ci.yml", in: folder)
        #expect(try Self.workflow(Self.plan(folder)).contains("test-linux"))
        let declined = try Self.plan(folder, linux: false)
        #expect(!(try Self.workflow(declined).contains("linux")))
        #expect(declined.linuxJobsLine == "Linux jobs: none, because --no-linux.")

        #expect(throws: AdoptionError.linuxNeedsGitHub(option: "--linux", ci: "gitlab")) { try Self.plan(folder, ci: .gitlab, linux: true) }
        #expect(AdoptionError.linuxNeedsGitHub(option: "--linux", ci: "gitlab").exitStatus == .usage)
    }

    @Test(
        "the Linux job runs in the Swift the project pins: .swift-version first, else the swift image of its own CI",
        arguments: [
            (
                "6.0.3\n",
                "jobs:\n  t:\n    runs-on: ubuntu-latest\n    container: swift:5.10-jammy\n    steps:\n      - run: swift test\n",
                "swift:6.0.3", ".swift-version"
            ),
            (
                nil,
                "jobs:\n  t:\n    runs-on: ubuntu-latest\n    container:\n      image: swift:5.10-jammy\n    steps:\n      - run: swift test\n",
                "swift:5.10-jammy", ".github/workflows/ci.yml"
            ),
        ] as [(String?, String, String, String)])
    func pinnedSwift(version: String?, ci: String, image: String, source: String) throws {
        let folder = try AdoptionTestSupport.scratchFolder("pinned")
        defer { AdoptionTestSupport.remove(folder) }
        if let version { try AdoptionTestSupport.put(version, at: ".swift-version", in: folder) }
        try AdoptionTestSupport.put(ci, at: ".github/workflows/ci.yml", in: folder)
        let plan = try Self.plan(folder)
        let workflow = try Self.workflow(plan)
        #expect(plan.linuxSwift == LinuxSwiftImage(image: image, source: source))
        #expect(
            workflow.contains(
                "\n  test-linux:\n    runs-on: ubuntu-latest\n    # The Swift the project pins (\(source)), not the runner's.\n    container: \(image)\n"
            ))
        #expect(
            workflow.contains("        run: apt-get update -q && apt-get install -q -y curl\n"),
            "the image has no curl for the install step")
        #expect(!workflow.contains("It uses the Swift of GitHub's ubuntu-latest image"))
        #expect(workflow.contains("# \(image), the Swift this project pins (\(source))."))
        // The macOS job is untouched, and only test-linux has a container.
        #expect(workflow.components(separatedBy: "container:").count == 2)
        #expect(plan.linuxJobsLine?.hasSuffix("; test-linux runs in \(image), the Swift \(source) pins.") == true)
        let problems = try CIPipelineConsumerTests.vendorSchemaProblems(workflow, schema: "vendor.github-workflows")
        #expect(problems == "", "\(problems ?? "check-jsonschema missing")")
    }

    @Test(
        "no pin, or one without an official image: the runner's Swift",
        arguments: [
            ("main-snapshot-2024-10-01\n", "swift:latest"), ("6.0\u{1B}[2J\n", "swiftlang/swift:nightly-6.0-jammy"),
            ("", "swift:6.0-amazonlinux2"), ("/opt/swift/6.0\n", "swift:6.0-slim"), ("6\n", "swift:5.9-focal"),
        ])
    func unpinned(version: String, image: String) throws {
        let folder = try AdoptionTestSupport.scratchFolder("unpinned")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(version, at: ".swift-version", in: folder)
        try AdoptionTestSupport.put(
            "jobs:\n  t:\n    runs-on: ubuntu-latest\n    container: \(image)\n    steps:\n      - run: swift test\n",
            at: ".github/workflows/ci.yml", in: folder)
        let plan = try Self.plan(folder)
        #expect(plan.linuxTesting?.found == true)
        #expect(plan.linuxSwift == nil)
        #expect(!(try Self.workflow(plan).contains("\n    container:")))
    }
}
