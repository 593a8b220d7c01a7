//===----------------------------------------------------------------------===//
// ReportWarning.swift: what an accepted run accepted only with a warning.
//===----------------------------------------------------------------------===//

/// Something a run accepted but people must see: a flaky test (it passed only after a failed
/// attempt, under the `warn` policy), a failed test a quarantine entry holds, or a quarantine
/// entry that matched no test (misspelt, or stale). Derived from the report's own facts
/// (``GateReport/warnings``), so every output shows the same list and nothing new is signed.
package struct ReportWarning: Equatable, Sendable {
    /// What kind of warning it is.
    package enum Kind: String, Equatable, Sendable {
        /// A test that passed only after a failed attempt.
        case flaky
        /// A failed test that a quarantine entry holds.
        case quarantined
        /// A quarantine entry that matched no test of its suite.
        case quarantineUnmatched = "quarantine-unmatched"
        /// Tests the suite's package declares that never ran, under the `warn` policy.
        case unrunTests = "unrun-tests"
    }

    /// What kind of warning it is.
    package var kind: Kind
    /// The suite.
    package var suite: String
    /// The test, as the report names it (for an unmatched entry, as the entry names it).
    package var test: String
    /// For a quarantined test: `owner o, expires 2026-12-31`; for a flaky one, its message's first line.
    package var detail: String?

    /// Creates a warning.
    package init(_ kind: Kind, suite: String, test: String, detail: String? = nil) {
        self.kind = kind
        self.suite = suite
        self.test = test
        self.detail = detail
    }

    /// One line for people, e.g. `suite 'unit': test ShopTests.testCart is flaky: it passed only
    /// after a failed attempt`: it opens with its suite, as a problem about a suite does.
    package var sentence: String {
        let claim =
            switch kind {
            case .flaky: "test \(test) is flaky: it passed only after a failed attempt" + (detail.map { " (\($0))" } ?? "")
            case .quarantined: "test \(test) failed and is quarantined" + (detail.map { " (\($0))" } ?? "")
            case .quarantineUnmatched:
                "the quarantine entry for \(test) matched no test (misspelt, or the test is gone): remove or fix it"
            case .unrunTests: detail ?? "\(test) never ran"
            }
        return ReportSubject.suite(suite).opening.map { "\($0): \(claim)" } ?? claim
    }

    /// `1 flaky test (A.t), 1 quarantined (B.u: owner o, expires 2026-12-31), 1 quarantine entry matched no test (C.v)`.
    package static func summary(_ warnings: [ReportWarning]) -> String {
        func part(_ kind: Kind, _ one: String, _ many: String, detail: Bool) -> String? {
            let of = warnings.filter { $0.kind == kind }
            guard !of.isEmpty else { return nil }
            let names = of.prefix(3).map { detail ? $0.test + ($0.detail.map { ": \($0)" } ?? "") : $0.test }
            let more = of.count > 3 ? ", …" : ""
            return "\(of.count) \(of.count == 1 ? one : many) (\(names.joined(separator: ", "))\(more))"
        }
        return [
            part(.flaky, "flaky test", "flaky tests", detail: false), part(.quarantined, "quarantined", "quarantined", detail: true),
            part(.quarantineUnmatched, "quarantine entry matched no test", "quarantine entries matched no test", detail: false),
            part(.unrunTests, "suite with tests that never ran", "suites with tests that never ran", detail: false),
        ].compactMap { $0 }.joined(separator: ", ")
    }
}
