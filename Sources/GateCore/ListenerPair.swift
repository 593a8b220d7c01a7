//===----------------------------------------------------------------------===//
// ListenerPair.swift: one value for each of the redirect fixture's two listeners.
//===----------------------------------------------------------------------===//

/// One value for each of the redirect fixture's two listeners on 127.0.0.1: `origin`, where the
/// suites' first requests go, and `foreign`, which a redirect must never reach. The configured
/// ports, the ports and ledger the report records and the fixture's own ledger are all this one
/// pair; encoded, its keys are `origin` and `foreign`, in that order.
package struct ListenerPair<Value> {
    /// The origin listener's value.
    package var origin: Value
    /// The foreign listener's value.
    package var foreign: Value

    /// Creates a pair.
    package init(origin: Value, foreign: Value) {
        self.origin = origin
        self.foreign = foreign
    }
}

extension ListenerPair: Equatable where Value: Equatable {}
extension ListenerPair: Hashable where Value: Hashable {}
extension ListenerPair: Sendable where Value: Sendable {}
extension ListenerPair: Codable where Value: Codable {}
