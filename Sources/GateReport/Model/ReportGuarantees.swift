//===----------------------------------------------------------------------===//
// ReportGuarantees.swift: what the platform let an exit proof check.
//===----------------------------------------------------------------------===//

/// What the platform let the exit proof check, so a reader knows what `verified` covered: on
/// Linux everything; on macOS there is no subreaper, so orphans are not reaped by the gate.
package struct ReportGuarantees: Codable, Equatable, Sendable {
    /// The gate was the subreaper: orphaned descendants were reparented to it and reaped.
    package var subreaper: Bool
    /// Members left in the group could be named (pid and command line).
    package var descendantNaming: Bool
    /// The group was seen empty (not only assumed).
    package var groupEmptinessChecked: Bool
    /// Each missing guarantee as a sentence; empty when all held.
    package var missing: [String]

    /// Creates a record.
    package init(subreaper: Bool, descendantNaming: Bool, groupEmptinessChecked: Bool, missing: [String]) {
        self.subreaper = subreaper
        self.descendantNaming = descendantNaming
        self.groupEmptinessChecked = groupEmptinessChecked
        self.missing = missing
    }
}
