// MergeScanAllowTests.swift
//
// merge scans its own files with the shards' configuration's allow list, as sign does, never a
// list of its own: a team that allows nothing gets a merge that allows nothing.

import GateArchive
import GateConfig
import GateReport
import Testing

@Suite("merge scans with the shards' allow list")
struct MergeScanAllowTests {
    static func report(configuration json: String?) -> GateReport {
        var report = GateReport(gateVersion: "0.1.0", verdict: .accepted)
        report.config = ReportConfig(path: "acceptance-gate.json", sha256: String(repeating: "0", count: 64), json: json)
        return report
    }

    @Test func theConfigurationsListIsTheOneUsed() {
        let nothing = Self.report(
            configuration: #"{ "suites": [ { "name": "u", "kind": "command", "command": ["true"] } ], "scan": { "allow": [] } }"#)
        #expect(ShardMergeRun.scanConfiguration(for: nothing).allow == [])
        let two = Self.report(
            configuration:
                #"{ "suites": [ { "name": "u", "kind": "command", "command": ["true"] } ], "scan": { "allow": ["fixture-only", "generic-api-key"] } }"#
        )
        #expect(ShardMergeRun.scanConfiguration(for: two).allow == ["fixture-only", "generic-api-key"])
    }

    @Test func withoutAConfigurationTheDefaultsAreTheConfigurationTypesOwn() {
        #expect(ShardMergeRun.scanConfiguration(for: Self.report(configuration: nil)).allow == ConfigScan().allow)
    }
}
