//===----------------------------------------------------------------------===//
// SuppressedCandidate.swift: a match that was not reported, and why.
//===----------------------------------------------------------------------===//

/// A match that was not reported, with the reason; `--explain` lists these. Like ``ScanFinding``
/// it keeps at most a 4-character preview, never the value.
package struct SuppressedCandidate: Hashable, Sendable, CustomStringConvertible {
    /// The file as displayed.
    package let file: String
    /// The 1-based line.
    package let line: Int
    /// The 1-based column (ANSI escapes removed).
    package let column: Int
    /// The rule that matched.
    package let rule: ScanRule
    /// Why it was not reported.
    package let reason: SuppressionReason
    /// At most 4 leading characters of the value.
    package let preview: String

    /// Creates one; a longer `preview` is cut to 4 characters.
    package init(file: String, line: Int, column: Int, rule: ScanRule, reason: SuppressionReason, preview: String) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.reason = reason
        self.preview = String(preview.prefix(ScanFinding.maximumPreviewLength))
    }

    /// `file:line:column: rule: suppressed (reason): preview…`.
    package var description: String {
        "\(file):\(line):\(column): \(rule.id): suppressed (\(reason.rawValue)): \(preview)…"
    }
}
