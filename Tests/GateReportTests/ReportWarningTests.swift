// ReportWarningTests.swift
//
// What an accepted run accepted only with a warning, derived from the report's facts (#40).

import GateReport
import Testing

@Suite("report warnings")
struct ReportWarningTests {
    static func report(_ tests: [ReportTest], unmatched: [String]? = nil) -> GateReport {
        var suite = ReportSuite(name: "shop", kind: .xctest, status: .passed, durationSeconds: 1, tests: tests)
        suite.unmatchedQuarantine = unmatched
        return GateReport(gateVersion: "0", verdict: .accepted, suites: [suite])
    }

    @Test("a flaky pass, a quarantined failure and an unmatched entry are warnings; a clean pass, a plain failure are not")
    func derived() {
        let report = Self.report(
            [
                ReportTest(name: "ShopTests.testCart", status: .passed, durationSeconds: 1),
                ReportTest(
                    name: "ShopTests.testFlaky", status: .passed, durationSeconds: 1, message: "attempt 1 failed: timeout\nmore",
                    flaky: true),
                ReportTest(
                    name: "ShopTests.testBroken", status: .failed, durationSeconds: 1,
                    quarantine: ReportQuarantine(owner: "shop-team", reason: "server", expires: "2099-12-31")),
                ReportTest(name: "ShopTests.testFailed", status: .failed, durationSeconds: 1),
            ], unmatched: ["ShopTests.testGone"])
        #expect(report.warnings.map(\.kind) == [.flaky, .quarantined, .quarantineUnmatched])
        #expect(report.warnings.first?.detail == "attempt 1 failed: timeout")
        #expect(report.verdictText == "accepted with warnings")
        #expect(
            ReportWarning.summary(report.warnings)
                == "1 flaky test (ShopTests.testFlaky), 1 quarantined (ShopTests.testBroken: owner shop-team, expires 2099-12-31), "
                + "1 quarantine entry matched no test (ShopTests.testGone)")
        let clean = Self.report([ReportTest(name: "ShopTests.testCart", status: .passed, durationSeconds: 1)])
        #expect(clean.warnings.isEmpty && clean.verdictText == "accepted")
    }

    @Test("an accepted run with warnings is no clean pass in GitHub: one ::warning each")
    func annotations() {
        let report = Self.report([
            ReportTest(name: "ShopTests.testFlaky", status: .passed, durationSeconds: 1, flaky: true)
        ])
        let lines = GitHubActions.annotations(for: report)
        #expect(
            lines == [
                "::warning title=acceptance-gate%3A flaky::suite 'shop': test ShopTests.testFlaky is flaky: it passed only after a failed attempt"
            ])
    }
}
