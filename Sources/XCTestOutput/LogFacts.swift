//===----------------------------------------------------------------------===//
// LogFacts.swift: what a log says about itself, for cross-checking its test lines.
//===----------------------------------------------------------------------===//

/// What a console log says about the run as a whole, beside its per-test lines: the totals the
/// frameworks print at the end, and the test-like lines the parser could not read. Exit codes lie
/// (`xcodebuild | xcbeautify` without pipefail, `tee`, wrapper scripts), so the gate reconciles
/// these with the tests it parsed (``LogReconciliation``).
package struct LogFacts: Sendable, Hashable {
    /// The tests the last `Executed N tests, with F failures` line counted; `nil` without one.
    package var xctestExecuted: Int?
    /// The failed assertions that line counted (XCTest counts assertions, not tests).
    package var xctestFailures = 0
    /// `Test Case '…' started` lines seen (xcodebuild's parallel output and `swift test --parallel`
    /// print none, and no final summary either).
    package var xctestStarts = 0
    /// XCTest results that finished or crashed.
    package var xctestResults = 0
    /// Swift Testing `◇ Test … started.` lines seen.
    package var swiftTestingStarts = 0
    /// Swift Testing's final `Test run with N tests passed/failed` line: whether it said failed;
    /// `nil` when the log has none.
    package var swiftTestingRunFailed: Bool?
    /// Swift Testing suites a `✘ Suite X failed` line named.
    package var failedSwiftTestingSuites: [String] = []
    /// `Restarting after unexpected exit, crash, or test timeout` lines.
    package var restarts = 0
    /// Lines that look like test output (`Test Case '`, `Executed `, a Swift Testing symbol before
    /// `Test `) but that the parser could not read.
    package var unreadTestLines = 0
    /// The first few of those lines, for the report.
    package var unreadSamples: [String] = []
    /// xcodebuild's closing verdict and the blocks that explain it (`Testing failed:` and its
    /// lines, `Failing tests:` and its names, `** TEST FAILED **`, a test runner that never
    /// started), as printed, for quoting; empty when xcodebuild said nothing of failure.
    package var xcodebuildFailure: [String] = []
    /// The names xcodebuild's `Failing tests:` block listed, as printed.
    package var failingTests: [String] = []
    /// Lines that went through a formatter (xcbeautify's `✔ testX (0.002 seconds)`, xcpretty's
    /// `✓`, fastlane's `▸` prefix): their test names lack the class, so the gate says so.
    package var formattedLines = 0

    /// Nothing seen.
    package init() {}
}
