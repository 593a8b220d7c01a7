//===----------------------------------------------------------------------===//
// HTTPVersion.swift: the two request versions the fixture speaks.
//===----------------------------------------------------------------------===//

/// The HTTP versions the fixture accepts in a request line.
enum HTTPVersion: Sendable {
    /// `HTTP/1.0`: the connection closes after the response unless the client asks for keep-alive.
    case http10
    /// `HTTP/1.1`: the connection stays open unless the client sends `Connection: close`.
    case http11
}
