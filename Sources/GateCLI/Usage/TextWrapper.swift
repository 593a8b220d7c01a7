//===----------------------------------------------------------------------===//
// TextWrapper.swift: word-wraps help text.
//===----------------------------------------------------------------------===//

/// Word-wraps help text to a width, with an indent for continuation lines.
package enum TextWrapper {
    /// The width help text wraps at.
    package static let width = 80

    /// Wraps `text` into lines of at most `width` characters (a longer word gets a line of its own).
    ///
    /// - Parameters:
    ///   - text: the text; runs of spaces count as one.
    ///   - width: the longest line, indent included.
    ///   - firstIndent: characters already used on the first line (it is not indented here).
    ///   - indent: spaces before every later line.
    package static func wrap(_ text: String, width: Int = width, firstIndent: Int = 0, indent: Int = 0) -> String {
        var result = ""
        var used = firstIndent
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord {
                if used + 1 + word.count > width {
                    result += "\n" + String(repeating: " ", count: indent)
                    used = indent
                } else {
                    result += " "
                    used += 1
                }
            }
            result += word
            used += word.count
            lineHasWord = true
        }
        return result
    }
}
