//===----------------------------------------------------------------------===//
// TemplateEscaping.swift: how `{{value}}` is escaped in each kind of template.
//===----------------------------------------------------------------------===//

import GateCore

/// How a template escapes `{{value}}` (`{{{value}}}` is never escaped). Every mode first removes
/// ANSI escape sequences and control characters (``ReportText/clean(_:)``).
package enum TemplateEscaping: String, Equatable, Sendable {
    /// HTML text and attribute values: `& < > " '` become entities.
    case html
    /// Markdown, safe inside a table cell and in running text: backslash, backtick, `*`, `_`,
    /// `[`, `]`, `|`, `~` and `#` get a backslash, `& < >` become entities, line breaks become spaces.
    case markdown
    /// Only the cleaning.
    case none

    /// `text` escaped for this mode.
    package func escape(_ text: String) -> String {
        let cleaned = ReportText.clean(text)
        switch self {
        case .none:
            return cleaned
        case .html:
            return ReportText.htmlEscaped(cleaned)
        case .markdown:
            return cleaned.replacingScalars { scalar in
                switch scalar {
                case "\\", "`", "*", "_", "[", "]", "|", "~", "#": "\\" + String(scalar)
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\n", "\r", "\t": " "
                default: nil
                }
            }
        }
    }
}
