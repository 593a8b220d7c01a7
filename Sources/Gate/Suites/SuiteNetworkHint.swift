//===----------------------------------------------------------------------===//
// SuiteNetworkHint.swift: the line that tells a failed loopback suite's team where its network went.
//===----------------------------------------------------------------------===//

import SuiteDomain

/// The last reason of a suite that failed with a loopback network and tried to reach beyond it:
/// the team reads the suite's reasons, not `isolation.suites[].egress`, so the way out is said
/// there.
enum SuiteNetworkHint {
    /// How many destinations the line names.
    static let shownDestinations = 3

    /// `it tried to reach <first destinations> (refused: …); if it needs the network, set …`, or
    /// `nil` when `ledger` holds no attempt.
    static func line(for ledger: SuiteEgressLedger) -> String? {
        guard !ledger.isEmpty else { return nil }
        let named = ledger.attempts.prefix(shownDestinations).map(\.destination)
        let more = ledger.attempts.count > shownDestinations || ledger.more > 0
        let destinations = named.isEmpty ? "addresses beyond its loopback" : named.joined(separator: ", ") + (more ? ", …" : "")
        return "it tried to reach \(destinations) (refused: this suite has loopback only); if it needs the network, set "
            + #""network": "host" for it in acceptance-gate.json"#
    }

    /// The line for the suite that ran in `domain`, read from its egress ledger (left in place for
    /// the run's record); `nil` without a loopback network, a ledger or an attempt.
    static func line(domain: SuiteDomain?) -> String? {
        guard let domain, domain.network == .loopback, let path = domain.egressLedger, let ledger = try? SuiteEgressLedger.read(path)
        else { return nil }
        return line(for: ledger)
    }
}
