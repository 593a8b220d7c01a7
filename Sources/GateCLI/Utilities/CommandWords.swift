//===----------------------------------------------------------------------===//
// CommandWords.swift: splits a command line given as one string into its words.
//===----------------------------------------------------------------------===//

/// Splits a command line given as one option value (`--decoder 'python3 dec.py --strict'`) into
/// argv words the way a POSIX shell would for the simple cases: words separated by blanks, `'…'`
/// taken literally, `"…"` with `\\` escaping `"`, `\\` and `$`, and `\\` outside quotes escaping the next
/// character. No variables, globs or pipes: the words are passed to the program as they are.
package enum CommandWords {
    /// The words of `line`, or `nil` when a quote is not closed or the line ends in a lone `\\`.
    package static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                current.append(character)
            case ("\"", "\\"):
                escaped = true
            case ("\"", _):
                current.append(character)
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (nil, "\\"):
                escaped = true
                inWord = true
            case (nil, " "), (nil, "\t"), (nil, "\n"):
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(current) }
        return words
    }
}
