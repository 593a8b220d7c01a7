//===----------------------------------------------------------------------===//
// ScanFinding.swift: one reported secret, which cannot print the secret.
//===----------------------------------------------------------------------===//

/// One reported secret: where it is, which rule matched, its keyed fingerprint and at most a
/// 4-character preview. The secret's bytes are never stored: they are dropped right after the
/// fingerprint is computed, so no `description`, `debugDescription`, mirror or encoding of a
/// finding can show more than the preview.
///
/// Columns count bytes (1-based) of the line after ANSI escape sequences were removed;
/// `endColumn` is exclusive (one past the last byte), as in SARIF. SARIF's own columns
/// (``sarifColumn``, ``sarifEndColumn``) count UTF-16 code units of the line as it is in the file,
/// escape sequences included, which is what code-scanning tools highlight; they are derived from the
/// same place and not part of a finding's identity (equality and hashing ignore them). Nor is
/// ``byteRange``, the secret's bytes in the input as the scanner read it, which the archive
/// replaces and no output shows.
package struct ScanFinding: Hashable, Sendable, Comparable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The longest preview a finding keeps.
    package static let maximumPreviewLength = 4

    /// The file, relative to the scan root with `/` separators (or `<stdin>`).
    package let file: String
    /// The 1-based line where the secret starts.
    package let line: Int
    /// The 1-based column where the secret starts.
    package let column: Int?
    /// The line where the secret ends.
    package let endLine: Int?
    /// One past the secret's last column.
    package let endColumn: Int?
    /// The rule that matched.
    package let rule: ScanRule
    /// `hmac-sha256:` and 32 hex digits of HMAC-SHA-256(key, rule ‖ 0x00 ‖ secret).
    package let fingerprint: String
    /// At most 4 leading characters of the secret (fewer for short secrets).
    package let preview: String
    /// How sure the rule is.
    package let confidence: ScanConfidence
    /// The start column in UTF-16 code units of the line as read (SARIF `columnKind` `utf16CodeUnits`).
    package let sarifColumn: Int?
    /// One past the end, in the same units.
    package let sarifEndColumn: Int?
    /// The secret's bytes as offsets from the first byte of the input the scanner was fed (the file
    /// or stream as read: escape sequences, carriage returns and line breaks counted), so a copy of
    /// those bytes is redacted by replacing each range, with no line or column to convert back;
    /// a multi-line secret (a PEM block) is one range. `nil` for a finding that was not scanned
    /// here (decoded from a report), which has no bytes to point into.
    package let byteRange: Range<Int>?
    /// The encoding the secret was printed in (base64, hex, JSON escapes, percent-encoding, or cut
    /// across two lines), `nil` for a secret printed as itself; ``byteRange`` then holds the encoded
    /// bytes, and ``fingerprint`` and ``preview`` are of the decoded secret.
    package let carrier: ScanCarrier?
    /// For a ``ScanCarrier/wrapped`` secret, its bytes on the next line (``byteRange`` holds those on
    /// the first), so the archive redacts both parts and neither line's prefix.
    package let continuationRange: Range<Int>?

    /// Creates a finding; a longer `preview` is cut to ``maximumPreviewLength`` characters.
    package init(
        file: String, line: Int, column: Int?, endLine: Int?, endColumn: Int?, rule: ScanRule,
        fingerprint: String, preview: String, confidence: ScanConfidence? = nil, sarifColumn: Int? = nil,
        sarifEndColumn: Int? = nil, byteRange: Range<Int>? = nil, carrier: ScanCarrier? = nil,
        continuationRange: Range<Int>? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.rule = rule
        self.fingerprint = fingerprint
        self.preview = String(preview.prefix(Self.maximumPreviewLength))
        self.confidence = confidence ?? rule.confidence
        self.sarifColumn = sarifColumn
        self.sarifEndColumn = sarifEndColumn
        self.byteRange = byteRange
        self.carrier = carrier
        self.continuationRange = continuationRange
    }

    /// Equal when every field of the scan contract is (SARIF's columns and the byte range are
    /// derived, not compared).
    package static func == (left: ScanFinding, right: ScanFinding) -> Bool {
        left.file == right.file && left.line == right.line && left.column == right.column && left.endLine == right.endLine
            && left.endColumn == right.endColumn && left.rule == right.rule && left.fingerprint == right.fingerprint
            && left.preview == right.preview && left.confidence == right.confidence && left.carrier == right.carrier
    }

    /// Hashes the fields that ``==`` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(endLine)
        hasher.combine(endColumn)
        hasher.combine(rule)
        hasher.combine(fingerprint)
        hasher.combine(preview)
        hasher.combine(confidence)
        hasher.combine(carrier)
    }

    /// `file:line:column: rule: preview…`, the text format's line, and ` (in base64)` and the like for a
    /// secret printed in a carrier.
    package var description: String {
        "\(file):\(line):\(column ?? 1): \(rule.id): \(preview)…" + (carrier.map { " (in \($0.rawValue))" } ?? "")
    }

    /// Same as ``description``: there is nothing more to show.
    package var debugDescription: String { description }

    /// Orders by file, line, column, then rule id.
    package static func < (left: ScanFinding, right: ScanFinding) -> Bool {
        if left.file != right.file { return left.file < right.file }
        if left.line != right.line { return left.line < right.line }
        if (left.column ?? 0) != (right.column ?? 0) { return (left.column ?? 0) < (right.column ?? 0) }
        return left.rule < right.rule
    }
}
