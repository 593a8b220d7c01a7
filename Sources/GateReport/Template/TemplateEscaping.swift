//===----------------------------------------------------------------------===//
// TemplateEscaping.swift: how `{{value}}` is escaped in each kind of template.
//===----------------------------------------------------------------------===//

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
            var result = ""
            result.reserveCapacity(cleaned.utf8.count)
            for scalar in cleaned.unicodeScalars {
                switch scalar {
                case "\\", "`", "*", "_", "[", "]", "|", "~", "#":
                    result += "\\"
                    result.unicodeScalars.append(scalar)
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\n", "\r", "\t": result += " "
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
    }
}
