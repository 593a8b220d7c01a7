//===----------------------------------------------------------------------===//
// RealLogShapesTests.swift: each shape the real logs showed, tested on the log it came from.
//===----------------------------------------------------------------------===//

import Testing
import XCTestOutput

@Suite("real log shapes (../shared/testdata/reallogs-parse)", .enabled(if: RealLogs.available, "needs ../shared/testdata/reallogs-parse"))
struct RealLogShapesTests {
    static func reading(_ path: String) throws -> RealLogs.Reading {
        try #require(RealLogs.read(path), "cannot read \(path)")
    }

    /// xcodebuild's closing block, when the gate's reading found one.
    static func block(_ reading: RealLogs.Reading) -> [String]? {
        for case let .xcodebuildSaysFailed(block) in LogReconciliation.check(reading.facts, results: reading.results) {
            return block
        }
        return nil
    }

    @Test(
        "a test target whose runner never started: rejected on exit 0, its block quoted",
        arguments: [
            ("bitrise/xcodebuild-early-unexpected-exit_1.txt", "Early unexpected exit, operation never finished bootstrapping"),
            ("bitrise/xcodebuild-early-unexpected-exit_2.txt", "Early unexpected exit, operation never finished bootstrapping"),
            ("bitrise/xcodebuild-failed-to-background-test-runner.txt", "Failed to background test runner"),
            ("bitrise/xcodebuild-failed-to-open-test-runner.txt", "Failed to install or launch the test runner"),
            ("bitrise/xcodebuild-test-runner-failed-to-initialize-for-ui-testing.txt", "Test runner failed to initialize for UI testing"),
            ("bitrise/xcodebuild-timed-out-registering-for-testing-event.txt", "Timed out registering for testing event accessibility"),
        ])
    func runnerNeverStarted(path: String, phrase: String) throws {
        let reading = try Self.reading(path)
        // Every test that ran passed: only the closing block tells.
        #expect(!reading.results.isEmpty)
        #expect(reading.results.allSatisfy { $0.status == .passed })
        #expect(!reading.accepted(exitCode: 0))
        let block = try #require(Self.block(reading))
        #expect(block.contains { $0.contains(phrase) })
        #expect(block.contains("Testing failed:"))
        #expect(block.last == "** TEST FAILED **")
    }

    @Test("** TEST EXECUTE FAILED ** and Failing tests: are quoted; the block's tests fail (fastlane's parallel run)")
    func failingTestsBlock() throws {
        let reading = try Self.reading("fastlane-scan/parallel_testing_failure_2.log")
        #expect(reading.results.map(\.name) == ["Test1.testSomething", "Test2.testSomething"])
        #expect(reading.results.allSatisfy { $0.status == .failed && $0.message == "xcodebuild listed it under 'Failing tests:'" })
        #expect(reading.facts.failingTests == ["Test1.testSomething()", "Test2.testSomething()"])
        let block = try #require(Self.block(reading))
        #expect(block.first == "Testing failed:")
        #expect(block.contains("Foo-UI-Tests:"))
        #expect(block.last == "** TEST EXECUTE FAILED **")
    }

    @Test("a Failing tests: entry names a display-named Swift Testing test by its function: no second test")
    func failingTestsDisplayName() throws {
        let reading = try Self.reading("xcodebuild-nvim/tc22.log")
        #expect(reading.results.count == 27)
        #expect(reading.found("Test 3")?.status == .failed)
        #expect(!reading.has("SomeTests.test3"))
    }

    @Test("xcbeautify's lines under fastlane's ▸ prefix are read: two failures, each named by class and method")
    func fastlaneXcbeautify() throws {
        let reading = try Self.reading("fastlane-scan/xcode26_xcbeautify_failure.log")
        #expect(reading.results.map(\.name) == ["ExampleTestTests.testExample", "ExampleTestUITests.testExample"])
        #expect(reading.results.map(\.status) == [.failed, .failed])
        #expect(reading.results.map(\.durationSeconds) == [0.474, 6.270])
        #expect(reading.facts.formattedLines == 2)
        #expect(Self.block(reading) == ["** TEST FAILED **"])
    }

