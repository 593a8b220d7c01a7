//===----------------------------------------------------------------------===//
// AppleLogs.swift: macOS XCTest and xcodebuild console lines, written by hand.
//===----------------------------------------------------------------------===//

/// macOS console formats, written by hand from the documented line shapes (there is no Mac on
/// the build machines to capture from).
enum AppleLogs {
    /// `swift test` / `xcodebuild test` on macOS, serial.
    static let macOS = #"""
        Test Suite 'All tests' started at 2026-11-29 20:43:00.123.
        Test Suite 'RedirectBoundaryTests' started at 2026-11-29 20:43:00.124.
        Test Case '-[AcceptanceSuites.RedirectBoundaryTests testSameOriginRedirectSucceeds]' started.
        Test Case '-[AcceptanceSuites.RedirectBoundaryTests testSameOriginRedirectSucceeds]' passed (0.001 seconds).
        Test Case '-[AcceptanceSuites.RedirectBoundaryTests testDifferentPortRedirectStops]' started.
        /Users/ci/app/Tests/AcceptanceSuites/RedirectBoundaryTests.swift:70: error: \#
        -[AcceptanceSuites.RedirectBoundaryTests testDifferentPortRedirectStops] : XCTAssertEqual failed: ("200") is not equal to ("302")
        Test Case '-[AcceptanceSuites.RedirectBoundaryTests testDifferentPortRedirectStops]' failed (0.123 seconds).
        Test Case '-[AcceptanceSuites.RedirectBoundaryTests testLedgerKeepsNamesNeverValues]' started.
        Test Case '-[AcceptanceSuites.RedirectBoundaryTests testLedgerKeepsNamesNeverValues]' skipped (0.001 seconds).
        Test Suite 'RedirectBoundaryTests' failed at 2026-11-29 20:43:00.250.
        	 Executed 3 tests, with 1 test skipped and 1 failure (0 unexpected) in 0.125 (0.126) seconds
        """#

    /// `xcodebuild test -parallel-testing-enabled YES`: no start lines, one line per finished case.
    static let xcodebuildParallel = #"""
        Test case 'RedirectBoundaryTests.testSameOriginRedirectSucceeds()' passed on 'Clone 1 of iPhone 15 - MyApp (12345)' (0.010 seconds)
        Test case 'RedirectBoundaryTests.testDifferentPortRedirectStops()' failed on 'Clone 2 of iPhone 15 - MyApp (12346)' (0.250 seconds)
        Test case 'RedirectBoundaryTests.testLedgerKeepsNamesNeverValues()' skipped on 'Clone 1 of iPhone 15 - MyApp (12345)' (0.001 seconds)
        """#
}
