//===----------------------------------------------------------------------===//
// ReportText.swift: cleaning and escaping text that came from tests and logs.
//===----------------------------------------------------------------------===//

import GateCore

/// Cleaning and escaping for text that came from child processes (test names, failure messages):
/// it may hold ANSI colours, control characters and markup.
package enum ReportText {
    /// `text` without terminal escape sequences (``ANSIEscapes``: CSI, single-byte CSI, OSC and the
    /// other string commands, `ESC ( B`, two-byte escapes), without control
    /// characters other than tab, line feed and carriage return, and without U+FFFE/U+FFFF; these
    /// are also exactly the characters XML 1.0 forbids.
    package static func clean(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in ANSIEscapes.strip(text).unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D:
                result.append(scalar)
            case 0x00...0x1F, 0x7F, 0x80...0x9F, 0xFFFE, 0xFFFF:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` with `& < > " '` as HTML/XML entities.
    package static func htmlEscaped(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }

    /// `text` cleaned and escaped for XML text and attribute values; line breaks and tabs in
    /// attributes become character references so parsers keep them.
    package static func xmlEscaped(_ text: String, attribute: Bool) -> String {
        let escaped = htmlEscaped(clean(text))
        guard attribute else { return escaped }
        return escaped.replacingScalars { scalar in
            switch scalar {
            case "\n": "&#10;"
            case "\r": "&#13;"
            case "\t": "&#9;"
            default: nil
            }
        }
    }

    /// An argv as one line, each word single-quoted when it holds anything but letters, digits
    /// and `-_./=:,@+%`, so it reads like a command to copy into a shell.
    package static func commandLine(_ arguments: [String]) -> String {
        arguments.map { word in
            let plain =
                !word.isEmpty
                && word.unicodeScalars.allSatisfy { scalar in
                    scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                        || "-_./=:,@+%".unicodeScalars.contains(scalar)
                }
            return plain ? word : "'" + word.replacingSingleQuotes() + "'"
        }
        .joined(separator: " ")
    }
}

extension String {
    /// The text with each `'` spelled `'\''` for a single-quoted shell word.
    fileprivate func replacingSingleQuotes() -> String {
        var result = ""
        for character in self {
            if character == "'" { result += "'\\''" } else { result.append(character) }
        }
        return result
    }
}
