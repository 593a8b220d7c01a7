//===----------------------------------------------------------------------===//
// ReportQuarantine.swift: the quarantine entry that kept a failed test from rejecting.
//===----------------------------------------------------------------------===//

/// The configuration's quarantine entry for a failed test: its failure did not reject the run,
/// and the report, the summary and the signed predicate (as a warning) still show it.
package struct ReportQuarantine: Codable, Equatable, Sendable {
    /// Who answers for the test.
    package var owner: String
    /// Why it is quarantined.
    package var reason: String
    /// The last day the entry holds, `YYYY-MM-DD`.
    package var expires: String

    /// Creates a record.
    package init(owner: String, reason: String, expires: String) {
        self.owner = owner
        self.reason = reason
        self.expires = expires
    }
}
