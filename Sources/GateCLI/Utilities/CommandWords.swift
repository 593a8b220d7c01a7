//===----------------------------------------------------------------------===//
// CommandWords.swift: splits a command line given as one string into its words.
//===----------------------------------------------------------------------===//

/// Splits a command line given as one option value (`--decoder 'python3 dec.py --strict'`) into
/// argv words the way a POSIX shell would for the simple cases: words separated by blanks, `'…'`
/// taken literally, `"…"` with `\\` escaping `"`, `\\` and `$`, and `\\` outside quotes escaping the next
/// character. No variables, globs or pipes: the words are passed to the program as they are.
package enum CommandWords {
    /// The words of `line`, or `nil` when a quote is not closed or the line ends in a lone `\\`.
    ///
    /// It reads Unicode scalars, not characters: a quote followed by a combining mark (`'\u{301}`)
    /// is one character but still a quote, as it is to a shell.
    package static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var inWord = false
        var quote: Unicode.Scalar?
        var escaped = false
        for scalar in line.unicodeScalars {
            if escaped {
                current.append(scalar)
                escaped = false
                continue
            }
            switch (quote, scalar) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                current.append(scalar)
            case ("\"", "\\"):
                escaped = true
            case ("\"", _):
                current.append(scalar)
            case (nil, "'"), (nil, "\""):
                quote = scalar
                inWord = true
            case (nil, "\\"):
                escaped = true
                inWord = true
            case (nil, " "), (nil, "\t"), (nil, "\n"):
                if inWord { words.append(String(current)) }
                current = String.UnicodeScalarView()
                inWord = false
            default:
                current.append(scalar)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(String(current)) }
        return words
    }
}
