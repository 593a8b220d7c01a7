//===----------------------------------------------------------------------===//
// GluedOutputTests.swift: results printed after app output that did not end its line.
//===----------------------------------------------------------------------===//

import GateCore
import Testing

@testable import XCTestOutput

/// An app under test that prints without a trailing newline leaves the framework's next line
/// glued to its output. The result must still be read (no crash invented), and only where the
/// framework's own shape begins, for a test that started.
@Suite("results glued to app output")
struct GluedOutputTests {
    /// Reads `log` to the end and returns the results and what the log says of itself.
    private func read(_ log: String) -> (results: [TestResult], inconsistencies: [LogInconsistency]) {
        var (parser, _) = parse(log)
        let results = parser.finish()
        return (results, LogReconciliation.check(parser.facts, results: results))
    }

    @Test("macOS XCTest: a pass glued to the app's output is the test's pass, not a crash")
    func macOSPassGlued() {
        let log = """
            Test Suite 'ProgressTests' started at 2026-01-01 10:00:00.000.
            Test Case '-[AppTests.ProgressTests testUpload]' started.
            uploading… 100%Test Case '-[AppTests.ProgressTests testUpload]' passed (0.002 seconds).
            Test Case '-[AppTests.ProgressTests testDownload]' started.
            Test Case '-[AppTests.ProgressTests testDownload]' passed (0.001 seconds).
            Test Suite 'ProgressTests' passed at 2026-01-01 10:00:00.010.
            \t Executed 2 tests, with 0 failures (0 unexpected) in 0.003 (0.004) seconds
            """
        let (results, inconsistencies) = read(log)
        #expect(results.map(\.name) == ["ProgressTests.testUpload", "ProgressTests.testDownload"])
        #expect(results.map(\.status) == [.passed, .passed])
        #expect(results.first?.module == "AppTests")
        #expect(results.first?.durationSeconds == 0.002)
        #expect(inconsistencies == [])
    }

    @Test("a failure glued to the app's output fails the test once, with its message")
    func macOSFailureGlued() {
        let log = """
            Test Case '-[AppTests.ProgressTests testUpload]' started.
            /src/ProgressTests.swift:12: error: -[AppTests.ProgressTests testUpload] : XCTAssertEqual failed: ("1") is not equal to ("2")
            retrying…Test Case '-[AppTests.ProgressTests testUpload]' failed (0.004 seconds).
            Executed 1 test, with 1 failure (0 unexpected) in 0.004 (0.004) seconds
            """
        let (results, _) = read(log)
        #expect(results.count == 1)
        #expect(results.first?.status == .failed)
        #expect(results.first?.message?.contains(XCTestLogParser.crashMessage) == false)
        #expect(results.first?.message?.contains("XCTAssertEqual failed") == true)
    }

    @Test("Linux XCTest: a result glued to a number the app printed")
    func linuxGlued() {
        let log = """
            Test Case 'ScaleTests.testRatio' started at 2026-01-01 10:00:00.000
            0.0004999999418942024Test Case 'ScaleTests.testRatio' passed (0.001 seconds)
            Test Case 'ScaleTests.testZero' started at 2026-01-01 10:00:00.001
            Test Case 'ScaleTests.testZero' passed (0.001 seconds)
            Executed 2 tests, with 0 failures (0 unexpected) in 0.002 (0.002) seconds
            """
        let (results, inconsistencies) = read(log)
        #expect(results.map(\.status) == [.passed, .passed])
        #expect(results.map(\.name) == ["ScaleTests.testRatio", "ScaleTests.testZero"])
        #expect(inconsistencies == [])
    }