    @Test("xcbeautify's colored output: the class comes from the Test Suite line, Swift Testing keeps its parentheses")
    func xcbeautifyColored() throws {
        let reading = try Self.reading("xcbeautify/MixedTestLog_6_0_macOS_colored.txt")
        #expect(
            reading.results.map(\.name) == [
                "CaptureGroupTests.testForceFailure", "CaptureGroupTests.testMatchSwiftTestingIssueArgument1",
                "CaptureGroupTests.testMatchSwiftTestingIssueArgument2", "CaptureGroupTests.testMatchSwiftTestingIssueArgument3",
                "testTrueIsTrue()", "testFailTrueIsFalse()",
            ])
        #expect(reading.results.map(\.status) == [.failed, .passed, .passed, .passed, .passed, .failed])
        #expect(reading.results.first?.message == "XCTAssertTrue failed - True is never false.")
        #expect(reading.results.map(\.framework) == [.xctest, .xctest, .xctest, .xctest, .swiftTesting, .swiftTesting])
    }

    @Test("xcbeautify's Swift Testing display names, skips and an Objective-C selector's colon")
    func xcbeautifyDisplayNames() throws {
        let reading = try Self.reading("xcbeautify/swift_test_log_macOS_colored.txt")
        #expect(reading.results.count == 464)
        #expect(reading.found("Clock.Instant.nanoseconds(until:) method")?.status == .passed)
        #expect(reading.found("Different kinds of functions are handled correctly")?.status == .failed)
        #expect(reading.found("ObjCClassTests.testExplicitNameThrowsFunError:")?.status == .passed)
        #expect(reading.found("Repeated calls to #expect() run in reasonable time")?.message == "time-sensitive")
    }

    @Test("Swift Testing under xcodebuild starts its lines with a zero-width space: they are read")
    func zeroWidthSpace() throws {
        let reading = try Self.reading("xcodebuild-nvim/tc23.log")
        let result = try #require(reading.found("checkParseABCVersion(version:strings:)"))
        #expect(result.status == .passed)
        #expect(!reading.results.contains { $0.message?.hasPrefix(XCTestLogParser.crashMessage) == true })
    }

    @Test("a restart line naming the running test as Class/method(): one failed test, no phantom beside it")
    func restartSlashName() throws {
        let reading = try Self.reading("fastlane-scan/non_parallel_testing_failure.log")
        let failed = reading.results.filter { $0.status == .failed }
        #expect(failed.map(\.name) == ["TestingTestTests.testFailure"])
        #expect(failed.first?.module == "TestingTestTests")
    }

    @Test("a restart line naming -[ObjCTests testExample] names that test, not '-[ObjCTests'")
    func restartObjectiveCName() throws {
        let reading = try Self.reading("xcbeautify/TestLog.txt")
        #expect(reading.found("ObjCTests.testExample")?.status == .failed)
        #expect(!reading.results.contains { $0.name.hasPrefix("-[") })
    }

    @Test("a Swift Testing test started three times across restarts is one failed test with three attempts")
    func restartSwiftTesting() throws {
        let reading = try Self.reading("xcodebuild-nvim/tc19.log")
        #expect(reading.results.map(\.name).sorted() == ["example()", "example2()", "example3()"])
        let crashed = try #require(reading.found("example3()"))
        #expect(crashed.status == .failed)
        #expect(crashed.attempts == 3)
    }

    @Test("xcodebuild's parallel Swift Testing lines (Suite/function() on 'Clone 1 of …') keep the function's parentheses")
    func parallelSwiftTesting() throws {
        let reading = try Self.reading("xcodebuild-nvim/tc21.log")
        #expect(reading.found("example()")?.status == .passed)
        #expect(reading.found("example()")?.framework == .swiftTesting)
        #expect(reading.found("example2()")?.status == .failed)
    }

    @Test("the result bundle's Swift Testing display name meets an expectation by that name")
    func xcresultDisplayName() throws {
        for path in ["fastlane-trainer/Xcode16-Mixed-XCTest-SwiftTesting.json", "fastlane-trainer/Xcode26-Mixed-XCTest-SwiftTesting.json"] {
            let reading = try Self.reading(path)
            let result = try #require(reading.found("Simple string validation"), "\(path)")
            #expect(result.name == "FastlaneTrainerTests.testBasicString")
        }
    }

    @Test(
        "build failures that are not compiler errors are named by their line",
        arguments: [
            ("xcodebuild-nvim/tc8.log", "error: unable to read property list from file: "),
            ("xcodebuild-nvim/tc9.log", "xcodebuild: error: Could not resolve package dependencies:"),
        ])
    func buildFailures(path: String, line: String) throws {
        let text = try #require(RealLogs.text(path))
        let reason = try #require(BuildFailureDetector.reason(command: ["xcodebuild", "test"], log: text))
        #expect(reason.hasPrefix("the tests did not build: " + line))
        #expect(try Self.reading(path).results.isEmpty)
    }
}
