//===----------------------------------------------------------------------===//
// InitOutputLintTests.swift: every Swift file init writes passes the project's own swift format lint --strict.
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption
import GateProcess
import Testing

/// `init` on real package shapes (read by SwiftPM, as a user runs it), then the toolchain's
/// `swift format lint --strict` on every Swift file it wrote or changed, with the project's own
/// `.swift-format` (found by `swift format` itself, as the project's CI finds it) or the
/// toolchain's default. Each package's own files pass that lint before `init` runs, so a finding
/// afterwards is `init`'s. The new files must also carry the license header their neighbours share.
@Suite("init's Swift files pass the project's swift format lint --strict", .serialized)
struct InitOutputLintTests {
    /// A package shape: its files, and the header its test files share (`nil`: none is shared).
    struct Shape: CustomTestStringConvertible, Sendable {
        var name: String
        var files: [String: String]
        var sharedHeader: String?
        var testDescription: String { name }
    }

    static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
          name: "Ink",
          targets: [.target(name: "Ink"), .testTarget(name: "InkTests", dependencies: ["Ink"])])

        """

    /// SwiftNIO's header shape: the same license, a year range that differs between files.
    static func nioHeader(years: String) -> String {
        """
        //===----------------------------------------------------------------------===//
        //
        // This source file is part of the Ink open source project
        //
        // Copyright (c) \(years) the Ink project authors
        // Licensed under Apache License v2.0
        //
        // SPDX-License-Identifier: Apache-2.0
        //
        //===----------------------------------------------------------------------===//

        """
    }

    /// A test file in the toolchain's default style (two spaces).
    static func twoSpaceTest(_ name: String) -> String {
        """
        import XCTest

        @testable import Ink

        final class \(name): XCTestCase {
          func testParagraph() { XCTAssertEqual(render("hi"), "<p>hi</p>") }

          static var allTests = [("testParagraph", testParagraph)]
        }

        """
    }

    /// No `.swift-format` (the toolchain's default applies), a license header on every test file
    /// (two of three with the same years), and a `Tests/LinuxMain.swift` listing one class a line.
    static let defaultStyle = Shape(
        name: "no .swift-format, a shared license header, LinuxMain.swift",
        files: [
            "Package.swift": manifest,
            "Sources/Ink/Ink.swift": "public func render(_ text: String) -> String { \"<p>\" + text + \"</p>\" }\n",
            "Tests/InkTests/RenderTests.swift": nioHeader(years: "2021-2024") + "\n" + twoSpaceTest("RenderTests"),
            "Tests/InkTests/ListTests.swift": nioHeader(years: "2021-2024") + "\n" + twoSpaceTest("ListTests"),
            "Tests/InkTests/Blocks/QuoteTests.swift": nioHeader(years: "2023-2024") + "\n" + twoSpaceTest("QuoteTests"),
            "Tests/LinuxMain.swift": """
            import XCTest

            @testable import InkTests

            XCTMain([
              testCase(RenderTests.allTests),
              testCase(ListTests.allTests),
              testCase(QuoteTests.allTests),
            ])

            """,
        ],
        sharedHeader: nioHeader(years: "2021-2024"))

    /// A `.swift-format` far from the default (four spaces, 100 columns, ordered imports, no block
    /// comments), an SPDX header, and a `XCTestManifests.swift` the way `swift test --generate-linuxmain` wrote it.
    static let fourSpaces = Shape(
        name: ".swift-format with indentation 4 and lineLength 100, SPDX header, XCTestManifests.swift",
        files: [
            "Package.swift": manifest,
            ".swift-format": """
            {
              "version": 1,
              "indentation": { "spaces": 4 },
              "lineLength": 100,
              "indentConditionalCompilationBlocks": false,
              "rules": { "NoBlockComments": true, "OrderedImports": true, "NeverForceUnwrap": true }
            }

            """,
            "Sources/Ink/Ink.swift": "public func render(_ text: String) -> String { \"<p>\" + text + \"</p>\" }\n",
            "Tests/InkTests/RenderTests.swift": """
            // SPDX-FileCopyrightText: 2024 Ink contributors
            // SPDX-License-Identifier: MIT

            import XCTest

            @testable import Ink

            final class RenderTests: XCTestCase {
                func testParagraph() { XCTAssertEqual(render("hi"), "<p>hi</p>") }
            }

            """,
            "Tests/InkTests/XCTestManifests.swift": """
            // SPDX-FileCopyrightText: 2024 Ink contributors
            // SPDX-License-Identifier: MIT

            #if !canImport(ObjectiveC)
            import XCTest

            extension RenderTests {
                static let __allTests__RenderTests = [
                    ("testParagraph", testParagraph)
                ]
            }

            public func __allTests() -> [XCTestCaseEntry] {
                return [
                    testCase(RenderTests.__allTests__RenderTests)
                ]
            }
            #endif

            """,
            "Tests/LinuxMain.swift": """
            import InkTests
            import XCTest

            var tests = [XCTestCaseEntry]()
            tests += InkTests.__allTests()

            XCTMain(tests)

            """,
        ],
        sharedHeader: "// SPDX-FileCopyrightText: 2024 Ink contributors\n// SPDX-License-Identifier: MIT\n")

    /// Tabs, and Xcode's per-file headers, which name their own file: nothing is shared.
    static let tabs = Shape(
        name: ".swift-format with tabs and lineLength 120, Xcode's per-file headers",
        files: [
            "Package.swift": manifest,
            ".swift-format": "{ \"version\": 1, \"indentation\": { \"tabs\": 1 }, \"tabWidth\": 4, \"lineLength\": 120 }\n",
            "Sources/Ink/Ink.swift": "public func render(_ text: String) -> String { \"<p>\" + text + \"</p>\" }\n",
            "Tests/InkTests/RenderTests.swift":
                "//\n//  RenderTests.swift\n//  InkTests\n//\n\nimport XCTest\n\n@testable import Ink\n\n"
                + "final class RenderTests: XCTestCase {\n\tfunc testParagraph() { XCTAssertEqual(render(\"hi\"), \"<p>hi</p>\") }\n}\n",
            "Tests/InkTests/ListTests.swift":
                "//\n//  ListTests.swift\n//  InkTests\n//\n\nimport XCTest\n\n@testable import Ink\n\n"
                + "final class ListTests: XCTestCase {\n\tfunc testList() { XCTAssertEqual(render(\"-\"), \"<p>-</p>\") }\n}\n",
        ],
        sharedHeader: nil)

    /// `swift format lint --strict` on `paths` (relative to `folder`), from `folder`: its findings, empty when clean.
    static func lint(_ paths: [String], in folder: String) throws -> String {
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["swift", "format", "lint", "--strict"] + paths, workingDirectory: folder), timeout: .seconds(180))
        let findings = (result.stderrText + result.stdoutText).trimmingCharacters(in: .whitespacesAndNewlines)
        return result.status.isSuccess && findings.isEmpty ? "" : "\(result.status)\n" + findings
    }

    @Test(
        "init --frames on a real package: every Swift file it writes or changes passes swift format lint --strict",
        arguments: [defaultStyle, fourSpaces, tabs])
    func lintClean(shape: Shape) throws {
        let folder = try AdoptionTestSupport.scratchFolder("lint")
        defer { AdoptionTestSupport.remove(folder) }
        for (path, text) in shape.files { try AdoptionTestSupport.put(text, at: path, in: folder) }
        let own = shape.files.keys.filter { $0.hasSuffix(".swift") && $0 != "Package.swift" }.sorted()
        let before = try Self.lint(own, in: folder)
        try #require(before.isEmpty, "the package's own files fail the lint before init: \(before)")

        var plan = try AdoptionPlan.make(
            AdoptionOptions(directory: folder, target: "InkTests", frames: true, gateVersion: "0.1.0"))
        try plan.write(force: false)
        let swiftFiles = plan.files.map(\.path).filter { $0.hasSuffix(".swift") }
        #expect(swiftFiles.contains("Tests/InkTests/RedirectBoundaryTests.swift"))
        #expect(swiftFiles.contains("Tests/InkTests/FrameVectorTests.swift"))
        if shape.files["Tests/LinuxMain.swift"] != nil {
            #expect(plan.files.contains { $0.isChange && $0.path.hasSuffix(".swift") }, "no list of test classes was changed")
        }
        let findings = try Self.lint(swiftFiles, in: folder)
        #expect(findings.isEmpty, "swift format lint --strict on what init wrote:\n\(findings)")
        for path in swiftFiles {
            let text = try #require(AdoptionTestSupport.read(path, in: folder))
            #expect(!text.split(separator: "\n").contains { $0.last == " " || $0.last == "\t" }, "\(path): trailing whitespace")
        }
        for path in ["Tests/InkTests/RedirectBoundaryTests.swift", "Tests/InkTests/FrameVectorTests.swift"] {
            let text = try #require(AdoptionTestSupport.read(path, in: folder))
            if let header = shape.sharedHeader {
                #expect(text.hasPrefix(header + "\n"), "\(path) does not start with the neighbours' header")
            } else {
                #expect(text.hasPrefix("// "), "\(path) starts with a header of another file")
                #expect(!text.contains("RenderTests.swift"))
            }
        }
        if shape.files[".swift-format"] != nil {
            #expect(plan.swiftFormatLine == "Swift files: formatted with .swift-format (swift format).")
        } else {
            #expect(plan.swiftFormatLine == nil)
        }
        // The plan was formatted once; formatting again changes nothing (what lint checks, from the other side).
        let formatted = plan.files
        plan.formatSwiftFiles(swiftCommand: ["swift"])
        #expect(plan.files == formatted)
    }

    @Test("swift-format missing: the files are written unformatted, init says so and does not fail")
    func formatterMissing() throws {
        let folder = try AdoptionTestSupport.scratchFolder("lint-missing")
        defer { AdoptionTestSupport.remove(folder) }
        for (path, text) in Self.fourSpaces.files { try AdoptionTestSupport.put(text, at: path, in: folder) }
        let options = AdoptionOptions(directory: folder, target: "InkTests", gateVersion: "0.1.0")
        var plan = try AdoptionPlan.make(options, project: AdoptionProject.read(options))
        let unformatted = plan.files
        plan.formatSwiftFiles(swiftCommand: [folder + "/no-such-swift"])
        #expect(plan.files == unformatted)
        #expect(plan.swiftFormatLine?.hasPrefix("Swift files: not formatted (swift format failed: ") == true)
        let step = try #require(plan.nextSteps.first)
        #expect(step.contains("could not format Tests/InkTests/RedirectBoundaryTests.swift with .swift-format"))
        #expect(step.contains("run 'swift format format -i --configuration .swift-format Tests/InkTests/RedirectBoundaryTests.swift'"))
        #expect(try plan.write(force: false).contains("Tests/InkTests/RedirectBoundaryTests.swift"))
    }

    @Test("the check can fail: a file with four-space indentation is refused under the toolchain's default")
    func canFail() throws {
        let folder = try AdoptionTestSupport.scratchFolder("lint-fails")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put("struct A {\n    var b = 1\n}\n", at: "A.swift", in: folder)
        #expect(try Self.lint(["A.swift"], in: folder).contains("[Indentation]"))
    }
}
