//===----------------------------------------------------------------------===//
// Token.swift: one command-line argument, classified.
//===----------------------------------------------------------------------===//

/// One command-line argument, classified by its shape alone (no command knowledge yet).
package enum Token: Equatable, Sendable {
    /// `--name` (value `nil`) or `--name=value`; `name` without the dashes.
    case longOption(name: String, value: String?)
    /// `-h`: the letters after a single dash.
    case shortOption(String)
    /// Anything else: a command name, a positional argument, or an option's value. After `--`,
    /// every argument is this, whatever it looks like.
    case argument(String)
    /// `--`: the end of options.
    case terminator
}
