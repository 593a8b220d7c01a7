//===----------------------------------------------------------------------===//
// CapturedLogs.swift: console output captured from real runs on the build machine.
//===----------------------------------------------------------------------===//

/// Output captured from real runs, byte for byte but for tabs written as `\#t`: unlike the logs
/// written by hand, nobody chose these lines, so they keep the parser honest about what the
/// toolchain really prints.
enum CapturedLogs {
    /// `swift test --skip-build --filter "RedirectBoundaryTests|ReportDecisionTests"` on this
    /// repository, Swift 6.3.1 on Debian 12 (2026-12-01): XCTest, then Swift Testing with a
    /// parameterised test.
    static let swiftTestLinux = #"""
        Test Suite 'Selected tests' started at 2026-12-01 12:48:40.242
        Test Suite 'RedirectBoundaryTests' started at 2026-12-01 12:48:40.244
        Test Case 'RedirectBoundaryTests.testDifferentPortRedirectStops' started at 2026-12-01 12:48:40.244
        Test Case 'RedirectBoundaryTests.testDifferentPortRedirectStops' passed (0.01 seconds)
        Test Case 'RedirectBoundaryTests.testLedgerKeepsNamesNeverValues' started at 2026-12-01 12:48:40.255
        Test Case 'RedirectBoundaryTests.testLedgerKeepsNamesNeverValues' passed (0.003 seconds)
        Test Case 'RedirectBoundaryTests.testRelativeLocationResolvesAgainstTheRequest' started at 2026-12-01 12:48:40.257
        Test Case 'RedirectBoundaryTests.testRelativeLocationResolvesAgainstTheRequest' passed (0.002 seconds)
        Test Case 'RedirectBoundaryTests.testSameOriginRedirectSucceeds' started at 2026-12-01 12:48:40.259
        Test Case 'RedirectBoundaryTests.testSameOriginRedirectSucceeds' passed (0.002 seconds)
        Test Suite 'RedirectBoundaryTests' passed at 2026-12-01 12:48:40.261
        \#t Executed 4 tests, with 0 failures (0 unexpected) in 0.017 (0.017) seconds
        Test Suite 'Selected tests' passed at 2026-12-01 12:48:40.261
        \#t Executed 4 tests, with 0 failures (0 unexpected) in 0.017 (0.017) seconds
        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
        ↳ Target Platform: x86_64-unknown-linux-gnu
        ◇ Suite "verdict and exit code" started.
        ◇ Test "every code has the kind its meaning says" started.
        ◇ Test "settling orders the problems interruption, change, infrastructure, and derives reasons and exit code" started.
        ◇ Test "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 0 to "each row of the exit-code table" started.
        ✔ Test "every code has the kind its meaning says" passed after 0.001 seconds.
        ◇ Test case passing 1 argument index → 1 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 2 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 3 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 4 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 5 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 6 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 7 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 8 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 9 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 10 to "each row of the exit-code table" started.
        ◇ Test case passing 1 argument index → 11 to "each row of the exit-code table" started.
        ✔ Test "settling orders the problems interruption, change, infrastructure, and derives reasons and exit code" passed after 0.001 seconds.
        ✔ Test "each row of the exit-code table" with 12 test cases passed after 0.001 seconds.
        ✔ Suite "verdict and exit code" passed after 0.001 seconds.
        ✔ Test run with 3 tests in 1 suite passed after 0.001 seconds.
        """#

    /// `swift test --skip-build --parallel` of a three-test package with one failing XCTest
    /// assertion, Swift 6.3.1 on Debian 12 (2026-12-01), exit status 1: the progress lines name
    /// every test, and only the failed one's run is printed, with its own summary.
    static let swiftTestParallelFailure = #"""
        [1/3] Testing ParTests.MathTests/testDoublesNegative
        [2/3] Testing ParTests.MathTests/testDoubles
        [3/3] Testing ParTests.MoreTests/testZero
        Test Suite 'Selected tests' started at 2026-12-01 22:54:24.575
        Test Suite 'MathTests' started at 2026-12-01 22:54:24.588
        Test Case 'MathTests.testDoublesNegative' started at 2026-12-01 22:54:24.588
        /tmp/wt25-par/Tests/ParTests/ParTests.swift:6: error: MathTests.testDoublesNegative : XCTAssertEqual failed: ("-6") is not equal to ("-5") - off by one on purpose
        Test Case 'MathTests.testDoublesNegative' failed (0.005 seconds)
        Test Suite 'MathTests' failed at 2026-12-01 22:54:24.593
        \#t Executed 1 test, with 1 failure (0 unexpected) in 0.005 (0.005) seconds
        Test Suite 'Selected tests' failed at 2026-12-01 22:54:24.593
        \#t Executed 1 test, with 1 failure (0 unexpected) in 0.005 (0.005) seconds

        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
        ↳ Target Platform: x86_64-unknown-linux-gnu
        ✔ Test run with 0 tests in 0 suites passed after 0.001 seconds.
        """#
}
