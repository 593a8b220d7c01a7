//===----------------------------------------------------------------------===//
// HelpCommand.swift: `acceptance-gate help [<command> ...]`.
//===----------------------------------------------------------------------===//

import GateCore

/// `acceptance-gate help frames decode`: the same text as `acceptance-gate frames decode --help`.
package enum HelpCommand: GateCommand {
    /// The command path to describe.
    package static let command = PositionalSpec(
        "command", isRequired: false, isRepeatable: true,
        help: "The command to describe, e.g. 'frames decode'; the whole tool when omitted.")

    /// `help`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "help", abstract: "Show help for a command.",
            discussion: "Prints the usage, description and options of a command or command group, "
                + "exactly as its --help option does.",
            positionals: [command])
    }

    /// Prints the help of the named command.
    ///
    /// - Throws: ``CommandLineError/unknownCommand(_:parent:suggestion:)`` for a name that is
    ///   not a command.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let path = CommandPath(arguments.values(of: command))
        let node = try context.root.resolve(path)
        context.console.output.write(HelpRenderer.render(node, at: path))
        return .success
    }
}
