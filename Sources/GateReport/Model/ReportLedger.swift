//===----------------------------------------------------------------------===//
// ReportLedger.swift: what each fixture listener saw.
//===----------------------------------------------------------------------===//

import GateCore

/// The fixture's ledger, one record per listener (design.md, the ledger's shape);
/// `foreign.requests` must be 0.
package typealias ReportLedger = ListenerPair<ReportListenerLedger>
