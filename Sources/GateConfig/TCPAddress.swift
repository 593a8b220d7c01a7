//===----------------------------------------------------------------------===//
// TCPAddress.swift: a loopback host and port a readiness probe connects to.
//===----------------------------------------------------------------------===//

/// A host (an IPv4 literal, normally 127.0.0.1) and a TCP port.
package struct TCPAddress: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The host, an IPv4 literal.
    package var host: String
    /// The port.
    package var port: Int

    /// Creates an address.
    package init(host: String = "127.0.0.1", port: Int) {
        self.host = host
        self.port = port
    }

    /// `127.0.0.1:8765`.
    package var description: String { "\(host):\(port)" }
}
