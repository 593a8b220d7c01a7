//===----------------------------------------------------------------------===//
// RequestLine.swift: a parsed request line.
//===----------------------------------------------------------------------===//

/// A well-formed request line: `GET /target HTTP/1.1`.
struct RequestLine: Equatable, Sendable {
    /// The method token, case-sensitive as HTTP requires (`GET`, not `get`).
    var method: String
    /// The path the ledger records and the routes match: the request target without its query,
    /// with an absolute-form target (`http://host/path`) reduced to its path.
    var path: String
    /// The version.
    var version: HTTPVersion
}
