//===----------------------------------------------------------------------===//
// ConsoleText.swift: a console line cleaned for matching (escapes removed, trimmed).
//===----------------------------------------------------------------------===//

/// Cleans console lines before they are matched: ANSI escape sequences removed, a trailing
/// carriage return and surrounding spaces and tabs trimmed.
enum ConsoleText {
    /// The escape character that starts every ANSI sequence.
    static let escape: Unicode.Scalar = "\u{1B}"

    /// `line` without ANSI escape sequences and without leading or trailing blanks.
    static func clean(_ line: Substring) -> Substring {
        let stripped = line.unicodeScalars.contains(escape) ? Substring(stripEscapes(line)) : line
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

    /// Removes CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC ] … ESC \`) and two-character
    /// escape sequences. An unterminated sequence is dropped to the end of the line.
    static func stripEscapes(_ line: Substring) -> String {
        var output = String.UnicodeScalarView()
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == escape else {
                output.append(scalar)
                continue
            }
            guard let kind = scalars.next() else { break }
            switch kind {
            case "[":
                // Parameters and intermediates until a final byte in 0x40...0x7E.
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "]":
                var previous: Unicode.Scalar = " "
                while let next = scalars.next() {
                    if next == "\u{07}" || (previous == escape && next == "\\") { break }
                    previous = next
                }
            default:
                break
            }
        }
        return String(output)
    }
}
