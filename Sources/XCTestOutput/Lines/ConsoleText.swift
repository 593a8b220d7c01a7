//===----------------------------------------------------------------------===//
// ConsoleText.swift: a console line cleaned for matching (escapes removed, trimmed).
//===----------------------------------------------------------------------===//

import GateCore

/// Cleans console lines before they are matched: ANSI escape sequences removed, a trailing
/// carriage return and surrounding spaces and tabs trimmed.
enum ConsoleText {
    /// The escape character that starts every ANSI sequence.
    static let escape: Unicode.Scalar = "\u{1B}"

    /// The zero-width space Swift Testing puts before its symbols when it runs under xcodebuild.
    static let zeroWidthSpace: Unicode.Scalar = "\u{200B}"

    /// `line` without ANSI escape sequences, without leading or trailing blanks, and without
    /// the zero-width spaces xcodebuild's Swift Testing lines start with.
    static func clean(_ line: Substring) -> Substring {
        let stripped = line.unicodeScalars.contains(where: { $0 == escape || $0.value == 0x9B }) ? Substring(stripEscapes(line)) : line
        var cleaned = trimmed(stripped)
        while cleaned.unicodeScalars.first == zeroWidthSpace {
            cleaned = trimmed(Substring(cleaned.unicodeScalars.dropFirst()))
        }
        return cleaned
    }

    /// What follows a formatter's prefix: fastlane's `[15:47:28]: ▸ ` and xcpretty's `▸ `; `nil`
    /// when `line` (already cleaned) has none.
    static func withoutFormatterPrefix(_ line: Substring) -> Substring? {
        var rest = line
        if rest.first == "[", let close = rest.firstIndex(of: "]"), rest.distance(from: rest.startIndex, to: close) <= 12 {
            let clock = rest[rest.index(after: rest.startIndex)..<close]
            guard !clock.isEmpty, clock.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == ":" }) else { return nil }
            rest = rest[rest.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            rest = trimmed(rest.dropFirst())
        }
        guard rest.first == "▸" else { return nil }
        return trimmed(rest.dropFirst())
    }

    /// Whether the raw `line` (before cleaning) is indented, as the lines of xcodebuild's
    /// closing blocks (`Testing failed:`, `Failing tests:`) are.
    static func isIndented(_ line: Substring) -> Bool {
        line.first == "\t" || line.first == " "
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
