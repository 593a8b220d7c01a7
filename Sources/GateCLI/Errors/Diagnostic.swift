//===----------------------------------------------------------------------===//
// Diagnostic.swift: an error as the user sees it.
//===----------------------------------------------------------------------===//

import GateCore

/// An error as the user sees it: one line on standard error and the exit code.
package struct Diagnostic: Equatable, Sendable {
    /// The message sentence, without the program-name prefix.
    package var text: String

    /// The exit code the tool ends with.
    package var exitCode: GateExitStatus

    /// The line written to standard error: `acceptance-gate: <text>` (without the newline).
    package var line: String {
        Self.line(text)
    }

    /// `text` as the tool's own line on standard error: `acceptance-gate: <text>`, made printable.
    static func line(_ text: String) -> String {
        "\(CommandPath.programName): \(printable(text))"
    }

    /// The most characters a diagnostic line shows of its text.
    static let maximumLength = 4_096

    /// `text` made safe for one line on a terminal or in a CI log (``PrintableLine``), at most
    /// ``maximumLength`` characters.
    static func printable(_ text: String) -> String {
        PrintableLine.inert(text, limit: maximumLength)
    }

}
