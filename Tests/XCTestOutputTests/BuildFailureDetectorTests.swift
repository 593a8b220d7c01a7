//===----------------------------------------------------------------------===//
// BuildFailureDetectorTests.swift: "the tests did not build", not "zero tests".
//===----------------------------------------------------------------------===//

import Testing
import XCTestOutput

@Suite("build failure detector")
struct BuildFailureDetectorTests {
    /// What swift-build 6 prints when a test target stops compiling (an `import FrameCodec` the
    /// package does not have), colour codes and all.
    static let swiftBuildLog = """
        Building for debugging...
        [1/6] Write sources
        \u{1B}[1m/tmp/ink/Tests/InkTests/FrameVectorTests.swift:9:8: \u{1B}[31merror: \u{1B}[0m\u{1B}[1mno such module 'FrameCodec'\u{1B}[0m
         7 |
         8 | import XCTest
         9 | import FrameCodec
           |        `- error: no such module 'FrameCodec'
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        error: fatalError
        """

    @Test("swift build: the compiler's diagnostic, before swift-build's summaries, without colour")
    func swiftBuild() {
        #expect(
            BuildFailureDetector.firstError(inLog: Self.swiftBuildLog)
                == "/tmp/ink/Tests/InkTests/FrameVectorTests.swift:9:8: error: no such module 'FrameCodec'")
        #expect(
            BuildFailureDetector.reason(command: ["swift", "test"], log: Self.swiftBuildLog)
                == "the tests did not build: /tmp/ink/Tests/InkTests/FrameVectorTests.swift:9:8: error: no such module 'FrameCodec'")
    }

    @Test("only summaries: error: fatalError, ** BUILD FAILED **, ** TEST BUILD FAILED **")
    func summaries() {
        #expect(BuildFailureDetector.firstError(inLog: "Compiling\nerror: fatalError\n") == "error: fatalError")
        #expect(BuildFailureDetector.firstError(inLog: "note: x\n** TEST BUILD FAILED **\n") == "** TEST BUILD FAILED **")
        #expect(BuildFailureDetector.firstError(inLog: "** BUILD FAILED **\r\n") == "** BUILD FAILED **")
        #expect(BuildFailureDetector.firstError(inLog: "error: link command failed with exit code 1\n")?.hasPrefix("error: link") == true)
    }

    @Test("a failed assertion, a test failure summary and a clean build are not build failures")
    func notBuildFailures() {
        let log = """
            Test Case 'RenderTests.testParagraph' started at 2026-12-01 12:00:00.000
            /tmp/ink/Tests/InkTests/RenderTests.swift:5: error: RenderTests.testParagraph : XCTAssertEqual failed: ("a") is not equal to ("b")
            <EXPR>:0: error: RenderTests.testThrows : threw error "x"
            ** TEST FAILED **
            Build complete! (3.10s)
            """
        #expect(BuildFailureDetector.firstError(inLog: log) == nil)
        #expect(BuildFailureDetector.firstError(inLog: "") == nil)
        #expect(BuildFailureDetector.firstError(inLog: ":1:2: error: no path") == nil)
    }

    @Test("which commands build: swift build/test and xcodebuild, also inside sh -c; not others")
    func commands() {
        #expect(BuildFailureDetector.isBuildCommand(["swift", "test"]))
        #expect(BuildFailureDetector.isBuildCommand(["/usr/bin/swift", "build", "--build-tests"]))
        #expect(BuildFailureDetector.isBuildCommand(["sh", "-c", "rm -rf x && A=\"$B\" exec 'xcodebuild' 'test' -scheme S"]))
        #expect(!BuildFailureDetector.isBuildCommand(["swift", "format", "lint"]))
        #expect(!BuildFailureDetector.isBuildCommand(["python3", "-m", "pytest"]))
        #expect(BuildFailureDetector.reason(command: ["python3"], log: Self.swiftBuildLog) == nil)
    }

    @Test("a long line is cut to the limit")
    func long() throws {
        let line = "/a.swift:1:1: error: " + String(repeating: "x", count: 1000)
        let found = try #require(BuildFailureDetector.firstError(inLog: line))
        #expect(found.count == BuildFailureDetector.maximumLineLength && found.hasSuffix("…"))
    }
}
