//===----------------------------------------------------------------------===//
// ReportTestStatus.swift: passed, failed or skipped.
//===----------------------------------------------------------------------===//

/// A test case's outcome.
package enum ReportTestStatus: String, Codable, Equatable, Sendable, CaseIterable {
    /// It passed.
    case passed
    /// It failed.
    case failed
    /// It was skipped.
    case skipped
}
