//===----------------------------------------------------------------------===//
// ScanFinding+Codable.swift: the scan contract's keys (design.md) for Codable.
//===----------------------------------------------------------------------===//

extension ScanFinding: Codable {
    /// The contract's keys: `file`, `line`, `column`, `end_line`, `end_column`, `rule`,
    /// `fingerprint`, `preview`, `confidence`, and `carrier` for a secret printed in a carrier.
    private enum CodingKeys: String, CodingKey {
        case file, line, column
        case endLine = "end_line"
        case endColumn = "end_column"
        case rule, fingerprint, preview, confidence, carrier
    }

    /// Decodes a finding; the preview is cut to 4 characters whatever the input says.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file),
            line: try container.decode(Int.self, forKey: .line),
            column: try container.decodeIfPresent(Int.self, forKey: .column),
            endLine: try container.decodeIfPresent(Int.self, forKey: .endLine),
            endColumn: try container.decodeIfPresent(Int.self, forKey: .endColumn),
            rule: try container.decode(ScanRule.self, forKey: .rule),
            fingerprint: try container.decode(String.self, forKey: .fingerprint),
            preview: try container.decodeIfPresent(String.self, forKey: .preview) ?? "",
            confidence: try container.decodeIfPresent(ScanConfidence.self, forKey: .confidence),
            carrier: try container.decodeIfPresent(ScanCarrier.self, forKey: .carrier))
    }

    /// Encodes the contract's fields; nothing else exists to encode.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encodeIfPresent(column, forKey: .column)
        try container.encodeIfPresent(endLine, forKey: .endLine)
        try container.encodeIfPresent(endColumn, forKey: .endColumn)
        try container.encode(rule, forKey: .rule)
        try container.encode(fingerprint, forKey: .fingerprint)
        try container.encode(preview, forKey: .preview)
        try container.encode(confidence, forKey: .confidence)
        try container.encodeIfPresent(carrier, forKey: .carrier)
    }
}
