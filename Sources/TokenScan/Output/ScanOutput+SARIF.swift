//===----------------------------------------------------------------------===//
// ScanOutput+SARIF.swift: findings as one SARIF 2.1.0 log.
//===----------------------------------------------------------------------===//

import GateText

extension ScanOutput {
    /// The SARIF 2.1.0 schema.
    package static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// A SARIF 2.1.0 log with one run: the driver `acceptance-gate` lists every rule (id and
    /// `shortDescription`); each result has `ruleId`, `level`, `message`, one physical location
    /// (`artifactLocation.uri` and a region with start and end line and column) and
    /// `partialFingerprints`. Ends with a newline.
    package static func sarif(_ findings: [ScanFinding]) -> String {
        let rules = ScanRule.allCases.map { rule in
            "          {\"id\": \(JSONText.quoted(rule.id)), \"shortDescription\": {\"text\": "
                + "\(JSONText.quoted(rule.shortDescription))}}"
        }
        let results = findings.sorted().map(sarifResult)
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
                "results": [\(results.isEmpty ? "" : "\n" + results.joined(separator: ",\n") + "\n    ")]
              }]
            }

            """
    }

    /// One SARIF result.
    private static func sarifResult(_ finding: ScanFinding) -> String {
        var region = ["\"startLine\": \(finding.line)"]
        if let column = finding.column { region.append("\"startColumn\": \(column)") }
        if let endLine = finding.endLine { region.append("\"endLine\": \(endLine)") }
        if let endColumn = finding.endColumn { region.append("\"endColumn\": \(endColumn)") }
        let message = "\(finding.rule.shortDescription) (\(finding.preview)…); rotate it and remove it from the log"
        return "      {\"ruleId\": \(JSONText.quoted(finding.rule.id)), \"level\": \"\(finding.confidence.sarifLevel)\", "
            + "\"message\": {\"text\": \(JSONText.quoted(message))}, "
            + "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(JSONText.quoted(finding.file))}, "
            + "\"region\": {\(region.joined(separator: ", "))}}}], "
            + "\"partialFingerprints\": {\"acceptanceGate/v1\": \(JSONText.quoted(finding.fingerprint))}}"
    }
}
