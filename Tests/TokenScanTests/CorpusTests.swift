//===----------------------------------------------------------------------===//
// CorpusTests.swift: recall and precision on generated CI logs; decoys never flagged.
//===----------------------------------------------------------------------===//

import Testing

@testable import TokenScan

@Suite("corpus")
struct CorpusTests {
    @Test("recall and precision are at least 0.95 on generated CI logs with planted secrets")
    func recallAndPrecision() {
        var builder = CorpusBuilder(seed: 0xC0FFEE)
        var planted = 0
        var found = 0
        var reported = 0
        var correct = 0
        for file in 0..<12 {
            let log = builder.log(lines: 600, planted: 16)
            let result = scan(log.text, allow: ["fixture-only"], file: "logs/\(file).log")
            planted += log.planted.count
            reported += result.findings.count
            for secret in log.planted {
                let hit = result.findings.contains { $0.line == secret.line && $0.rule.id == secret.rule }
                if hit { found += 1 } else { Issue.record("missed \(secret.rule) on line \(secret.line) of file \(file)") }
            }
            correct +=
                result.findings.filter { finding in
                    log.planted.contains { $0.line == finding.line && $0.rule == finding.rule.id }
                }.count
        }
        let recall = Double(found) / Double(planted)
        let precision = reported == 0 ? 0 : Double(correct) / Double(reported)
        #expect(planted == 192)
        #expect(recall >= 0.95, "recall \(recall)")
        #expect(precision >= 0.95, "precision \(precision)")
    }

    @Test("clean logs full of decoys give zero findings")
    func cleanLogs() {
        var builder = CorpusBuilder(seed: 0xBADA55)
        for file in 0..<5 {
            let log = builder.log(lines: 1000, planted: 0)
            let result = scan(log.text, allow: ["fixture-only"], file: "clean/\(file).log")
            #expect(result.findings.isEmpty, "\(result.findings.prefix(5))")
            #expect(result.suppressedCount > 0)
        }
    }
}
