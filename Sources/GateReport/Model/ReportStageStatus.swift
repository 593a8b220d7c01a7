//===----------------------------------------------------------------------===//
// ReportStageStatus.swift: a stage's outcome.
//===----------------------------------------------------------------------===//

/// A stage's outcome.
package enum ReportStageStatus: String, Codable, Equatable, Sendable, CaseIterable {
    /// It completed and its checks held.
    case passed
    /// It completed and a check failed.
    case failed
    /// It did not run (an earlier stage failed, or the configuration turned it off).
    case skipped
    /// It was interrupted.
    case aborted
}
