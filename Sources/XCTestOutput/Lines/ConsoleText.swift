//===----------------------------------------------------------------------===//
// ConsoleText.swift: a console line cleaned for matching (escapes removed, trimmed).
//===----------------------------------------------------------------------===//

import GateText

/// Cleans console lines before they are matched: ANSI escape sequences removed, a trailing
/// carriage return and surrounding spaces and tabs trimmed.
enum ConsoleText {
    /// The escape character that starts every ANSI sequence.
    static let escape: Unicode.Scalar = "\u{1B}"

    /// `line` without ANSI escape sequences and without leading or trailing blanks.
    static func clean(_ line: Substring) -> Substring {
        let stripped = line.unicodeScalars.contains(where: { $0 == escape || $0.value == 0x9B }) ? Substring(stripEscapes(line)) : line
        return trimmed(stripped)
    }

    /// `text` without leading or trailing spaces, tabs, carriage returns and line feeds.
    static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }

    /// `line` without its terminal escape sequences (``ANSIEscapes``: the same definition the
    /// scanner and the report use).
    static func stripEscapes(_ line: Substring) -> String {
        ANSIEscapes.strip(String(line))
    }
}