    /// The start glued after other text is a real capture's shape: the comment in
    /// skiptools/skip-firebase `Tests/SkipFirebaseFirestoreTests/SkipFirebaseFirestoreTests.swift`
    /// quotes a run where `… started at 2024-11-07 12:54:30.614.Test Case '-[…]' started.` came on
    /// one line; the names below are that excerpt's.
    @Test("a start glued to other text, when no test is running, starts the test")
    func startGlued() {
        let log = """
            Test Suite 'SkipFirebaseFirestoreTests' started at 2024-11-07 12:54:30.614.
            connecting to the emulator…Test Case '-[SkipFirebaseFirestoreTests.SkipFirebaseFirestoreTests test_exists_trueForExistentDocument]' started.
            Test Case '-[SkipFirebaseFirestoreTests.SkipFirebaseFirestoreTests test_exists_trueForExistentDocument]' passed (0.209 seconds).
            Executed 1 test, with 0 failures (0 unexpected) in 0.209 (0.210) seconds
            """
        var (parser, events) = parse(log)
        let results = parser.finish()
        #expect(events.first == .started("SkipFirebaseFirestoreTests.test_exists_trueForExistentDocument"))
        #expect(parser.facts.xctestStarts == 1)
        #expect(results.map(\.status) == [.passed])
        #expect(LogReconciliation.check(parser.facts, results: results) == [])
    }

    @Test("Swift Testing: a pass glued to the app's output is the test's pass")
    func swiftTestingGlued() {
        let log = """
            ◇ Test run started.
            ◇ Test uploads() started.
            ◇ Test downloads() started.
            uploading… 100%✔ Test uploads() passed after 0.002 seconds.
            ✔ Test downloads() passed after 0.003 seconds.
            ✔ Test run with 2 tests passed after 0.004 seconds.
            """
        let (results, inconsistencies) = read(log)
        #expect(Set(results.map(\.name)) == ["uploads()", "downloads()"])
        #expect(results.allSatisfy { $0.status == .passed })
        #expect(results.count == 2)
        #expect(inconsistencies == [])
    }

    @Test("app text that holds the shape but not at the end of its line, or names no running test, is no result")
    func appTextIsNoResult() {
        // The shape in the middle of the app's line: the test never finished, it crashed.
        let midLine = """
            Test Case '-[AppTests.LogTests testEcho]' started.
            echo: Test Case '-[AppTests.LogTests testEcho]' passed (0.001 seconds). and more
            """
        let (echoed, _) = read(midLine)
        #expect(echoed.map(\.status) == [.failed])
        #expect(echoed.first?.message?.hasPrefix(XCTestLogParser.crashMessage) == true)

        // A glued pass naming a test that is not the one running: still that one's crash.
        let other = """
            Test Case '-[AppTests.LogTests testEcho]' started.
            echo: Test Case '-[AppTests.LogTests testOther]' passed (0.001 seconds).
            """
        let (elsewhere, _) = read(other)
        #expect(elsewhere.map(\.name) == ["LogTests.testEcho"])
        #expect(elsewhere.map(\.status) == [.failed])

        // A glued pass when nothing started: no result at all.
        let (nothing, _) = read("echo: Test Case '-[AppTests.LogTests testEcho]' passed (0.001 seconds).")
        #expect(nothing == [])

        // Swift Testing: a glued pass of a test that never started is none either.
        let (unstarted, _) = read("echo ✔ Test uploads() passed after 0.002 seconds.")
        #expect(unstarted == [])

        // The word alone: nothing.
        let (words, _) = read("Test Case '-[AppTests.LogTests testEcho]' started.\nall 3 checks passed (0.1 seconds)")
        #expect(words.map(\.status) == [.failed])
    }

    @Test("the same lines give the same reading (the archive's re-parse depends on it)")
    func deterministic() {
        let log = """
            Test Case '-[AppTests.ProgressTests testUpload]' started.
            uploading… 100%Test Case '-[AppTests.ProgressTests testUpload]' passed (0.002 seconds).
            ◇ Test uploads() started.
            x✔ Test uploads() passed after 0.002 seconds.
            """
        let first = read(log).results
        #expect(first == read(log).results)
        #expect(first.map(\.status) == [.passed, .passed])
    }
}
