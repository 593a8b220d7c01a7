//===----------------------------------------------------------------------===//
// AppleFormatTests.swift: macOS XCTest and xcodebuild parallel lines.
//===----------------------------------------------------------------------===//

import Testing

@testable import XCTestOutput

@Suite("macOS and xcodebuild")
struct AppleFormatTests {
    @Test("macOS names drop the module into its own field; durations, failures and skips are read")
    func macOS() throws {
        var (parser, _) = parse(AppleLogs.macOS)
        let results = parser.finish()
        #expect(
            results.map(\.name) == [
                "RedirectBoundaryTests.testSameOriginRedirectSucceeds", "RedirectBoundaryTests.testDifferentPortRedirectStops",
                "RedirectBoundaryTests.testLedgerKeepsNamesNeverValues",
            ])
        #expect(results.allSatisfy { $0.module == "AcceptanceSuites" })
        #expect(results.map(\.status) == [.passed, .failed, .skipped])
        #expect(results.map(\.durationSeconds) == [0.001, 0.123, 0.001])
        #expect(
            results[safe: 1]?.message
                == #"RedirectBoundaryTests.swift:70: XCTAssertEqual failed: ("200") is not equal to ("302")"#)
        #expect(parser.summary?.executed == 3)
        #expect(parser.summary?.failures == 1)
    }

    @Test("xcodebuild parallel lines finish tests that never printed a start")
    func parallel() {
        var (parser, events) = parse(AppleLogs.xcodebuildParallel)
        #expect(events.count == 3)
        let results = parser.finish()
        #expect(
            results == [
                TestResult(name: "RedirectBoundaryTests.testSameOriginRedirectSucceeds", status: .passed, durationSeconds: 0.010),
                TestResult(name: "RedirectBoundaryTests.testDifferentPortRedirectStops", status: .failed, durationSeconds: 0.250),
                TestResult(name: "RedirectBoundaryTests.testLedgerKeepsNamesNeverValues", status: .skipped, durationSeconds: 0.001),
            ])
    }

    @Test("a bracketed name without a module, and odd durations, still parse")
    func oddShapes() {
        var parser = XCTestLogParser()
        _ = parser.consume(line: "Test Case '-[A testB]' passed (nan seconds).")
        _ = parser.consume(line: "Test Case '-[A testC]' failed (-1 seconds).")
        _ = parser.consume(line: "Test Case 'A.testD' passed")
        #expect(
            parser.finish() == [
                TestResult(name: "A.testB", status: .passed), TestResult(name: "A.testC", status: .failed),
                TestResult(name: "A.testD", status: .passed),
            ])
    }
}
