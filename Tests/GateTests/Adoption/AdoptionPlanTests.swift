//===----------------------------------------------------------------------===//
// AdoptionPlanTests.swift: what init writes, where, and that it never clobbers.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import Testing

@Suite("adoption plan")
struct AdoptionPlanTests {
    private func options(_ folder: String, ios: Bool = false, ci: CISystem? = nil, target: String? = nil) -> AdoptionOptions {
        AdoptionOptions(directory: folder, ios: ios, ci: ci, target: target, scheme: nil, gateVersion: "0.1.0")
    }

    @Test("a Swift package: configuration, both XCTest files in Tests/<target>/, GitHub Actions by default")
    func swiftPackage() throws {
        let folder = try AdoptionTestSupport.scratchFolder("swift")
        defer { AdoptionTestSupport.remove(folder) }
        let plan = try AdoptionPlan.make(options(folder, target: "ShopTests"))
        #expect(
            plan.files.map(\.path) == [
                "acceptance-gate.json", "Tests/ShopTests/RedirectBoundaryTests.swift", "Tests/ShopTests/FrameVectorTests.swift",
                ".github/workflows/acceptance-gate.yml",
            ])
        #expect(plan.ci == .github && plan.ciReason == "the default")
        #expect(try plan.write(force: false) == plan.files.map(\.path))
        for file in plan.files {
            #expect(AdoptionTestSupport.read(file.path, in: folder) == file.contents)
            #expect(PlaceholderText.names(in: file.contents).isEmpty, "\(file.path) still has a placeholder")
        }
        let redirect = try #require(AdoptionTestSupport.read("Tests/ShopTests/RedirectBoundaryTests.swift", in: folder))
        #expect(redirect.hasPrefix("// RedirectBoundaryTests.swift: the redirect boundary acceptance tests of ShopTests.\n"))
        let vectors = try #require(AdoptionTestSupport.read("Tests/ShopTests/FrameVectorTests.swift", in: folder))
        #expect(vectors.contains("final class FrameVectorTests: XCTestCase {"))
        #expect(vectors.contains("func testThreeBytePayload() throws {"))
    }

    @Test("the configuration is JSON with the team's swift test suite, the fixture and the frames suite")
    func configuration() throws {
        let text = AdoptionConfiguration.json(target: "ShopTests", scheme: "Shop", ios: false)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["fixture", "suites", "scan", "report", "signing", "git"])
        let fixture = try #require(document["fixture"] as? [String: Any])
        #expect(fixture["builtin"] as? String == "redirect")
        #expect((fixture["expect"] as? [String: Any])?["foreignRequests"] as? Int == 0)
        let suites = try #require(document["suites"] as? [[String: Any]])
        #expect(suites.map { $0["kind"] as? String } == ["xctest", "frames"])
        #expect(
            suites.first?["command"] as? [String] == [
                "swift", "test", "--disable-swift-testing", "--filter", "ShopTests.RedirectBoundaryTests",
            ])
        #expect(suites.first?["expectTests"] as? [String] == AdoptionConfiguration.expectedTests)
        #expect(suites.last?["decoder"] as? String == "builtin")
        #expect((document["scan"] as? [String: Any])?["allow"] as? [String] == ["fixture-only"])
    }

    @Test("--ios: tests in <target>/, xcodebuild through sh -c with TEST_RUNNER_ variables, the scheme quoted")
    func ios() throws {
        let command = AdoptionConfiguration.suiteCommand(target: "ShopTests", scheme: "Shop's App", ios: true)
        #expect(command.count == 3 && command.first == "sh" && command[safe: 1] == "-c")
        let script = try #require(command.last)
        #expect(script.contains("TEST_RUNNER_ACCEPTANCE_GATE_ORIGIN_URL=\"$ACCEPTANCE_GATE_ORIGIN_URL\""))
        #expect(script.contains("TEST_RUNNER_ACCEPTANCE_GATE_FOREIGN_URL=\"$ACCEPTANCE_GATE_FOREIGN_URL\""))
        #expect(script.contains("exec xcodebuild test -scheme 'Shop'\\''s App' "))
        #expect(script.contains("-only-testing:'ShopTests/RedirectBoundaryTests'"))
        let folder = try AdoptionTestSupport.scratchFolder("ios")
        defer { AdoptionTestSupport.remove(folder) }
        let plan = try AdoptionPlan.make(options(folder, ios: true, ci: .xcodeCloud, target: "ShopTests"))
        #expect(plan.files.map(\.path).contains("ShopTests/RedirectBoundaryTests.swift"))
        try plan.write(force: false)
        var status = stat()
        #expect(stat(folder + "/ci_scripts/ci_post_xcodebuild.sh", &status) == 0)
        #expect(status.st_mode & 0o777 == 0o755)
        #expect(stat(folder + "/acceptance-gate.json", &status) == 0 && status.st_mode & 0o777 == 0o644)
    }

    @Test(
        "the CI system is detected from its marker, and an existing pipeline is never the target",
        arguments: [
            (CISystem.github, ".github/CODEOWNERS", ".github/workflows/acceptance-gate.yml"),
            (.gitlab, ".gitlab-ci.yml", ".gitlab/acceptance-gate.gitlab-ci.yml"),
            (.jenkins, "Jenkinsfile", "ci/acceptance-gate.Jenkinsfile"),
            (.xcodeCloud, "ci_scripts/ci_post_xcodebuild.sh", "ci_scripts/acceptance-gate-post-xcodebuild.sh"),
            (.bitrise, "bitrise.yml", "bitrise.acceptance-gate.yml"),
        ])
    func detection(_ system: CISystem, _ marker: String, _ destination: String) throws {
        let folder = try AdoptionTestSupport.scratchFolder("detect")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put("theirs\n", at: marker, in: folder)
        let plan = try AdoptionPlan.make(options(folder))
        #expect(plan.ci == system)
        #expect(plan.ciReason == "found \(system.marker)")
        #expect(plan.files.last?.path == destination)
        try plan.write(force: true)
        #expect(AdoptionTestSupport.read(marker, in: folder) == "theirs\n", "the team's own pipeline was replaced")
        #expect(plan.nextSteps.contains { $0.contains(destination) || system == .github })
    }

    @Test("--ci picks the system, and a free main file is written in place")
    func chosen() throws {
        let folder = try AdoptionTestSupport.scratchFolder("chosen")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put("x\n", at: ".github/CODEOWNERS", in: folder)
        let plan = try AdoptionPlan.make(options(folder, ci: .gitlab))
        #expect(plan.ci == .gitlab && plan.ciReason == "--ci")
        #expect(plan.files.last?.path == ".gitlab-ci.yml")
    }

    @Test("existing files: all of them listed, nothing written; --force replaces them")
    func neverClobbers() throws {
        let folder = try AdoptionTestSupport.scratchFolder("clobber")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put("mine\n", at: "acceptance-gate.json", in: folder)
        try AdoptionTestSupport.put("mine too\n", at: ".github/workflows/acceptance-gate.yml", in: folder)
        let plan = try AdoptionPlan.make(options(folder, target: "ATests"))
        #expect(plan.existingFiles == ["acceptance-gate.json", ".github/workflows/acceptance-gate.yml"])
        #expect(throws: AdoptionError.filesExist(["acceptance-gate.json", ".github/workflows/acceptance-gate.yml"])) {
            try plan.write(force: false)
        }
        #expect(AdoptionTestSupport.read("acceptance-gate.json", in: folder) == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Tests"), "a file was written although one existed")
        try plan.write(force: true)
        #expect(AdoptionTestSupport.read("acceptance-gate.json", in: folder) == plan.files.first?.contents)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test("a dangling symbolic link counts as an existing file")
    func danglingLink() throws {
        let folder = try AdoptionTestSupport.scratchFolder("link")
        defer { AdoptionTestSupport.remove(folder) }
        #expect(symlink(folder + "/nowhere", folder + "/acceptance-gate.json") == 0)
        let plan = try AdoptionPlan.make(options(folder))
        #expect(plan.existingFiles == ["acceptance-gate.json"])
    }

    @Test("a failed write removes the files written before it")
    func rollback() throws {
        let folder = try AdoptionTestSupport.scratchFolder("rollback")
        defer { AdoptionTestSupport.remove(folder) }
        // `.github` as a file: the pipeline, written last, cannot get its folder.
        try AdoptionTestSupport.put("not a folder\n", at: ".github", in: folder)
        let plan = try AdoptionPlan.make(options(folder, ci: .github))
        #expect(throws: AdoptionError.self) { try plan.write(force: false) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/acceptance-gate.json"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/Tests/\(plan.target)/RedirectBoundaryTests.swift"))
    }

    @Test("names: the folder gives the defaults; a bad target and a missing folder are refused")
    func names() throws {
        #expect(AdoptionPlan.projectName(of: "/tmp/does-not-exist/my-app") == "MyApp")
        #expect(AdoptionPlan.projectName(of: "/tmp/x/2fast") == "_2fast")
        #expect(AdoptionPlan.projectName(of: "/tmp/x/---") == "App")
        let folder = try AdoptionTestSupport.scratchFolder("names")
        defer { AdoptionTestSupport.remove(folder) }
        for bad in ["", "My Tests", "1Tests", "Tests;rm", "Ünicode", String(repeating: "a", count: 201)] {
            #expect(throws: AdoptionError.self) { try AdoptionPlan.make(options(folder, target: bad)) }
        }
        #expect(throws: AdoptionError.notADirectory(folder + "/missing")) {
            try AdoptionPlan.make(options(folder + "/missing"))
        }
        #expect(throws: AdoptionError.self) {
            try AdoptionPlan.make(AdoptionOptions(directory: folder, scheme: "a\nb", gateVersion: "0.1.0"))
        }
    }
}

extension Array {
    /// The element at `index`, or `nil`.
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
