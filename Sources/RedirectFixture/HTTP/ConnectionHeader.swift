//===----------------------------------------------------------------------===//
// ConnectionHeader.swift: what a response says about the connection.
//===----------------------------------------------------------------------===//

/// The `Connection` header a response carries.
enum ConnectionHeader: Hashable, Sendable {
    /// None: HTTP/1.1's default, the connection stays open.
    case none
    /// `Connection: close`: the fixture closes after this response.
    case close
    /// `Connection: keep-alive`: an HTTP/1.0 client asked to keep the connection.
    case keepAlive

    /// The header for a request of `version` that does or does not keep the connection.
    init(version: HTTPVersion, keepAlive: Bool) {
        switch (version, keepAlive) {
        case (_, false): self = .close
        case (.http11, true): self = .none
        case (.http10, true): self = .keepAlive
        }
    }
}
