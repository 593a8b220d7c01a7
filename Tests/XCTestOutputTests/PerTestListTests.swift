//===----------------------------------------------------------------------===//
// PerTestListTests.swift: xcodebuild's per-test list is a second view of the console's results.
//===----------------------------------------------------------------------===//

import GateCore
import Testing

@testable import XCTestOutput

/// xcodebuild prints each test on the console (`Test Case '-[M.C t]' passed (…)`) and again in
/// its per-test list (`Test case 'C.t()' passed on 'My Mac - …' (…)`): each test counts once.
///
/// The list's lines below are a real capture's (KaolaBrother/FeishuSpeech,
/// `kaola-workflow/archive/issue-15/.cache/final-validation.md`, `xcodebuild test` on Xcode 26,
/// macOS): that log printed the list alone, so the console half beside it is written in macOS
/// XCTest's shape (as `AppleLogs.macOS` is) for the same tests.
@Suite("xcodebuild's per-test list")
struct PerTestListTests {
    /// The console's view of two tests.
    static let console = """
        Test Suite 'HotKeyServiceTests' started at 2026-06-13 14:30:08.000.
        Test Case '-[FeishuSpeechTests.HotKeyServiceTests test_cancelled_isNotActive]' started.
        Test Case '-[FeishuSpeechTests.HotKeyServiceTests test_cancelled_isNotActive]' passed (0.007 seconds).
        Test Case '-[FeishuSpeechTests.HotKeyServiceTests test_error_isNotActive]' started.
        Test Case '-[FeishuSpeechTests.HotKeyServiceTests test_error_isNotActive]' passed (0.001 seconds).
        Test Suite 'HotKeyServiceTests' passed at 2026-06-13 14:30:08.010.
        \t Executed 2 tests, with 0 failures (0 unexpected) in 0.008 (0.009) seconds
        """

    /// The list's view of the same two tests, as the capture printed it.
    static let list = """
        Testing started
        Test suite 'HotKeyServiceTests' started on 'My Mac - FeishuSpeech (63774)'
        Test case 'HotKeyServiceTests.test_cancelled_isNotActive()' passed on 'My Mac - FeishuSpeech (63774)' (0.007 seconds)
        Test case 'HotKeyServiceTests.test_error_isNotActive()' passed on 'My Mac - FeishuSpeech (63774)' (0.001 seconds)
        """

    @Test("a test the console and the list both print counts once")
    func countedOnce() {
        var (parser, events) = parse(Self.console + "\n** TEST SUCCEEDED **\n\n" + Self.list)
        let results = parser.finish()
        #expect(results.map(\.name) == ["HotKeyServiceTests.test_cancelled_isNotActive", "HotKeyServiceTests.test_error_isNotActive"])
        #expect(results.allSatisfy { $0.module == "FeishuSpeechTests" && $0.status == .passed })
        #expect(events.filter { if case .finished = $0 { true } else { false } }.count == 2)
        #expect(LogReconciliation.check(parser.facts, results: results) == [])
    }

    @Test("a failure the console and the list both print is one failed test")
    func failureOnce() {
        let log = """
            Test Case '-[AppTests.LoginTests testInvalid]' started.
            /src/LoginTests.swift:42: error: -[AppTests.LoginTests testInvalid] : XCTAssertEqual failed: ("a") is not equal to ("b")
            Test Case '-[AppTests.LoginTests testInvalid]' failed (0.034 seconds).
            Executed 1 test, with 1 failure (0 unexpected) in 0.034 (0.035) seconds

            Failing tests:
            \tLoginTests.testInvalid()

            ** TEST FAILED **

            Testing started
            Test suite 'LoginTests' started on 'Clone 1 of iPhone 15 - App (7112)'
            Test case 'LoginTests.testInvalid()' failed on 'Clone 1 of iPhone 15 - App (7112)' (0.034 seconds)
            """
        var (parser, _) = parse(log)
        let results = parser.finish()
        #expect(results.count == 1)
        #expect(results.first?.status == .failed)
        #expect(results.first?.message?.contains("XCTAssertEqual failed") == true)
    }

    @Test("a test only the list prints still counts; one only the list fails still fails")
    func listOnly() {
        let extra = """
            Test case 'HotKeyServiceTests.test_idle_isNotActive()' passed on 'My Mac - FeishuSpeech (63774)' (0.004 seconds)
            Test case 'HotKeyServiceTests.test_error_isNotActive()' failed on 'My Mac - FeishuSpeech (63774)' (0.001 seconds)
            """
        var (parser, _) = parse(Self.console + "\n" + extra)
        let results = parser.finish()
        #expect(
            results.map(\.name) == [
                "HotKeyServiceTests.test_cancelled_isNotActive", "HotKeyServiceTests.test_error_isNotActive",
                "HotKeyServiceTests.test_idle_isNotActive",
            ])
        #expect(results.map(\.status) == [.passed, .failed, .passed])
    }

    @Test("a pass in the list never clears the console's failure")
    func passNeverClears() {
        let log = """
            Test Case '-[AppTests.LoginTests testInvalid]' started.
            Test Case '-[AppTests.LoginTests testInvalid]' failed (0.034 seconds).
            Test case 'LoginTests.testInvalid()' passed on 'My Mac - App (1)' (0.034 seconds)
            """
        var (parser, _) = parse(log)
        #expect(parser.finish().map(\.status) == [.failed])
    }

    /// The capture's own oddity: xcodebuild's log line cut one of its list lines in two
    /// (the rest, `'My Mac - FeishuSpeech (63774)' (0.101 seconds)`, came after the verdict).
    @Test("a list line cut by xcodebuild's own log line is still that test's second view")
    func cutListLine() {
        let console = """
            Test Case '-[FeishuSpeechTests.HotKeyServiceTests test_recording_isActive]' started.
            Test Case '-[FeishuSpeechTests.HotKeyServiceTests test_recording_isActive]' passed (0.101 seconds).
            """
        let cut =
            "Test case 'HotKeyServiceTests.test_recording_isActive()' passed on 2026-06-13 14:30:14.224 xcodebuild[63468:261394769]"
            + " [MT] IDETestOperationsObserverDebug: 5.580 elapsed -- Testing started completed."
        var (parser, _) = parse(console + "\n" + cut)
        #expect(parser.finish().map(\.name) == ["HotKeyServiceTests.test_recording_isActive"])
    }

    @Test("Swift Testing under xcodebuild: the console's line and the list's `Suite/function()` count once")
    func swiftTestingOnce() {
        let log = """
            ◇ Test uploads() started.
            ✔ Test uploads() passed after 0.002 seconds.
            ✔ Test run with 1 test passed after 0.002 seconds.
            Test case 'TransferTests/uploads()' passed on 'My Mac - App (1)' (0.002 seconds)
            """
        var (parser, _) = parse(log)
        let results = parser.finish()
        #expect(results.map(\.name) == ["uploads()"])
        #expect(results.first?.framework == .swiftTesting)
    }

    @Test("a parallel run prints the list alone: every line is a test")
    func parallelAlone() {
        var (parser, _) = parse(Self.list)
        #expect(parser.finish().count == 2)
    }
}
