//===----------------------------------------------------------------------===//
// ReportEgress.swift: one destination a separated suite tried to reach beyond its loopback.
//===----------------------------------------------------------------------===//

/// One destination a suite with a loopback network tried to reach, refused at once and recorded by
/// its domain: a TCP connection or UDP datagram to an address other than loopback, or a DNS lookup.
package struct ReportEgress: Codable, Equatable, Sendable {
    /// `tcp`, `udp` or `dns`.
    package var `protocol`: String
    /// `ADDRESS:PORT` (`[ADDRESS]:PORT` for IPv6), or for `dns` the name looked up.
    package var destination: String
    /// How many times.
    package var count: Int

    /// Creates a record.
    package init(protocol: String, destination: String, count: Int) {
        self.protocol = `protocol`
        self.destination = destination
        self.count = count
    }
}
