//===----------------------------------------------------------------------===//
// ReportListenerLedger.swift: one listener's ledger.
//===----------------------------------------------------------------------===//

/// What one listener saw: request count, paths and header names (never values).
package struct ReportListenerLedger: Codable, Equatable, Sendable {
    /// The listener's port.
    package var port: Int
    /// How many requests it answered.
    package var requests: Int
    /// The request paths, in arrival order.
    package var paths: [String]
    /// The header names seen (never their values).
    package var headerNames: [String]
    /// Every connection that reached the listener, a bare connect, a refused request and a TLS or
    /// HTTP/2 preface included; absent in reports of gate 0.1.0.
    package var connections: Int?

    /// Creates a listener ledger.
    package init(port: Int, requests: Int, paths: [String], headerNames: [String], connections: Int? = nil) {
        self.connections = connections
        self.port = port
        self.requests = requests
        self.paths = paths
        self.headerNames = headerNames
    }
}
