//===----------------------------------------------------------------------===//
// ScanOutput.swift: findings as text, JSON lines and SARIF 2.1.0 (the scan contract).
//===----------------------------------------------------------------------===//

import GateCore

/// Renders findings in the scan contract's formats (design.md). Renderers only format: they see
/// ``ScanFinding``s, which hold no secret, so no output can contain one.
package enum ScanOutput {
    /// The tool name in SARIF.
    package static let toolName = "acceptance-gate"

    /// One `file:line:column: rule: preview…` line per finding, sorted, each ending in a newline.
    package static func text(_ findings: [ScanFinding]) -> String {
        findings.sorted().map { $0.description + "\n" }.joined()
    }

    /// One JSON object per finding and line, sorted by file, line and column, keys in the order
    /// `file`, `line`, `column`, `end_line`, `end_column`, `rule`, `fingerprint`, `preview`, `confidence`,
    /// and `carrier` (optional) for a secret printed in disguise (``ScanCarrier``).
    package static func jsonl(_ findings: [ScanFinding]) -> String {
        findings.sorted().map { jsonObject($0) + "\n" }.joined()
    }

    /// One finding as a one-line JSON object.
    package static func jsonObject(_ finding: ScanFinding) -> String {
        var fields = ["\"file\":" + JSONText.quoted(finding.file), "\"line\":\(finding.line)"]
        if let column = finding.column { fields.append("\"column\":\(column)") }
        if let endLine = finding.endLine { fields.append("\"end_line\":\(endLine)") }
        if let endColumn = finding.endColumn { fields.append("\"end_column\":\(endColumn)") }
        fields.append("\"rule\":" + JSONText.quoted(finding.rule.id))
        fields.append("\"fingerprint\":" + JSONText.quoted(finding.fingerprint))
        fields.append("\"preview\":" + JSONText.quoted(finding.preview))
        fields.append("\"confidence\":" + JSONText.quoted(finding.confidence.rawValue))
        if let carrier = finding.carrier { fields.append("\"carrier\":" + JSONText.quoted(carrier.rawValue)) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// `file:line:column: rule: suppressed (reason): preview…` for `--explain`.
    package static func explain(_ suppressed: [SuppressedCandidate]) -> String {
        suppressed.map { $0.description + "\n" }.joined()
    }
}
