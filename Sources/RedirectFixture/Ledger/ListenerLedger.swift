//===----------------------------------------------------------------------===//
// ListenerLedger.swift: what one listener has seen.
//===----------------------------------------------------------------------===//

/// What one listener has seen: how many connections and requests, the requests' paths in order,
/// and the names (never the values) of every header field they carried.
///
/// ``connections`` and ``requests`` answer different questions. ``requests`` counts what the
/// fixture understood as HTTP/1.1; ``connections`` counts every TCP connection that reached the
/// listener at all, whatever it carried (nothing, garbage, a TLS ClientHello, an HTTP/2 preface).
/// "Nothing reached the foreign listener" is `foreign.connections == 0`, never `requests == 0`.
package struct ListenerLedger: Equatable, Hashable, Sendable {
    /// The port the listener is bound to (0 before the server starts).
    package var port: Int
    /// Every request counted (HTTP only; see ``connections`` for everything else): each one whose request line arrived whole and well-formed, even if
    /// the rest of it was then refused (431, 400, 408 and so on), since it reached the listener;
    /// `GET /__ledger` and `HEAD /__ledger` on the origin listener are not counted.
    package var requests: Int
    /// The counted requests' paths in arrival order, without the query (which may carry
    /// secrets), each segment shaped like a credential recorded as
    /// ``TokenShapedText/placeholder``; at most ``FixtureConfiguration/maxRecordedPaths`` of them.
    package var paths: [String]
    /// Header field names of the accepted requests: lowercased, deduplicated, sorted; a name
    /// shaped like a credential is recorded as ``TokenShapedText/placeholder`` instead.
    package var headerNames: [String]
    /// Every TCP connection the listener accepted, counted when it was accepted (or, for one still
    /// waiting in the listen backlog when the fixture stops, when the fixture drains the backlog):
    /// a bare connect that sent nothing, one refused as malformed (400, 414, 431, 505 …), a TLS
    /// ClientHello, an HTTP/2 preface, and connections carrying well-formed requests, including
    /// the origin's `/__ledger` reads that ``requests`` leaves out.
    package var connections: Int

    /// Creates a ledger.
    package init(port: Int, requests: Int = 0, paths: [String] = [], headerNames: [String] = [], connections: Int = 0) {
        self.port = port
        self.requests = requests
        self.paths = paths
        self.headerNames = headerNames
        self.connections = connections
    }
}
