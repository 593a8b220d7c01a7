//===----------------------------------------------------------------------===//
// RequestHead.swift: a parsed and accepted request head.
//===----------------------------------------------------------------------===//

/// A request head (request line and header section) that parsed and passed every limit.
struct RequestHead: Equatable, Sendable {
    /// The request line.
    var line: RequestLine
    /// Every header field name, lowercased, in order (repeats kept).
    var headerNames: [String]
    /// The body length from `Content-Length`; 0 without one.
    var contentLength: Int
    /// Whether the connection stays open after the response.
    var keepAlive: Bool
    /// Whether the client sent `Expect: 100-continue` and waits for an interim response.
    var expectsContinue: Bool
}
