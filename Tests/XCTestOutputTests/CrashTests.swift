//===----------------------------------------------------------------------===//
// CrashTests.swift: tests that started and never finished count as failed.
//===----------------------------------------------------------------------===//

import Testing

@testable import XCTestOutput

@Suite("crashed tests")
struct CrashTests {
    @Test("the captured crash: the log stops after the start, so finish() fails the test")
    func logStops() {
        var (parser, events) = parse(LinuxLogs.crash)
        #expect(events == [.started("CrashTests.testCrashes")])
        #expect(parser.results.isEmpty)
        let results = parser.finish()
        #expect(
            results == [
                TestResult(name: "CrashTests.testCrashes", status: .failed, message: XCTestLogParser.crashMessage)
            ])
        #expect(parser.summary == nil)
    }

    @Test("the next XCTest start fails the previous test at once, keeping its messages")
    func nextStart() {
        var parser = XCTestLogParser()
        _ = parser.consume(line: "Test Case 'A.testOne' started at 2026-11-29 20:43:00.123")
        _ = parser.consume(line: "/x/A.swift:9: error: A.testOne : first")
        let events = parser.consumeAll(line: "Test Case 'A.testTwo' started at 2026-11-29 20:43:00.200")
        let crashed = TestResult(
            name: "A.testOne", status: .failed, message: XCTestLogParser.crashMessage + "\nA.swift:9: first",
            location: SourceLocation(file: "/x/A.swift", line: 9))
        #expect(events == [.finished(crashed), .started("A.testTwo")])
        #expect(parser.results == [crashed])
        _ = parser.consume(line: "Test Case 'A.testTwo' passed (0.001 seconds)")
        #expect(parser.finish() == [crashed, TestResult(name: "A.testTwo", status: .passed, durationSeconds: 0.001)])
    }

    @Test("consume alone reports the new start; results still hold the crashed test")
    func consumeReturnsLast() {
        var parser = XCTestLogParser()
        _ = parser.consume(line: "Test Case '-[M.A testOne]' started.")
        #expect(parser.consume(line: "Test Case '-[M.A testTwo]' started.") == .started("A.testTwo"))
        #expect(parser.results.map(\.name) == ["A.testOne"])
        #expect(parser.results.first?.module == "M")
    }

    @Test("Swift Testing cases run in parallel: only finish() fails the ones still running, in start order")
    func swiftTestingParallel() {
        var parser = XCTestLogParser()
        _ = parser.consume(line: "◇ Test b() started.")
        _ = parser.consume(line: "◇ Test a() started.")
        _ = parser.consume(line: "◇ Test c() started.")
        _ = parser.consume(line: "✔ Test a() passed after 0.001 seconds.")
        #expect(parser.results.map(\.name) == ["a()"])
        let results = parser.finish()
        #expect(results.map(\.name) == ["a()", "b()", "c()"])
        #expect(results.map(\.status) == [.passed, .failed, .failed])
        #expect(results.dropFirst().allSatisfy { $0.message == XCTestLogParser.crashMessage })
    }

    @Test("finish() twice adds nothing new")
    func finishTwice() {
        var parser = XCTestLogParser()
        _ = parser.consume(line: "Test Case 'A.testOne' started at 2026")
        let first = parser.finish()
        #expect(parser.finish() == first)
        #expect(first.count == 1)
    }
}
