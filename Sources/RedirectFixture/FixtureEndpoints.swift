//===----------------------------------------------------------------------===//
// FixtureEndpoints.swift: where a started fixture listens.
//===----------------------------------------------------------------------===//

/// Where a started fixture listens: the two ports actually bound on 127.0.0.1.
package struct FixtureEndpoints: Equatable, Hashable, Sendable {
    /// The origin listener's port.
    package var originPort: Int
    /// The foreign listener's port.
    package var foreignPort: Int

    /// `http://127.0.0.1:<origin port>`, without a trailing slash.
    package var originURL: String { "http://127.0.0.1:\(originPort)" }

    /// `http://127.0.0.1:<foreign port>`, without a trailing slash.
    package var foreignURL: String { "http://127.0.0.1:\(foreignPort)" }

    /// The line `acceptance-gate fixture` prints once both listeners accept:
    /// `READY origin=http://127.0.0.1:A foreign=http://127.0.0.1:B`.
    package var readyLine: String { "READY origin=\(originURL) foreign=\(foreignURL)" }

    /// The port of the listener with `role`.
    package func port(of role: ListenerRole) -> Int {
        switch role {
        case .origin: originPort
        case .foreign: foreignPort
        }
    }
}
