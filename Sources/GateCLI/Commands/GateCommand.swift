//===----------------------------------------------------------------------===//
// GateCommand.swift: what every runnable command provides.
//===----------------------------------------------------------------------===//

import GateCore

/// A runnable command: a declaration (name, help, options) and a `run` function.
///
/// To add a command, write one type conforming to this in `Commands/` and add one
/// `.command(MyCommand.self)` line to ``CommandRegistry``. Parsing, validation, `--help`,
/// suggestions and error messages all follow from ``spec``.
///
/// `run` has one shape: read the arguments into one typed value (the library's own plan where it
/// has one, e.g. `MergePlan(arguments, environment:)`), call the library, then print the outcome
/// and map it to the exit code. An option that means the same in several commands is declared
/// once (``KeyOptions``, ``PinnedPolicy``).
package protocol GateCommand {
    /// The command's name, help text, options and positional arguments.
    static var spec: CommandSpec { get }

    /// Runs the command.
    ///
    /// Write results to `context.console.output`; it is flushed after `run` returns. Report
    /// problems by throwing: the caller prints the message and picks the exit code.
    ///
    /// - Parameters:
    ///   - arguments: the validated options and positionals, read with the command's own specs.
    ///   - context: the console, environment and command tree.
    /// - Returns: the exit code when the command ran to an answer (success or failure).
    /// - Throws: ``CommandLineError`` for usage errors, malformed input, or failed I/O.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus
}
