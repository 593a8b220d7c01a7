//===----------------------------------------------------------------------===//
// ReportDisagreement.swift: one place where a report says what its own facts do not.
//===----------------------------------------------------------------------===//

/// One field of `report.json` that does not follow from the folder: what the report says there,
/// what the folder gives instead, and where that comes from (``ReportAudit``).
package struct ReportDisagreement: Equatable, Sendable, CustomStringConvertible {
    /// The field, as a path into `report.json` (`verdict`, `suites[0].tests`).
    package var field: String
    /// What the report says.
    package var reported: String
    /// What the folder gives.
    package var derived: String
    /// Where the derived value comes from (`its problems`, `logs/unit.log read again`).
    package var source: String

    /// Creates a disagreement.
    package init(field: String, reported: String, derived: String, source: String) {
        self.field = field
        self.reported = reported
        self.derived = derived
        self.source = source
    }

    /// One line naming the field and both values.
    package var description: String {
        "report.json's \(field) is \(reported), but \(source) gives \(derived)"
    }
}
