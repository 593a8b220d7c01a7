//===----------------------------------------------------------------------===//
// ScanOutput+SARIF.swift: findings as one SARIF 2.1.0 log.
//===----------------------------------------------------------------------===//

import GateCore

extension ScanOutput {
    /// The SARIF 2.1.0 schema.
    package static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// A SARIF 2.1.0 log with one run, valid against the OASIS schema with its format checks. The
    /// driver `acceptance-gate` lists every rule with `shortDescription`, `fullDescription`, `help`,
    /// `defaultConfiguration`, and `properties` (`tags: ["security"]`, `security-severity`, `precision`),
    /// as code-scanning tabs read them. The run says `columnKind: utf16CodeUnits`, and each result's
    /// region counts UTF-16 code units of the line as it is in the file (``ScanFinding/sarifColumn``).
    /// Each result has `ruleId`, `ruleIndex`, `level`, `message`, one physical location
    /// (`artifactLocation.uri`, percent-encoded as a relative reference, `<stdin>` included) and
    /// `partialFingerprints`: the keyed fingerprint, and `primaryLocationLineHash` built from it (never
    /// from the line's text, which holds the secret). Ends with a newline.
    package static func sarif(_ findings: [ScanFinding]) -> String {
        let rules = ScanRule.allCases.map(sarifRule)
        var occurrences: [String: Int] = [:]
        let results = findings.sorted().map { finding -> String in
            occurrences[finding.fingerprint, default: 0] += 1
            return sarifResult(finding, occurrence: occurrences[finding.fingerprint] ?? 1)
        }
        return """
            {
              "$schema": \(JSONText.quoted(sarifSchema)),
              "version": "2.1.0",
              "runs": [{
                "tool": {"driver": {
                  "name": \(JSONText.quoted(toolName)),
                  "informationUri": "https://github.com/acceptance-gate/acceptance-gate",
                  "rules": [
            \(rules.joined(separator: ",\n"))
                  ]
                }},
                "columnKind": "utf16CodeUnits",
                "results": [\(results.isEmpty ? "" : "\n" + results.joined(separator: ",\n") + "\n    ")]
              }]
            }

            """
    }

    /// One rule descriptor.
    private static func sarifRule(_ rule: ScanRule) -> String {
        let severity = String(Int(rule.securitySeverity)) + "." + String(Int((rule.securitySeverity * 10).rounded()) % 10)
        let precision = rule.confidence == .high ? "very-high" : rule.confidence == .medium ? "high" : "medium"
        return "          {\"id\": \(JSONText.quoted(rule.id)), \"name\": \(JSONText.quoted(ruleName(rule))), "
            + "\"shortDescription\": {\"text\": \(JSONText.quoted(rule.shortDescription))}, "
            + "\"fullDescription\": {\"text\": \(JSONText.quoted(rule.fullDescription))}, "
            + "\"help\": {\"text\": \(JSONText.quoted(rule.help)), \"markdown\": \(JSONText.quoted("**\(rule.shortDescription)**\n\n\(rule.fullDescription)\n\n\(rule.help)"))}, "
            + "\"defaultConfiguration\": {\"level\": \"\(rule.confidence.sarifLevel)\"}, "
            + "\"properties\": {\"tags\": [\"security\", \"secret\"], \"security-severity\": \"\(severity)\", \"precision\": \"\(precision)\"}}"
    }

    /// `github-token` → `GitHubToken`-style names SARIF viewers show: the id's words capitalised.
    private static func ruleName(_ rule: ScanRule) -> String {
        rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// One SARIF result; `occurrence` counts findings with the same fingerprint so far (1-based).
    private static func sarifResult(_ finding: ScanFinding, occurrence: Int) -> String {
        var region = ["\"startLine\": \(finding.line)"]
        if let column = finding.sarifColumn ?? finding.column { region.append("\"startColumn\": \(column)") }
        if let endLine = finding.endLine { region.append("\"endLine\": \(endLine)") }
        if let endColumn = finding.sarifEndColumn ?? finding.endColumn { region.append("\"endColumn\": \(endColumn)") }
        let carried = finding.carrier.map { " in \($0.rawValue)" } ?? ""
        let message = "\(finding.rule.shortDescription) (\(finding.preview)…)\(carried); rotate it and remove it from the log"
        let ruleIndex = ScanRule.allCases.firstIndex(of: finding.rule) ?? 0
        let lineHash = finding.fingerprint.dropFirst(Fingerprint.prefix.count).prefix(16) + ":\(occurrence)"
        return "      {\"ruleId\": \(JSONText.quoted(finding.rule.id)), \"ruleIndex\": \(ruleIndex), "
            + "\"level\": \"\(finding.confidence.sarifLevel)\", \"message\": {\"text\": \(JSONText.quoted(message))}, "
            + "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSONText.quoted(uriReference(finding.file)))}, "
            + "\"region\": {\(region.joined(separator: ", "))}}}], "
            + "\"partialFingerprints\": {\"acceptanceGate/v1\": \(JSONText.quoted(finding.fingerprint)), "
            + "\"primaryLocationLineHash\": \(JSONText.quoted(String(lineHash)))}"
            + (finding.carrier.map { ", \"properties\": {\"carrier\": \(JSONText.quoted($0.rawValue))}" } ?? "") + "}"
    }

    /// `path` as an RFC 3986 relative reference: every byte but unreserved ones and `/` percent-encoded
    /// (so `<stdin>` is `%3Cstdin%3E`, a space `%20`, `é` `%C3%A9`, and a `:` cannot read as a scheme).
    package static func uriReference(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in path.utf8 {
            if ByteClass.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
            {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
