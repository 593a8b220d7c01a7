//===----------------------------------------------------------------------===//
// ReportProblemKind.swift: whose fault a problem is.
//===----------------------------------------------------------------------===//

/// Whose fault a ``ReportProblem`` is, which decides the verdict and the exit code
/// (``ReportDecision``).
package enum ReportProblemKind: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
    /// The change under test is at fault: a test failed, a token leaked, a request crossed origins.
    /// Verdict `rejected`, exit 1.
    case change
    /// The gate could not judge: the fixture never became ready, a suite timed out, no repository,
    /// the report could not be signed. Verdict `error`, exit 3.
    case infrastructure
    /// The run was stopped by a signal (CI cancelled it). Verdict `aborted`, exit 130 or 143.
    case interrupted
}
