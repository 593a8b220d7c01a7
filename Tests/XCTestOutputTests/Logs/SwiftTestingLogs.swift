//===----------------------------------------------------------------------===//
// SwiftTestingLogs.swift: Swift Testing console output captured on Linux (Swift 6.3.1).
//===----------------------------------------------------------------------===//

/// Swift Testing console output captured on Linux from a throwaway package.
enum SwiftTestingLogs {
    /// `swift test --disable-xctest`: passes, failures with issues, skips with and without a reason, a parameterised test.
    static let sample = #"""
        ◇ Test run started.
        ↳ Testing Library Version: 6.3.1 (937120cbc281cf2)
        ↳ Target Platform: x86_64-unknown-linux-gnu
        ◇ Suite STSuite started.
        ◇ Test freeFunction() started.
        ➜ Test freeSkipped() skipped.
        ◇ Test fails() started.
        ◇ Test "a display name" started.
        ◇ Test passes() started.
        ◇ Test parameterised(value:) started.
        ➜ Test skipped() skipped: "not today"
        ✔ Test freeFunction() passed after 0.001 seconds.
        ✘ Test fails() recorded an issue at STSampleTests.swift:6:26: Expectation failed: (add(1, 1) → 2) == 3
        ✘ Test "a display name" recorded an issue at STSampleTests.swift:8:44: Expectation failed: (add(2, 2) → 4) == 5
        ↳ four
        ◇ Test case passing 1 argument value → 1 to parameterised(value:) started.
        ◇ Test case passing 1 argument value → 2 to parameterised(value:) started.
        ✘ Test fails() failed after 0.002 seconds with 1 issue.
        ✘ Test "a display name" failed after 0.002 seconds with 1 issue.
        ✔ Test passes() passed after 0.002 seconds.
        ✔ Test parameterised(value:) with 2 test cases passed after 0.002 seconds.
        ✘ Suite STSuite failed after 0.003 seconds with 2 issues.
        ✘ Test run with 7 tests in 1 suite failed after 0.004 seconds with 2 issues.
        """#
}
