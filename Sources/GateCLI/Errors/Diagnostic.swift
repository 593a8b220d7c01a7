//===----------------------------------------------------------------------===//
// Diagnostic.swift: an error as the user sees it.
//===----------------------------------------------------------------------===//

/// An error as the user sees it: one line on standard error and the exit code.
package struct Diagnostic: Equatable, Sendable {
    /// The message sentence, without the program-name prefix.
    package var text: String

    /// The exit code the tool ends with.
    package var exitCode: ExitCode

    /// Creates a diagnostic.
    package init(text: String, exitCode: ExitCode) {
        self.text = text
        self.exitCode = exitCode
    }

    /// The line written to standard error: `acceptance-gate: <text>` (without the newline).
    package var line: String {
        "\(CommandPath.programName): \(Self.printable(text))"
    }

    /// The most characters a diagnostic line shows of its text.
    static let maximumLength = 4_096

    /// `text` made safe for one line on a terminal or in a CI log: control characters (including
    /// newlines and escape sequences from a child's output or an option value), the Unicode line
    /// and paragraph separators and the bidirectional overrides and isolates (which reorder what a
    /// reader sees) as `\u{XX}`, and at most ``maximumLength`` characters.
    static func printable(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < maximumLength else {
                result += "…"
                break
            }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x200E || scalar.value == 0x200F
            {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }

}
