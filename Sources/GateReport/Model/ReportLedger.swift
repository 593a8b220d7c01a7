//===----------------------------------------------------------------------===//
// ReportLedger.swift: what each fixture listener saw.
//===----------------------------------------------------------------------===//

/// The fixture's ledger, one record per listener (design.md, the ledger's shape).
package struct ReportLedger: Codable, Equatable, Sendable {
    /// The first listener.
    package var origin: ReportListenerLedger
    /// The second listener; `foreign.requests` must be 0.
    package var foreign: ReportListenerLedger

    /// Creates a ledger.
    package init(origin: ReportListenerLedger, foreign: ReportListenerLedger) {
        self.origin = origin
        self.foreign = foreign
    }
}
