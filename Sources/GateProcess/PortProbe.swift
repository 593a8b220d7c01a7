// PortProbe.swift
//
// The "ports released" half of the exit proof: is anything still accepting on a TCP port?

/// Checks whether TCP ports accept connections, for proving that a stopped server let go of them.
///
/// Hosts are IPv4 literals only; nothing is resolved. A connection that is made is closed at once
/// without sending anything.
package enum PortProbe {
    /// How long one connection attempt may take.
    package static let attemptTimeout: Duration = .milliseconds(250)
    /// The pause between rounds while waiting for ports to be released.
    package static let retryInterval: Duration = .milliseconds(50)

    /// True when a TCP connection to `host:port` succeeds within `timeout`.
    ///
    /// An invalid host (not an IPv4 literal) or port (outside 1 … 65535) is never accepting.
    /// - Parameters:
    ///   - host: an IPv4 literal.
    ///   - port: the TCP port.
    ///   - timeout: how long the attempt may take.
    package static func isAcceptingConnections(host: String = "127.0.0.1", port: Int, timeout: Duration = attemptTimeout) -> Bool {
        guard let address = LoopbackSocket.ipv4(host), LoopbackSocket.isValidPort(port) else { return false }
        switch LoopbackSocket.attempt(to: address, port: port, timeout: timeout) {
        case .connected(let fd):
            LoopbackSocket.release(fd)
            return true
        case .failed:
            return false
        }
    }

    /// Waits until none of `ports` accepts connections on `host`, or `deadline` passes.
    /// - Parameters:
    ///   - ports: the TCP ports to check.
    ///   - host: an IPv4 literal.
    ///   - deadline: when to stop waiting.
    /// - Returns: the ports still accepting connections at the deadline, in the order given; empty
    ///   when every port was released.
    package static func waitUntilReleased(ports: [Int], host: String = "127.0.0.1", deadline: ContinuousClock.Instant) -> [Int] {
        var remaining = ports
        while true {
            remaining = remaining.filter { port in
                let left = deadline - .now
                let timeout = min(attemptTimeout, max(left, .milliseconds(10)))
                return isAcceptingConnections(host: host, port: port, timeout: timeout)
            }
            let now = ContinuousClock.now
            if remaining.isEmpty || now >= deadline {
                return remaining
            }
            SystemCall.sleep(for: min(retryInterval, deadline - now))
        }
    }
}
