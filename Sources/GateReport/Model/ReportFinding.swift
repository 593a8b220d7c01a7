//===----------------------------------------------------------------------===//
// ReportFinding.swift: one token-like string found, in the scan contract's shape.
//===----------------------------------------------------------------------===//

/// One finding, with the `scan --format jsonl` contract's keys (design.md): `file`, `line`, `rule`,
/// `fingerprint`, and optional `column`, `end_line`, `end_column`, `preview`, `confidence`, `carrier`.
///
/// It never holds the secret: `preview` is at most a 4-character prefix.
package struct ReportFinding: Codable, Equatable, Sendable {
    /// The file, relative to the scan root, with `/` separators.
    package var file: String
    /// The 1-based line.
    package var line: Int
    /// The 1-based column.
    package var column: Int?
    /// The 1-based line where the match ends.
    package var endLine: Int?
    /// The 1-based column where the match ends.
    package var endColumn: Int?
    /// The stable kebab-case rule ID.
    package var rule: String
    /// `hmac-sha256:` and 32 hex digits; never a plain hash.
    package var fingerprint: String
    /// At most 4 leading characters of the secret.
    package var preview: String?
    /// The rule's confidence, e.g. `high`.
    package var confidence: String?
    /// The encoding the secret was printed in (`base64`, `hex`, `json-escape`, `url`, `wrapped`),
    /// absent for a secret printed as itself.
    package var carrier: String?

    /// Creates a finding; `preview` is cut to 4 characters whatever is passed.
    package init(
        file: String, line: Int, column: Int? = nil, endLine: Int? = nil, endColumn: Int? = nil, rule: String,
        fingerprint: String, preview: String? = nil, confidence: String? = nil, carrier: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.rule = rule
        self.fingerprint = fingerprint
        self.preview = preview.map { String($0.prefix(4)) }
        self.confidence = confidence
        self.carrier = carrier
    }

    /// The scan contract's key names.
    private enum CodingKeys: String, CodingKey {
        case file, line, column, rule, fingerprint, preview, confidence, carrier
        case endLine = "end_line"
        case endColumn = "end_column"
    }
}
