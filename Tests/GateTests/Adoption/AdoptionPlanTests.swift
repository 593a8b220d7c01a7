//===----------------------------------------------------------------------===//
// AdoptionPlanTests.swift: what init writes, where, and that it never clobbers.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateAdoption
import GateCore
import Testing

@Suite("adoption plan")
struct AdoptionPlanTests {
    private func options(
        _ folder: String, ios: Bool = false, ci: CISystem? = nil, target: String? = nil, frames: Bool = false
    ) -> AdoptionOptions {
        AdoptionOptions(directory: folder, ios: ios, ci: ci, target: target, scheme: nil, frames: frames, gateVersion: "0.1.0")
    }

    /// A package with one library and the given test targets.
    static func package(_ tests: [String] = ["ShopTests"], name: String = "Shop") -> AdoptionProject {
        .swiftPackage(
            SwiftPackageManifest(
                name: name,
                targets: [SwiftPackageTarget(name: name, type: "regular")] + tests.map { SwiftPackageTarget(name: $0, type: "test") }),
            manifestFile: "Package.swift")
    }

    /// Plans for a package with `ShopTests` unless told otherwise.
    private func make(_ options: AdoptionOptions, project: AdoptionProject = package()) throws(AdoptionError) -> AdoptionPlan {
        try AdoptionPlan.make(options, project: project)
    }

