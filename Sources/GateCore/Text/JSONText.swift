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
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let special where special.value < 0x20 || special.value == 0x7F || special == "\u{2028}" || special == "\u{2029}":
                let hex = String(special.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
