//===----------------------------------------------------------------------===//
// ReportVerdict.swift: accepted, rejected, error or aborted.
//===----------------------------------------------------------------------===//

/// The gate's decision, the report's `verdict` (``ReportDecision`` derives it from the problems).
package enum ReportVerdict: String, Codable, Equatable, Sendable, CaseIterable {
    /// Every check passed (exit 0).
    case accepted
    /// The change under test failed a check (exit 1).
    case rejected
    /// The gate could not judge: infrastructure failed (exit 3).
    case error
    /// The run was interrupted (exit 130 or 143).
    case aborted
}
