//===----------------------------------------------------------------------===//
// ReportSuiteNetwork.swift: the network one separated suite had, and what it tried to reach.
//===----------------------------------------------------------------------===//

/// The network one suite had in its domain (`loopback`, the default with namespaces, or `host`,
/// which its configuration asked for or the machine gave), and the attempts out of its loopback
/// that were refused (what harden-runner calls egress): recorded as facts, never a rejection.
package struct ReportSuiteNetwork: Codable, Equatable, Sendable {
    /// The suite's name.
    package var suite: String
    /// `loopback` or `host`.
    package var network: String
    /// The destinations it tried, in the order first tried (at most 64).
    package var egress: [ReportEgress]
    /// Attempts to destinations past the 64 recorded; absent when none.
    package var egressMore: Int?
    /// Why its egress ledger could not be read (then ``egress`` says nothing); absent when it was.
    package var egressUnread: String?
    /// The fetch of its remote dependencies that ran before it with the host's network; absent
    /// when none ran (a `host` suite, a package without remote dependencies, another runner).
    package var fetch: ReportSuiteFetch?

    /// Creates a record.
    package init(suite: String, network: String, egress: [ReportEgress] = [], egressMore: Int? = nil, egressUnread: String? = nil) {
        self.suite = suite
        self.network = network
        self.egress = egress
        self.egressMore = egressMore
        self.egressUnread = egressUnread
    }

    /// How many attempts out it made, recorded or past the limit.
    package var attempts: Int { egress.reduce(egressMore ?? 0) { $0 + $1.count } }
}
