//===----------------------------------------------------------------------===//
// TestStatus.swift: how one test case ended.
//===----------------------------------------------------------------------===//

/// How one test case ended, with the report's spelling as the raw value (design.md,
/// `suites[].tests[].status`).
package enum TestStatus: String, Sendable, Hashable, CaseIterable {
    /// Every assertion held.
    case passed
    /// An assertion failed, an error was thrown, or the test started and never finished.
    case failed
    /// The test skipped itself (`XCTSkip`) or was disabled (Swift Testing `.disabled`).
    case skipped
}
