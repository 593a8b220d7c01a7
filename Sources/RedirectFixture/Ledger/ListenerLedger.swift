//===----------------------------------------------------------------------===//
// ListenerLedger.swift: what one listener has seen.
//===----------------------------------------------------------------------===//

/// What one listener has seen: how many requests, their paths in order, and the names (never
/// the values) of every header field they carried.
package struct ListenerLedger: Equatable, Hashable, Sendable, Decodable {
    /// The port the listener is bound to (0 before the server starts).
    package var port: Int
    /// Every request counted: each one whose request line arrived whole and well-formed, even if
    /// the rest of it was then refused (431, 400, 408 and so on), since it reached the listener;
    /// `GET /__ledger` and `HEAD /__ledger` on the origin listener are not counted.
    package var requests: Int
    /// The counted requests' paths in arrival order, without the query (which may carry
    /// secrets); at most ``FixtureConfiguration/maxRecordedPaths`` of them.
    package var paths: [String]
    /// Header field names of the accepted requests: lowercased, deduplicated, sorted.
    package var headerNames: [String]

    /// Creates a ledger.
    package init(port: Int, requests: Int = 0, paths: [String] = [], headerNames: [String] = []) {
        self.port = port
        self.requests = requests
        self.paths = paths
        self.headerNames = headerNames
    }
}
