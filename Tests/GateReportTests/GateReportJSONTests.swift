//===----------------------------------------------------------------------===//
// GateReportJSONTests.swift: deterministic bytes, the contract's key names, reading back.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import Testing

@Suite("report.json")
struct GateReportJSONTests {
    @Test("the same report gives the same bytes, with keys sorted and slashes unescaped")
    func deterministic() throws {
        let first = try SampleReports.rejected().jsonBytes()
        let second = try SampleReports.rejected().jsonBytes()
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("\"log\" : \"logs/lint.log\""))
        #expect(!text.contains("\\/"))
        // Top-level keys appear in sorted order.
        let keys = ["commit", "config", "finishedAt", "fixture", "frames", "gateVersion", "logs", "reasons", "scan"]
        let offsets = try keys.map { key in try #require(text.range(of: "\n  \"\(key)\" : ")).lowerBound }
        #expect(offsets == offsets.sorted())
    }

    @Test("the fields outside checks read are where design.md says")
    func contractFields() throws {
        let data = Data(try SampleReports.rejected().jsonBytes())
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(root["verdict"] as? String == "rejected")
        #expect((root["reasons"] as? [String])?.count == 4)
        #expect(root["exitCode"] as? Int == 1)
        let problems = try #require(root["problems"] as? [[String: Any]])
        #expect(problems.map { $0["kind"] as? String } == ["change", "change", "change", "infrastructure"])
        #expect(problems.map { $0["code"] as? String } == ["test-failed", "test-missing", "leak", "suite-timed-out"])
        #expect((problems.last?["subject"] as? [String: Any])?["type"] as? String == "suite")
        #expect((problems.last?["subject"] as? [String: Any])?["name"] as? String == "lint")
        let commit = try #require(root["commit"] as? [String: Any])
        #expect(commit["id"] as? String == SampleReports.commitID)
        #expect(commit["branch"] as? String == "main")
        #expect(commit["dirty"] as? Bool == true)
        #expect(commit["shallow"] as? Bool == false)
        let toolchain = try #require(root["toolchain"] as? [String: Any])
        #expect(toolchain["swiftVersion"] as? String == "6.3.1")
        #expect((toolchain["raw"] as? String)?.hasPrefix("Swift version 6.3.1") == true)
        let fixture = try #require(root["fixture"] as? [String: Any])
        let exit = try #require(fixture["exit"] as? [String: Any])
        #expect(exit["status"] as? String == "exited(0)")
        #expect(exit["verified"] as? Bool == true)
        let ledger = try #require(fixture["ledger"] as? [String: [String: Any]])
        #expect(ledger["foreign"]?["requests"] as? Int == 0)
        let suites = try #require(root["suites"] as? [[String: Any]])
        #expect(suites.first?["name"] as? String == "redirect-boundary")
        #expect(suites.first?["status"] as? String == "failed")
        #expect(suites.last?["status"] as? String == "timedOut")
        let tests = try #require(suites.first?["tests"] as? [[String: Any]])
        #expect(tests.map { $0["status"] as? String } == ["failed", "skipped", "passed"])
        let findings = try #require((root["scan"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.first?["end_line"] as? Int == 10)
        #expect(findings.first?["preview"] as? String == "gh" + "p_")
        let logs = try #require(root["logs"] as? [[String: Any]])
        #expect(logs.first?["path"] as? String == "logs/redirect-boundary.log")
        #expect(logs.first?["sha256"] as? String == String(repeating: "1a", count: 32))
    }

    @Test("durations are rounded to milliseconds", arguments: [(12.3456, 12.346), (0.0004, 0), (-1, 0), (.nan, 0), (.infinity, 0)])
    func durations(input: Double, expected: Double) {
        #expect(ReportDuration.rounded(input) == expected)
        #expect(ReportTest(name: "t", status: .passed, durationSeconds: input).durationSeconds == expected)
    }

    @Test("duration text has three decimals")
    func durationText() {
        #expect(ReportDuration.text(12.3456) == "12.346")
        #expect(ReportDuration.text(0.05) == "0.050")
        #expect(ReportDuration.text(3) == "3.000")
    }

    @Test("timestamps are ISO 8601 UTC with milliseconds")
    func timestamps() {
        #expect(ReportTimestamp.string(secondsSince1970: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ReportTimestamp.string(secondsSince1970: 1_735_689_642.5) == "2025-01-01T00:00:42.500Z")
        #expect(ReportTimestamp.string(secondsSince1970: 951_782_400) == "2000-02-29T00:00:00.000Z")
        #expect(ReportTimestamp.fixed(86_399.999).string() == "1970-01-01T23:59:59.999Z")
        #expect(ReportTimestamp.string(secondsSince1970: .nan) == "1970-01-01T00:00:00.000Z")
    }

    @Test("every sample decodes back to an equal report and re-encodes to the same bytes")
    func roundTrip() throws {
        for report in [SampleReports.accepted, SampleReports.rejected(), SampleReports.aborted] {
            let bytes = try report.jsonBytes()
            let decoded = try GateReport.decode(bytes, source: "report.json")
            #expect(decoded == report)
            #expect(try decoded.jsonBytes() == bytes)
        }
    }

    @Test("an aborted report leaves out what it never reached")
    func aborted() throws {
        let text = String(decoding: try SampleReports.aborted.jsonBytes(), as: UTF8.self)
        #expect(text.contains("\"verdict\" : \"aborted\""))
        #expect(!text.contains("\"commit\""))
        #expect(!text.contains("\"fixture\""))
        #expect(text.contains("\"suites\" : ["))
    }

    @Test(
        "a malformed report names the key path and the problem",
        arguments: [
            ("[1, 2]", "(top level)"),
            ("not json", "(top level): not valid JSON"),
            ("{\"schemaVersion\": 1}", "gateVersion: missing"),
            (
                "{\"schemaVersion\": 2, \"gateVersion\": \"x\", \"verdict\": \"accepted\", \"reasons\": [], \"suites\": [], "
                    + "\"logs\": [], \"stages\": []}", "schemaVersion: version 2 is not supported"
            ),
            (
                "{\"schemaVersion\": 1, \"gateVersion\": \"x\", \"verdict\": \"maybe\", \"reasons\": [], \"suites\": [], "
                    + "\"logs\": [], \"stages\": []}", "verdict: unexpected value"
            ),
            (
                "{\"schemaVersion\": 1, \"gateVersion\": \"x\", \"verdict\": \"accepted\", \"reasons\": [], \"logs\": [], "
                    + "\"stages\": [], \"suites\": [{\"name\": 3}]}", "suites[0].name: expected a string"
            ),
        ])
    func malformed(json: String, expected: String) throws {
        #expect {
            _ = try GateReport.decode(Array(json.utf8), source: "in.json")
        } throws: { error in
            guard let error = error as? GateReportError, case .notAReport = error else { return false }
            return error.description.contains(expected) && error.description.contains("'in.json'")
        }
    }
}
