// Replaced by the real command (work in progress).

/// `config`: not built yet.
package enum ConfigCommand: GateCommand {
    /// The declaration.
    package static var spec: CommandSpec { CommandSpec(name: "config", abstract: "Not built yet.", discussion: "Not built yet.") }

    /// Always fails with exit 3.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        throw .unavailable("'config' is not built yet")
    }
}
