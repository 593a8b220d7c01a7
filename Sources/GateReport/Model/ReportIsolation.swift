//===----------------------------------------------------------------------===//
// ReportIsolation.swift: what kept the code under test from the gate, as the run recorded it.
//===----------------------------------------------------------------------===//

/// What kept the suites, the code under test, from reaching the gate, its files and its verdict:
/// the mechanism, the user they ran as, the namespaces they had of their own, their network, the
/// paths they could not write; or `none` with the reason. A report without it was written by a
/// gate that did not separate suites at all.
package struct ReportIsolation: Codable, Equatable, Sendable {
    /// How the suites were kept apart.
    package var mechanism: ReportIsolationMechanism
    /// The user id the suites ran as; absent with `none`.
    package var uid: Int?
    /// The group id the suites ran as; absent with `none`.
    package var gid: Int?
    /// The namespaces each suite had of its own (`pid`, `mount`), sorted; empty without them.
    package var namespaces: [String]
    /// The suites' network unless their configuration says otherwise: `loopback` (with namespaces:
    /// a network of their own, the fixture relayed into it, every other address refused and
    /// recorded) or `host` (everything the runner reaches; every mechanism without namespaces).
    package var network: String
    /// Each suite that ran in the domain: its network and the attempts out it made; absent before
    /// the suites ran, and in reports from gates that did not record it.
    package var suites: [ReportSuiteNetwork]?
    /// The paths the suites could read but not write, or could not see (the tree, `.git`, the
    /// gate's executable, its out folder), relative to the repository where inside it.
    package var protectedPaths: [String]
    /// Why the gate could not separate further (`none`, or `user` without namespaces); absent when
    /// nothing was given up.
    package var reason: String?

    /// Creates a record.
    package init(
        mechanism: ReportIsolationMechanism, uid: Int? = nil, gid: Int? = nil, namespaces: [String] = [], network: String = "host",
        protectedPaths: [String] = [], reason: String? = nil
    ) {
        self.mechanism = mechanism
        self.uid = uid
        self.gid = gid
        self.namespaces = namespaces
        self.network = network
        self.protectedPaths = protectedPaths
        self.reason = reason
    }

    /// This record with the suites' networks, once they ran (none: unchanged).
    package func with(suites networks: [ReportSuiteNetwork]) -> ReportIsolation {
        guard !networks.isEmpty else { return self }
        var record = self
        record.suites = networks
        return record
    }

    /// The suites whose dependencies were fetched with the host's network before them.
    package var fetchedSuites: [String] { (suites ?? []).filter { $0.fetch != nil }.map(\.suite) }

    /// The suites that had the host's network where the default is loopback.
    package var hostNetworkSuites: [String] {
        guard network == "loopback" else { return [] }
        return (suites ?? []).filter { $0.network == "host" }.map(\.suite)
    }

    /// How many attempts out of loopback the suites made.
    package var egressAttempts: Int { (suites ?? []).reduce(0) { $0 + $1.attempts } }

    /// Whether the suites ran as another user than the gate's.
    package var isSeparated: Bool { mechanism != .none }

    /// One line for the console's stamp and the summaries: `isolation: namespaces (uid 65534; pid, mount; network host)`,
    /// or `isolation: none (<reason>)`.
    package var summary: String {
        guard let uid, mechanism != .none else { return "isolation: none" + (reason.map { " (\($0))" } ?? "") }
        var parts = ["uid \(uid)"]
        if !namespaces.isEmpty { parts.append(namespaces.joined(separator: ", ")) }
        var network = "network \(network)"
        let host = hostNetworkSuites
        if !host.isEmpty { network += " (host: \(host.joined(separator: ", ")))" }
        parts.append(network)
        let attempts = egressAttempts
        if attempts > 0 {
            let tried = (suites ?? []).flatMap { suite in suite.egress.map { "\($0.protocol) \($0.destination)" } }
            let shown = tried.prefix(3).joined(separator: ", ") + (tried.count > 3 ? ", …" : "")
            parts.append("\(attempts) attempt(s) out refused: \(shown)")
        }
        let fetched = fetchedSuites
        if !fetched.isEmpty {
            parts.append(
                "dependencies fetched with network host before: \(fetched.prefix(3).joined(separator: ", "))\(fetched.count > 3 ? ", …" : "")"
            )
        }
        if let unread = suites?.first(where: { $0.egressUnread != nil }) {
            parts.append("suite '\(unread.suite)': egress not recorded")
        }
        return "isolation: \(mechanism.rawValue) (\(parts.joined(separator: "; ")))" + (reason.map { ": \($0)" } ?? "")
    }
}
