//===----------------------------------------------------------------------===//
// Ledger.swift: what both listeners have seen.
//===----------------------------------------------------------------------===//

import GateCore

/// What both listeners have seen. The gate reads it to prove that nothing at all (no connection,
/// so no request and no `X-Test-Token` header) reached the foreign listener: its check is
/// ``ListenerLedger/connections``, which counts what ``ListenerLedger/requests`` cannot see.
///
/// Its JSON form is ``json``: `{"origin": {...}, "foreign": {...}}` with keys in that fixed order.
package typealias Ledger = ListenerPair<ListenerLedger>

extension ListenerPair {
    /// The value of the listener with `role`.
    package subscript(role: ListenerRole) -> Value {
        get {
            switch role {
            case .origin: origin
            case .foreign: foreign
            }
        }
        set {
            switch role {
            case .origin: origin = newValue
            case .foreign: foreign = newValue
            }
        }
    }
}

extension Ledger {
    /// An empty ledger for the two ports.
    init(originPort: Int, foreignPort: Int) {
        self.init(origin: ListenerLedger(port: originPort), foreign: ListenerLedger(port: foreignPort))
    }
}
