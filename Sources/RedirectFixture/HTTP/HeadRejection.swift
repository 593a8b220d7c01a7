//===----------------------------------------------------------------------===//
// HeadRejection.swift: why a request head was refused.
//===----------------------------------------------------------------------===//

/// A request head the fixture refuses: the status to answer with (the connection then closes)
/// and, when the request line itself was well-formed, that line, so the ledger still counts the
/// request.
struct HeadRejection: Equatable, Sendable, Error {
    /// 400, 408, 411, 413, 414, 417, 431 or 505.
    var status: HTTPStatus
    /// One sentence for the response body.
    var message: String
    /// The request line, when it parsed.
    var line: RequestLine?

    /// Creates a rejection.
    init(_ status: HTTPStatus, _ message: String, line: RequestLine? = nil) {
        self.status = status
        self.message = message
        self.line = line
    }
}
