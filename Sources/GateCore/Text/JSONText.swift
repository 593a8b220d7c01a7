//===----------------------------------------------------------------------===//
// JSONText.swift: JSON string literals for output written by hand in a fixed key order.
//===----------------------------------------------------------------------===//

/// JSON string literals, for the JSON the gate writes by hand (the fixture's ledger, the
/// `redirect decide` answers) so that its keys keep a fixed order.
package enum JSONText {
    /// `text` as a JSON string literal: quotes and backslashes escaped, control characters as
    /// `\uXXXX` (`\n`, `\r`, `\t` in their short forms), and U+2028/U+2029 escaped too, so the line
    /// is also a valid JavaScript literal and no log viewer breaks it.
    package static func quoted(_ text: String) -> String {
        let escaped = text.replacingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case let special where special.value < 0x20 || special.value == 0x7F || special == "\u{2028}" || special == "\u{2029}":
                unicodeEscape(special)
            default: nil
            }
        }
        return "\"" + escaped + "\""
    }

    /// `\uXXXX` for `scalar` (below U+10000, as every scalar ``quoted(_:)`` escapes is).
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
