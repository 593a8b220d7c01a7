//===----------------------------------------------------------------------===//
// SuiteDomainNetwork.swift: what a suite reaches on the network.
//===----------------------------------------------------------------------===//

/// What a separated suite reaches on the network (a suite's `network` key).
package enum SuiteDomainNetwork: String, Equatable, Sendable {
    /// A network namespace of its own: loopback, with the fixture's ports relayed to the host's
    /// 127.0.0.1; every other address is refused at once and the attempt recorded.
    case loopback
    /// The host's network: everything the runner reaches.
    case host
}
