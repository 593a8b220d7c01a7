//===----------------------------------------------------------------------===//
// FlakyTests.swift: a test that failed and then passed keeps its failed attempts.
//===----------------------------------------------------------------------===//

import Testing
import XCTestOutput

@Suite("flaky tests")
struct FlakyTests {
    static func parse(_ log: String) -> [TestResult] {
        var parser = XCTestLogParser()
        for line in log.split(separator: "\n") { _ = parser.consumeAll(line: line) }
        return parser.finish()
    }

    @Test("xcodebuild -retry-tests-on-failure: failed, then passed on iteration 2: flaky, the failure kept in its message")
    func retriedXCTest() throws {
        let results = Self.parse(
            """
            Test Case '-[AppTests.NetTests testFetch]' started (Iteration 1 of 3).
            /r/NetTests.swift:9: error: -[AppTests.NetTests testFetch] : XCTAssertEqual failed: ("503") is not equal to ("200")
            Test Case '-[AppTests.NetTests testFetch]' failed (0.010 seconds).
            Test Case '-[AppTests.NetTests testFetch]' started (Iteration 2 of 3).
            Test Case '-[AppTests.NetTests testFetch]' passed (0.008 seconds).
            """)
        let result = try #require(results.first)
        #expect(results.count == 1)
        #expect(result.status == .passed)
        #expect(result.flaky)
        #expect(result.attempts == 2)
        #expect(result.failedAttempts == 1)
        #expect(
            result.message
                == #"passed on attempt 2 of 2 after 1 failed: NetTests.swift:9: XCTAssertEqual failed: ("503") is not equal to ("200")"#)
    }

    @Test("-test-iterations that all pass, and a retry that fails every time, are not flaky")
    func notFlaky() {
        let repeated = Self.parse(
            """
            Test Case '-[AppTests.NetTests testFetch]' started (Iteration 1 of 2).
            Test Case '-[AppTests.NetTests testFetch]' passed (0.010 seconds).
            Test Case '-[AppTests.NetTests testFetch]' started (Iteration 2 of 2).
            Test Case '-[AppTests.NetTests testFetch]' passed (0.008 seconds).
            """)
        #expect(repeated.map(\.flaky) == [false])
        #expect(repeated.first?.attempts == 2)
        let failing = Self.parse(
            """
            Test Case '-[AppTests.NetTests testFetch]' started (Iteration 1 of 2).
            Test Case '-[AppTests.NetTests testFetch]' failed (0.010 seconds).
            Test Case '-[AppTests.NetTests testFetch]' started (Iteration 2 of 2).
            Test Case '-[AppTests.NetTests testFetch]' failed (0.008 seconds).
            """)
        #expect(failing.map(\.status) == [.failed])
        #expect(failing.map(\.flaky) == [false])
        #expect(failing.first?.failedAttempts == 1)
    }

    @Test("a Swift Testing test that crashed, was relaunched by xcodebuild and then passed is flaky")
    func relaunchedSwiftTesting() throws {
        let results = Self.parse(
            """
            ◇ Test run started.
            ◇ Test fetch() started.
            Restarting after unexpected exit, crash, or test timeout; summary will include totals from previous launches.
            ◇ Test run started.
            ◇ Test fetch() started.
            ✔ Test fetch() passed after 0.002 seconds.
            ✔ Test run with 1 test passed after 0.002 seconds.
            """)
        let result = try #require(results.first)
        #expect(results.count == 1)
        #expect(result.status == .passed)
        #expect(result.flaky)
        #expect(result.attempts == 2)
    }
}