    @Test("a Swift package with --frames: configuration, both XCTest files in Tests/<target>/, GitHub Actions, .gitignore")
    func swiftPackage() throws {
        let folder = try AdoptionTestSupport.scratchFolder("swift")
        defer { AdoptionTestSupport.remove(folder) }
        let plan = try make(options(folder, target: "ShopTests", frames: true))
        #expect(
            plan.files.map(\.path) == [
                "acceptance-gate.json", "Tests/ShopTests/RedirectBoundaryTests.swift", "Tests/ShopTests/FrameVectorTests.swift",
                ".github/workflows/acceptance-gate.yml", ".github/workflows/acceptance-gate-sign.yml", ".gitignore",
            ])
        #expect(plan.ci == .github && plan.ciReason == "the default")
        // The key goes where no pull request's own workflow can read it.
        #expect(plan.nextSteps.contains { $0.contains("environment acceptance-gate-signing") && $0.contains("never a repository secret") })
        // Step one: the environment protects nothing until its branches are limited; init prints the check (finding 7 of #36).
        let check = try #require(
            plan.nextSteps.firstIndex { $0.contains("gh api repos/{owner}/{repo}/environments/acceptance-gate-signing") })
        let key = try #require(
            plan.nextSteps.firstIndex { $0.contains("environment acceptance-gate-signing") && $0.contains("never a repository secret") })
        #expect(check < key, "the environment's limit comes before the key")
        #expect(plan.nextSteps[check].contains("deployment-branch-policies"))
        #expect(try plan.write(force: false) == plan.files.map(\.path))
        for file in plan.files {
            #expect(AdoptionTestSupport.read(file.path, in: folder) == file.contents)
            #expect(PlaceholderText.names(in: file.contents).isEmpty, "\(file.path) still has a placeholder")
        }
        let redirect = try #require(AdoptionTestSupport.read("Tests/ShopTests/RedirectBoundaryTests.swift", in: folder))
        #expect(
            redirect.hasPrefix("// RedirectBoundaryTests.swift: the redirect boundary acceptance tests of the test target\n// ShopTests.\n")
        )
        let vectors = try #require(AdoptionTestSupport.read("Tests/ShopTests/FrameVectorTests.swift", in: folder))
        #expect(vectors.contains("final class FrameVectorTests: XCTestCase {"))
        #expect(vectors.contains("func testThreeBytePayload() throws {"))
        #expect(vectors.split(separator: "\n").filter { $0.hasPrefix("import ") } == ["import XCTest"])
        #expect(AdoptionTestSupport.read(".gitignore", in: folder) != nil)
    }

    @Test("without --frames: no frame vectors and no frames suite")
    func noFrames() throws {
        let folder = try AdoptionTestSupport.scratchFolder("noframes")
        defer { AdoptionTestSupport.remove(folder) }
        let plan = try make(options(folder))
        #expect(!plan.files.contains { $0.path.hasSuffix("FrameVectorTests.swift") })
        #expect(plan.files.first?.contents.contains("\"kind\": \"frames\"") == false)
    }

    @Test("the test target comes from the package: the only one, <Package>Tests among several, --target, or an error naming them")
    func targets() throws {
        let folder = try AdoptionTestSupport.scratchFolder("targets")
        defer { AdoptionTestSupport.remove(folder) }
        #expect(try make(options(folder), project: Self.package(["InkTests"], name: "Ink1")).target == "InkTests")
        let several = Self.package(["TaggedTests", "ShopTests", "TaggedMoneyTests"])
        #expect(try make(options(folder), project: several).target == "ShopTests")
        #expect(try make(options(folder, target: "TaggedMoneyTests"), project: several).target == "TaggedMoneyTests")
        let ambiguous = Self.package(["TaggedTests", "TaggedMoneyTests"], name: "swift-tagged")
        #expect(throws: AdoptionError.ambiguousTarget(["TaggedTests", "TaggedMoneyTests"])) {
            try make(options(folder), project: ambiguous)
        }
        #expect(throws: AdoptionError.unknownTarget("SwiftTaggedTests", testTargets: ["TaggedTests", "TaggedMoneyTests"])) {
            try make(options(folder, target: "SwiftTaggedTests"), project: ambiguous)
        }
        let pathed = AdoptionProject.swiftPackage(
            SwiftPackageManifest(name: "P", targets: [SwiftPackageTarget(name: "PTests", type: "test", path: "./Checks/Unit/")]),
            manifestFile: "Package@swift-6.0.swift")
        #expect(try make(options(folder), project: pathed).files.map(\.path).contains("Checks/Unit/RedirectBoundaryTests.swift"))
        let none = try make(options(folder), project: Self.package([]))
        #expect(none.target == "ShopTests")
        let versioned = AdoptionProject.swiftPackage(
            SwiftPackageManifest(name: "Shop", targets: []), manifestFile: "Package@swift-6.0.swift")
        let step = try make(options(folder), project: versioned).nextSteps.first ?? ""
        #expect(step.hasPrefix("Package@swift-6.0.swift has no test target 'ShopTests': add .testTarget(name: \"ShopTests\")"))
    }

    @Test("LinuxMain.swift: the class goes into XCTestManifests.swift or LinuxMain.swift, else the suite uses test discovery")
    func linuxMain() throws {
        let folder = try AdoptionTestSupport.scratchFolder("linuxmain")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(
            "import XCTest\n@testable import ShopTests\n\nXCTMain([testCase(ShopTests.allTests)])\n", at: "Tests/LinuxMain.swift",
            in: folder)
        let plan = try make(options(folder))
        let edit = try #require(plan.files.first { $0.path == "Tests/LinuxMain.swift" })
        #expect(edit.isChange)
        #expect(edit.contents.contains("XCTMain([testCase(RedirectBoundaryTests.allTests), testCase(ShopTests.allTests)])"))
        #expect(plan.files.first?.contents.contains("\"command\": [\"swift\", \"test\"]") == true)
        try plan.write(force: false)
        #expect(AdoptionTestSupport.read("Tests/LinuxMain.swift", in: folder) == edit.contents)

        let manifest = """
            #if !canImport(ObjectiveC)
            import XCTest

            public func __allTests() -> [XCTestCaseEntry] {
                return [
                    testCase(ShopTests.__allTests__ShopTests),
                ]
            }
            #endif
            """
        let other = try AdoptionTestSupport.scratchFolder("manifests")
        defer { AdoptionTestSupport.remove(other) }
        try AdoptionTestSupport.put(
            "import XCTest\nimport ShopTests\nvar tests = [XCTestCaseEntry]()\ntests += ShopTests.__allTests()\nXCTMain(tests)\n",
            at: "Tests/LinuxMain.swift", in: other)
        try AdoptionTestSupport.put(manifest, at: "Tests/ShopTests/XCTestManifests.swift", in: other)
        let viaManifest = try make(options(other))
        let changed = try #require(viaManifest.files.first { $0.path == "Tests/ShopTests/XCTestManifests.swift" })
        #expect(changed.contents.contains("    return [\n        testCase(RedirectBoundaryTests.allTests),\n        testCase(ShopTests"))

        let unknown = try AdoptionTestSupport.scratchFolder("unknown")
        defer { AdoptionTestSupport.remove(unknown) }
        try AdoptionTestSupport.put(
            "import XCTest\nimport ShopTests\nXCTMain(ShopTests.everything)\n", at: "Tests/LinuxMain.swift", in: unknown)
        let manual = try make(options(unknown))
        #expect(!manual.files.contains { $0.path == "Tests/LinuxMain.swift" })
        #expect(manual.files.first?.contents.contains("[\"swift\", \"test\", \"--enable-test-discovery\"]") == true)
        #expect(manual.nextSteps.contains { $0.contains("add testCase(RedirectBoundaryTests.allTests) to the list it passes to XCTMain") })
    }

    @Test(".gitignore: .build/ is added when no line covers it, so a build never shows as a changed work tree")
    func gitignoreBuildFolder() throws {
        #expect(GitIgnoreEntries.updated(nil)?.hasPrefix("# acceptance-gate: SwiftPM's build folder, the report folder") == true)
        #expect(GitIgnoreEntries.updated(nil)?.contains("\n.build/\n") == true)
        for covered in [".build", "/.build/", ".build/  ", ".build*", "/.build*", ".*"] {
            let text = covered + "\n.acceptance-gate/\ngate.key\n"
            #expect(GitIgnoreEntries.updated(text) == nil, "'\(covered)' already covers .build")
        }
        #expect(GitIgnoreEntries.updated("!.build\n.acceptance-gate/\ngate.key\n")?.hasSuffix("\n.build/\n") == true)
        let folder = try AdoptionTestSupport.scratchFolder("gitignore-build")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put("DerivedData/\n", at: ".gitignore", in: folder)
        try make(options(folder)).write(force: false)
        #expect(
            AdoptionTestSupport.read(".gitignore", in: folder)
                == "DerivedData/\n# acceptance-gate: SwiftPM's build folder, the report folder, and the signing key if one is ever "
                + "made here\n.build/\n.acceptance-gate/\ngate.key\n")
    }

    @Test("several test targets: init stops, and says the choice only decides where the redirect tests go")
    func severalTargetsMessage() throws {
        let folder = try AdoptionTestSupport.scratchFolder("several")
        defer { AdoptionTestSupport.remove(folder) }
        #expect(throws: AdoptionError.ambiguousTarget(["CheckoutTests", "PaymentsTests"])) {
            try make(options(folder), project: Self.package(["CheckoutTests", "PaymentsTests"]))
        }
        let message = AdoptionError.ambiguousTarget(["CheckoutTests", "PaymentsTests"]).description
        #expect(message.hasPrefix("the package has 2 test targets (CheckoutTests, PaymentsTests); pass --target with the one"))
        #expect(message.hasSuffix("(the choice only decides where RedirectBoundaryTests.swift goes: the suite runs every test target)"))
    }

    @Test("LinuxMain.swift and XCTestManifests.swift, one class a line: the edit is indented like its neighbours, no trailing space")
    func linuxMainOneALine() {
        let linuxMain = "import XCTest\n\n@testable import ShopTests\n\nXCTMain([\n  testCase(A.allTests),\n  testCase(B.allTests),\n])\n"
        let edited = LinuxMainRegistration.plan(
            linuxMain: linuxMain, manifestPath: "Tests/ShopTests/XCTestManifests.swift", manifest: nil, target: "ShopTests")
        #expect(
            edited
                == .edit(
                    path: "Tests/LinuxMain.swift",
                    contents: "import XCTest\n\n@testable import ShopTests\n\nXCTMain([\n  testCase(RedirectBoundaryTests.allTests),\n"
                        + "  testCase(A.allTests),\n  testCase(B.allTests),\n])\n"))
        // One element without a comma gets one (a two-element multi-line list ends with a comma); tabs stay tabs.
        let manifest = "public func __allTests() -> [XCTestCaseEntry] {\n\treturn [\n\t\ttestCase(A.__allTests__A)\n\t]\n}\n"
        let manifestEdit = LinuxMainRegistration.plan(
            linuxMain: "XCTMain(tests)\n", manifestPath: "M.swift", manifest: manifest, target: "T")
        #expect(
            manifestEdit
                == .edit(
                    path: "M.swift",
                    contents: "public func __allTests() -> [XCTestCaseEntry] {\n\treturn [\n\t\ttestCase(RedirectBoundaryTests.allTests),\n"
                        + "\t\ttestCase(A.__allTests__A),\n\t]\n}\n"))
        // An empty list: four spaces deeper than its opening line.
        let empty = LinuxMainRegistration.plan(
            linuxMain: "@testable import T\nXCTMain([\n])\n", manifestPath: "M.swift", manifest: nil, target: "T")
        #expect(
            empty
                == .edit(
                    path: "Tests/LinuxMain.swift",
                    contents: "@testable import T\nXCTMain([\n    testCase(RedirectBoundaryTests.allTests),\n])\n"))
    }

    @Test(".gitignore: created, appended once, left alone when it has the lines")
    func gitignore() throws {
        #expect(GitIgnoreEntries.updated(nil)?.hasSuffix(".acceptance-gate/\ngate.key\n") == true)
        #expect(
            GitIgnoreEntries.updated(".build/")
                == ".build/\n# acceptance-gate: the report folder, and the signing key if one is ever made here\n.acceptance-gate/\ngate.key\n"
        )
        #expect(GitIgnoreEntries.updated("/.build\n/.acceptance-gate\ngate.key\n") == nil)
        #expect(
            GitIgnoreEntries.updated("x\n.build\n.acceptance-gate/\n")?.hasSuffix(
                "x\n.build\n.acceptance-gate/\n# acceptance-gate: the report folder, and the signing key if one is ever made here\ngate.key\n"
            )
                == true)
        let folder = try AdoptionTestSupport.scratchFolder("gitignore")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put(".build/\n", at: ".gitignore", in: folder)
        try make(options(folder)).write(force: false)
        let once = AdoptionTestSupport.read(".gitignore", in: folder)
        #expect(once?.hasPrefix(".build/\n") == true)
        #expect(!(try make(options(folder)).files.contains { $0.path == ".gitignore" }))
    }

    @Test("--ios: tests in <target>/, the scheme and test target from xcodebuild's list, an executable Xcode Cloud script")
    func ios() throws {
        let folder = try AdoptionTestSupport.scratchFolder("ios")
        defer { AdoptionTestSupport.remove(folder) }
        let project = AdoptionProject.xcode(
            container: .project("Shop.xcodeproj"),
            list: XcodeProjectList(schemes: ["Shop"], targets: ["Shop", "ShopTests", "ShopUITests"]), folders: [], notes: [])
        let plan = try make(options(folder, ios: true, ci: .xcodeCloud), project: project)
        #expect(plan.scheme == "Shop" && plan.target == "ShopTests")
        #expect(plan.files.map(\.path).contains("ShopTests/RedirectBoundaryTests.swift"))
        let configuration = try #require(plan.files.first?.contents)
        let destination = "'-destination' \\\"${ACCEPTANCE_GATE_IOS_SIMULATOR:?is set by acceptance-gate run}\\\" "
        #expect(configuration.contains("'-project' 'Shop.xcodeproj' '-scheme' 'Shop' " + destination))
        #expect(configuration.contains("\"results\": { \"xcresult\": \".acceptance-gate-results/TestResults.xcresult\" }"))
        #expect(plan.files.contains { $0.path == ".gitignore" && $0.contents.contains(".acceptance-gate-results/\n") })
        try plan.write(force: false)
        var status = stat()
        #expect(stat(folder + "/ci_scripts/ci_post_xcodebuild.sh", &status) == 0)
        #expect(status.st_mode & 0o777 == 0o755)
        #expect(stat(folder + "/acceptance-gate.json", &status) == 0 && status.st_mode & 0o777 == 0o644)
        let several = AdoptionProject.xcode(container: nil, list: XcodeProjectList(schemes: ["Alpha", "Beta"]), folders: [], notes: [])
        #expect(throws: AdoptionError.ambiguousScheme(["Alpha", "Beta"])) { try make(options(folder, ios: true), project: several) }
    }

    @Test("--ios on a package's .xcodeproj: the shared X-Package scheme, XTests in its existing folder, notes for missing tools")
    func iosPackageProject() throws {
        let folder = try AdoptionTestSupport.scratchFolder("ios-package")
        defer { AdoptionTestSupport.remove(folder) }
        // xcodebuild lists the user's scheme X beside the shared X-Package; CI checks out only the shared one.
        let project = AdoptionProject.xcode(
            container: .project("X.xcodeproj"), list: XcodeProjectList(schemes: ["X", "X-Package"], shared: ["X-Package"]),
            folders: ["Sources", "Sources/X", "Tests", "Tests/XTests"], notes: ["'xcrun simctl' could not run here."])
        let plan = try make(options(folder, ios: true), project: project)
        #expect(plan.scheme == "X-Package")
        #expect(plan.target == "XTests")
        #expect(plan.files.map(\.path).contains("Tests/XTests/RedirectBoundaryTests.swift"))
        #expect(!plan.files.map(\.path).contains("XTests/RedirectBoundaryTests.swift"))
        #expect(plan.nextSteps.contains("'xcrun simctl' could not run here."))

        // --scheme X-Package alone (no --target) derives XTests, never 'X-PackageTests'.
        let alone = AdoptionProject.xcode(container: .project("X.xcodeproj"), list: XcodeProjectList(schemes: []), folders: [], notes: [])
        let chosen = try make(AdoptionOptions(directory: folder, ios: true, scheme: "X-Package", gateVersion: "0.1.0"), project: alone)
        #expect(chosen.target == "XTests")
        // A target chosen from the project's list that cannot be a module name says where it came from.
        let dashed = AdoptionProject.xcode(
            container: nil, list: XcodeProjectList(schemes: ["App"], targets: ["App", "My-AppTests"]), folders: [], notes: [])
        #expect(
            throws: AdoptionError.invalidName(
                kind: "test target chosen for scheme 'App'", value: "My-AppTests",
                problem: "pass --target with the name of the project's unit test target")
        ) {
            try make(options(folder, ios: true), project: dashed)
        }
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
        let plan = try make(options(folder))
        #expect(plan.ci == system)
        #expect(plan.ciReason == "found \(system.marker)")
        #expect(plan.files.contains { $0.path == destination && !$0.isChange })
        try plan.write(force: true)
        #expect(AdoptionTestSupport.read(marker, in: folder) == "theirs\n", "the team's own pipeline was replaced")
        #expect(plan.nextSteps.contains { $0.contains(destination) || system == .github })
    }

    @Test("--ci picks the system, and a free main file is written in place")
    func chosen() throws {
        let folder = try AdoptionTestSupport.scratchFolder("chosen")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put("x\n", at: ".github/CODEOWNERS", in: folder)
        let plan = try make(options(folder, ci: .gitlab))
        #expect(plan.ci == .gitlab && plan.ciReason == "--ci")
        #expect(plan.files.contains { $0.path == ".gitlab-ci.yml" })
    }

    @Test("existing files: all of them listed, nothing written; --force replaces them")
    func neverClobbers() throws {
        let folder = try AdoptionTestSupport.scratchFolder("clobber")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put("mine\n", at: "acceptance-gate.json", in: folder)
        try AdoptionTestSupport.put("mine too\n", at: ".github/workflows/acceptance-gate.yml", in: folder)
        let plan = try make(options(folder, target: "ShopTests"))
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
        let plan = try make(options(folder))
        #expect(plan.existingFiles == ["acceptance-gate.json"])
    }

    @Test("a failed write removes the files written before it")
    func rollback() throws {
        let folder = try AdoptionTestSupport.scratchFolder("rollback")
        defer { AdoptionTestSupport.remove(folder) }
        // `.github` as a file: the pipeline, written last, cannot get its folder.
        try AdoptionTestSupport.put("not a folder\n", at: ".github", in: folder)
        let plan = try make(options(folder, ci: .github))
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
            #expect(throws: AdoptionError.self) { try make(options(folder, target: bad)) }
        }
        #expect(throws: AdoptionError.notADirectory(folder + "/missing")) {
            try make(options(folder + "/missing"))
        }
        #expect(throws: AdoptionError.self) {
            try make(
                AdoptionOptions(directory: folder, ios: true, scheme: "a\nb", gateVersion: "0.1.0"),
                project: .xcode(container: nil, list: XcodeProjectList(schemes: []), folders: [], notes: []))
        }
    }
}
