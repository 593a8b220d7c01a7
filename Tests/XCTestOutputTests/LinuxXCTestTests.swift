//===----------------------------------------------------------------------===//
// LinuxXCTestTests.swift: captured Linux XCTest output into results.
//===----------------------------------------------------------------------===//

import GateCore
import Testing

@testable import XCTestOutput

/// Feeds `log` line by line and returns the parser (not yet finished) and every event.
func parse(_ log: String) -> (parser: XCTestLogParser, events: [TestEvent]) {
    var parser = XCTestLogParser()
    var events: [TestEvent] = []
    for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
        events += parser.consumeAll(line: line)
    }
    return (parser, events)
}

@Suite("Linux XCTest")
struct LinuxXCTestTests {
    @Test("the captured sample: passes, failures with every message, a skip with its reason, the summary")
    func sample() throws {
        var (parser, events) = parse(LinuxLogs.sample)
        let results = parser.finish()
        #expect(
            results.map(\.name) == [
                "CrashTests.testCrashes", "XCSampleTests.testFails", "XCSampleTests.testFailsTwice",
                "XCSampleTests.testPasses", "XCSampleTests.testSkipped",
            ])
        #expect(results.map(\.status) == [.passed, .failed, .failed, .passed, .skipped])
        #expect(results.allSatisfy { $0.module == nil })
        #expect(results.first?.durationSeconds == 0.004)
        #expect(results.first?.message == nil)
        #expect(
            results[safe: 1]?.message
                == #"XCSampleTests.swift:6: XCTAssertEqual failed: ("2") is not equal to ("3") - one plus one"#)
        #expect(
            results[safe: 2]?.message
                == "XCSampleTests.swift:8: XCTAssertTrue failed -\nXCSampleTests.swift:8: failed - second")
        #expect(results[safe: 3]?.message == nil)
        #expect(results[safe: 4]?.message == "not on this platform")
        let summary = try #require(parser.summary)
        #expect(summary.executed == 5)
        #expect(summary.failures == 3)
        #expect(events.count == 10)
        #expect(events.first == .started("CrashTests.testCrashes"))
    }

    @Test("consume returns the event of the line as it arrives")
    func streaming() {
        var parser = XCTestLogParser()
        #expect(parser.consume(line: "Test Suite 'All tests' started at 2026-11-29 20:43:00.123") == nil)
        #expect(
            parser.consume(line: "Test Case 'RedirectBoundaryTests.testSameOriginRedirectSucceeds' started at 2026-11-29 20:43:00.124")
                == .started("RedirectBoundaryTests.testSameOriginRedirectSucceeds"))
        #expect(parser.results.isEmpty)
        let finished = parser.consume(line: "Test Case 'RedirectBoundaryTests.testSameOriginRedirectSucceeds' passed (0.012 seconds)\r\n")
        #expect(
            finished
                == .finished(
                    TestResult(name: "RedirectBoundaryTests.testSameOriginRedirectSucceeds", status: .passed, durationSeconds: 0.012)))
        #expect(parser.results.count == 1)
        #expect(parser.summary == nil)
        #expect(parser.consume(line: "Executed 1 test, with 0 failures (0 unexpected) in 0.012 (0.013) seconds") == nil)
        #expect(parser.summary?.executed == 1)
        #expect(parser.summary?.failures == 0)
    }

    @Test("the summary keeps the last Executed line and ignores malformed ones")
    func summaries() {
        var parser = XCTestLogParser()
        _ = parser.consume(line: "\t Executed 4 tests, with 1 test skipped and 3 failures (0 unexpected) in 0.001 (0.001) seconds")
        _ = parser.consume(line: "Executed many tests, with 2 failures")
        _ = parser.consume(line: "Executed 12 tests")
        #expect(parser.summary?.executed == 4)
        #expect(parser.summary?.failures == 3)
        _ = parser.consume(line: "Executed 12 tests, with 1 failure (1 unexpected) in 0.5 (0.5) seconds")
        #expect(parser.summary?.executed == 12)
        #expect(parser.summary?.failures == 1)
    }

    @Test("ANSI colour codes around the words do not hide a line")
    func ansi() {
        var parser = XCTestLogParser()
        _ = parser.consume(line: "\u{1B}[1mTest Case 'A.testB' started at 2026-11-29\u{1B}[0m")
        _ = parser.consume(line: "\u{1B}]8;;file:///x\u{07}/x/A.swift:3: error: A.testB : bad\u{1B}]8;;\u{1B}\\")
        _ = parser.consume(line: "Test Case 'A.testB' \u{1B}[31;1mfailed\u{1B}[0m (0.5 seconds)")
        let results = parser.finish()
        #expect(
            results == [
                TestResult(
                    name: "A.testB", status: .failed, durationSeconds: 0.5, message: "A.swift:3: bad",
                    location: SourceLocation(file: "/x/A.swift", line: 3))
            ])
    }

    @Test("a failure line for another test than the running one is not attached to it")
    func foreignDetail() {
        var parser = XCTestLogParser()
        _ = parser.consume(line: "Test Case 'A.testB' started at 2026-11-29")
        _ = parser.consume(line: "/x/A.swift:3: error: A.testOther : bad")
        _ = parser.consume(line: "Some.swift:3: note: not a test : at all")
        _ = parser.consume(line: "Test Case 'A.testB' passed (0.1 seconds)")
        #expect(parser.finish() == [TestResult(name: "A.testB", status: .passed, durationSeconds: 0.1)])
    }

    @Test("a real failing swift test --parallel run: every progress line a test, the failed one failed with its message")
    func parallelFailure() {
        var (parser, _) = parse(CapturedLogs.swiftTestParallelFailure)
        let results = parser.finish()
        #expect(results.map(\.name).sorted() == ["MathTests.testDoubles", "MathTests.testDoublesNegative", "MoreTests.testZero"])
        #expect(results.filter { $0.status == .failed }.map(\.name) == ["MathTests.testDoublesNegative"])
        #expect(
            results.first { $0.status == .failed }?.message
                == #"ParTests.swift:6: XCTAssertEqual failed: ("-6") is not equal to ("-5") - off by one on purpose"#)
        #expect(
            results.filter { $0.name != "MathTests.testDoublesNegative" }.allSatisfy { $0.module == "ParTests" && $0.status == .passed })
        #expect(LogReconciliation.check(parser.facts, results: results).isEmpty)
    }
}

@Suite("this package's own acceptance suite")
struct RedirectBoundaryLogTests {
    @Test("the captured RedirectBoundaryTests run gives the four expected tests, all passed")
    func redirectBoundary() throws {
        var (parser, events) = parse(LinuxLogs.redirectBoundary)
        let results = parser.finish()
        #expect(
            Set(results.map(\.name)) == [
                "RedirectBoundaryTests.testSameOriginRedirectSucceeds", "RedirectBoundaryTests.testDifferentPortRedirectStops",
                "RedirectBoundaryTests.testLedgerKeepsNamesNeverValues",
                "RedirectBoundaryTests.testRelativeLocationResolvesAgainstTheRequest",
            ])
        #expect(results.allSatisfy { $0.status == .passed && $0.message == nil && $0.durationSeconds != nil })
        #expect(results.count == 4)
        #expect(events.count == 8)
        let summary = try #require(parser.summary)
        #expect(summary.executed == 4)
        #expect(summary.failures == 0)
    }
}
