//===----------------------------------------------------------------------===//
// ScanOutputTests.swift: text, jsonl, SARIF and --explain; no secret in any output.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import TokenScan

@Suite("output")
struct ScanOutputTests {
    /// Findings from two generated logs, and every planted secret.
    private static func corpus() -> (result: [FileScanResult], secrets: [String]) {
        var builder = CorpusBuilder(seed: 0x0A7)
        var results: [FileScanResult] = []
        var secrets: [String] = []
        for name in ["b.log", "a.log"] {
            let log = builder.log(lines: 300, planted: 32)
            results.append(scan(log.text, file: "logs/" + name))
            secrets += log.planted.map(\.secret)
        }
        return (results, secrets)
    }

    @Test("no output format, nor --explain, contains a secret or 12 consecutive characters of one")
    func noLeaks() {
        let (results, secrets) = Self.corpus()
        let findings = results.flatMap(\.findings)
        #expect(findings.count >= 60)
        let outputs = [
            ScanOutput.text(findings), ScanOutput.jsonl(findings), ScanOutput.sarif(findings),
            ScanOutput.explain(results.flatMap(\.suppressed)),
        ]
        for secret in secrets {
            for output in outputs { #expect(!leaks(secret, in: output)) }
        }
    }

    @Test("jsonl: one object per line, required keys, sorted by file, line, column")
    func jsonl() throws {
        let findings = Self.corpus().result.flatMap(\.findings)
        let lines = ScanOutput.jsonl(findings).split(separator: "\n")
        #expect(lines.count == findings.count)
        var previous: (String, Int, Int)?
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let file = try #require(object["file"] as? String)
            let number = try #require(object["line"] as? Int)
            let column = try #require(object["column"] as? Int)
            #expect(object["rule"] is String)
            let fingerprint = try #require(object["fingerprint"] as? String)
            #expect(fingerprint.hasPrefix("hmac-sha256:") && fingerprint.count == 12 + 32)
            #expect((object["preview"] as? String).map { $0.count <= 4 } == true)
            if let previous { #expect(previous <= (file, number, column)) }
            previous = (file, number, column)
        }
        #expect(lines.first?.hasPrefix("{\"file\":\"logs/a.log\",\"line\":") == true)
    }

    @Test("SARIF 2.1.0: schema, version, driver with rules, results with locations and fingerprints")
    func sarif() throws {
        let findings = Self.corpus().result.flatMap(\.findings)
        let text = ScanOutput.sarif(findings)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.contains("sarif-2.1.0") == true)
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "acceptance-gate")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == ScanRule.allCases.map(\.id))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == findings.count)
        let first = try #require(results.first)
        #expect(first["ruleId"] is String && first["level"] is String)
        let location = try #require((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "logs/a.log")
        let region = try #require(location["region"] as? [String: Any])
        for key in ["startLine", "startColumn", "endLine", "endColumn"] { #expect(region[key] is Int) }
        #expect((first["partialFingerprints"] as? [String: Any])?.isEmpty == false)
        let empty = try JSONSerialization.jsonObject(with: Data(ScanOutput.sarif([]).utf8)) as? [String: Any]
        #expect(((empty?["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
    }

    @Test("text: file:line:column: rule: preview…")
    func text() throws {
        var fake = FakeTokens(seed: 21)
        let token = fake.npm()
        let result = scan("x\n  \(token)\n", file: "dir/f.log")
        #expect(ScanOutput.text(result.findings) == "dir/f.log:2:3: npm-token: npm_…\n")
        let decoded = try JSONDecoder().decode(ScanFinding.self, from: Data(ScanOutput.jsonl(result.findings).utf8))
        #expect(decoded == result.findings.first)
    }
}
