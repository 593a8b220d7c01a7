//===----------------------------------------------------------------------===//
// LinuxLogs.swift: console output captured from swift test on Linux (Swift 6.3.1, Debian 12).
//===----------------------------------------------------------------------===//

/// XCTest console output captured on Linux from a throwaway package (`/tmp/config-sample`
/// became `/work/Sample`), kept verbatim otherwise, including the trailing blank after
/// `XCTAssertTrue failed - `.
enum LinuxLogs {
    /// `swift test --disable-swift-testing`: two failures (one with two assertions), a pass, a skip.
    static let sample = #"""
        Test Suite 'All tests' started at 2026-11-29 20:49:01.248
        Test Suite 'debug.xctest' started at 2026-11-29 20:49:01.255
        Test Suite 'CrashTests' started at 2026-11-29 20:49:01.255
        Test Case 'CrashTests.testCrashes' started at 2026-11-29 20:49:01.255
        Test Case 'CrashTests.testCrashes' passed (0.004 seconds)
        Test Suite 'CrashTests' passed at 2026-11-29 20:49:01.259
        	 Executed 1 test, with 0 failures (0 unexpected) in 0.004 (0.004) seconds
        Test Suite 'XCSampleTests' started at 2026-11-29 20:49:01.259
        Test Case 'XCSampleTests.testFails' started at 2026-11-29 20:49:01.259
        /work/Sample/Tests/SampleTests/XCSampleTests.swift:6: error: XCSampleTests.testFails : XCTAssertEqual failed: ("2") is not equal to ("3") - one plus one
        Test Case 'XCSampleTests.testFails' failed (0.0 seconds)
        Test Case 'XCSampleTests.testFailsTwice' started at 2026-11-29 20:49:01.260
        /work/Sample/Tests/SampleTests/XCSampleTests.swift:8: error: XCSampleTests.testFailsTwice : XCTAssertTrue failed - 
        /work/Sample/Tests/SampleTests/XCSampleTests.swift:8: error: XCSampleTests.testFailsTwice : failed - second
        Test Case 'XCSampleTests.testFailsTwice' failed (0.0 seconds)
        Test Case 'XCSampleTests.testPasses' started at 2026-11-29 20:49:01.260
        Test Case 'XCSampleTests.testPasses' passed (0.0 seconds)
        Test Case 'XCSampleTests.testSkipped' started at 2026-11-29 20:49:01.260
        /work/Sample/Tests/SampleTests/XCSampleTests.swift:7: XCSampleTests.testSkipped : Test skipped - not on this platform
        Test Case 'XCSampleTests.testSkipped' skipped (0.0 seconds)
        Test Suite 'XCSampleTests' failed at 2026-11-29 20:49:01.260
        	 Executed 4 tests, with 1 test skipped and 3 failures (0 unexpected) in 0.001 (0.001) seconds
        Test Suite 'debug.xctest' failed at 2026-11-29 20:49:01.261
        	 Executed 5 tests, with 1 test skipped and 3 failures (0 unexpected) in 0.005 (0.005) seconds
        Test Suite 'All tests' failed at 2026-11-29 20:49:01.261
        	 Executed 5 tests, with 1 test skipped and 3 failures (0 unexpected) in 0.005 (0.005) seconds
        """#

    /// `swift test --disable-swift-testing --filter CrashTests` where the test calls `fatalError` (first 12 lines).
    static let crash = #"""
        error: Process '/work/Sample/.build/x86_64-unknown-linux-gnu/debug/SamplePackageTests.xctest SampleTests.CrashTests/testCrashes' exited with unexpected signal code 4
        Test Suite 'Selected tests' started at 2026-11-29 20:49:04.451
        Test Suite 'CrashTests' started at 2026-11-29 20:49:04.454
        Test Case 'CrashTests.testCrashes' started at 2026-11-29 20:49:04.454
        SampleTests/XCSampleTests.swift:13: Fatal error: boom
        swift-runtime: failed to suspend thread 6127 while processing a crash; backtraces will be missing information
        swift-runtime: failed to suspend thread 6127 while processing a crash; backtraces will be missing information

        *** Signal 4: Backtracing from 0x7fa8d6ef9361... done ***

        *** Program crashed: Illegal instruction at 0x00007fa8d6ef9361 ***
        """#

    /// `swift test --disable-swift-testing --filter RedirectBoundaryTests` on this package (build lines removed).
    static let redirectBoundary = #"""
        Test Suite 'Selected tests' started at 2026-11-29 21:19:25.812
        Test Suite 'RedirectBoundaryTests' started at 2026-11-29 21:19:25.831
        Test Case 'RedirectBoundaryTests.testDifferentPortRedirectStops' started at 2026-11-29 21:19:25.831
        Test Case 'RedirectBoundaryTests.testDifferentPortRedirectStops' passed (0.025 seconds)
        Test Case 'RedirectBoundaryTests.testLedgerKeepsNamesNeverValues' started at 2026-11-29 21:19:25.856
        Test Case 'RedirectBoundaryTests.testLedgerKeepsNamesNeverValues' passed (0.005 seconds)
        Test Case 'RedirectBoundaryTests.testRelativeLocationResolvesAgainstTheRequest' started at 2026-11-29 21:19:25.861
        Test Case 'RedirectBoundaryTests.testRelativeLocationResolvesAgainstTheRequest' passed (0.003 seconds)
        Test Case 'RedirectBoundaryTests.testSameOriginRedirectSucceeds' started at 2026-11-29 21:19:25.864
        Test Case 'RedirectBoundaryTests.testSameOriginRedirectSucceeds' passed (0.003 seconds)
        Test Suite 'RedirectBoundaryTests' passed at 2026-11-29 21:19:25.867
        	 Executed 4 tests, with 0 failures (0 unexpected) in 0.036 (0.036) seconds
        Test Suite 'Selected tests' passed at 2026-11-29 21:19:25.867
        	 Executed 4 tests, with 0 failures (0 unexpected) in 0.036 (0.036) seconds
        """#
}
