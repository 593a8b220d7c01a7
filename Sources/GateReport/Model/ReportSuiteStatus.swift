//===----------------------------------------------------------------------===//
// ReportSuiteStatus.swift: a suite's outcome.
//===----------------------------------------------------------------------===//

/// A suite's outcome.
package enum ReportSuiteStatus: String, Codable, Equatable, Sendable, CaseIterable {
    /// It ran, exited 0, and every expected test passed.
    case passed
    /// A test failed, it exited non-zero, it ran zero tests or lacked an expected one.
    case failed
    /// It ran past its `timeoutSeconds` and was stopped.
    case timedOut
    /// It could not be run (command not found, spawn failed).
    case error
}
