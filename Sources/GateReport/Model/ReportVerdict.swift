//===----------------------------------------------------------------------===//
// ReportVerdict.swift: accepted, rejected or aborted.
//===----------------------------------------------------------------------===//

/// The gate's decision, the report's `verdict`.
package enum ReportVerdict: String, Codable, Equatable, Sendable, CaseIterable {
    /// Every check passed (exit 0).
    case accepted
    /// A check failed (exit 1).
    case rejected
    /// The run could not finish: interrupted, or infrastructure failed (exit 3, 130 or 143).
    case aborted
}
