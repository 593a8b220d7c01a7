//===----------------------------------------------------------------------===//
// Invocation.swift: stage 2's result, what was asked for.
//===----------------------------------------------------------------------===//

/// What the command line asks for: which command, with which options and positional arguments,
/// before values are validated.
package struct Invocation: Equatable, Sendable {
    /// What to do with the command.
    package enum Request: Equatable, Sendable {
        /// Run it (or, for a group, complain that a subcommand is missing).
        case run
        /// Print its help (`--help` or `-h`).
        case help
        /// Print the version (`--version`, on the tool itself).
        case version
    }

    /// The command or group named, e.g. `["frames", "decode"]`.
    package var commandPath: CommandPath
    /// The options in the order given.
    package var options: [OptionOccurrence]
    /// The positional arguments in the order given.
    package var positionals: [String]
    /// What to do.
    package var request: Request

    /// Creates an invocation.
    package init(
        commandPath: CommandPath, options: [OptionOccurrence] = [], positionals: [String] = [],
        request: Request = .run
    ) {
        self.commandPath = commandPath
        self.options = options
        self.positionals = positionals
        self.request = request
    }
}
