// ReadinessProbe.swift
//
// One condition that says a started service is ready: a stdout line, a TCP connect, an HTTP status.

/// One condition that must hold before a started child counts as ready (see `Readiness.wait`).
///
/// Hosts are IPv4 literals only (such as `127.0.0.1`); a name like `localhost` is never resolved,
/// so a probe cannot pass or fail because of the resolver or an IPv6 `::1` entry.
package enum ReadinessProbe: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A line of the child's stdout contains `pattern` as plain text (a substring match, no regex).
    /// Needs a `LineWatcher` fed by the child's stdout.
    case line(pattern: String)
    /// A TCP connection to `host:port` succeeds (it is closed at once without sending anything).
    case tcp(host: String = "127.0.0.1", port: Int)
    /// An HTTP/1.1 `GET` of `url` (`http://IPV4:PORT/path`) answers with a status line: any status
    /// when `expectStatus` is `nil`, otherwise exactly that one. Redirects are never followed; only
    /// the status line is read.
    case http(url: String, expectStatus: Int?)

    /// A short name for messages, such as `tcp 127.0.0.1:8765` or `line containing "READY"`.
    package var description: String {
        switch self {
        case .line(let pattern):
            return "line containing \(String(reflecting: pattern))"
        case .tcp(let host, let port):
            return "tcp \(host):\(port)"
        case .http(let url, let expectStatus):
            if let expectStatus {
                return "http GET \(url) expecting \(expectStatus)"
            }
            return "http GET \(url)"
        }
    }
}
