// Replaced by the real command (work in progress).

/// `run`: not built yet.
package enum RunCommand: GateCommand {
    /// The declaration.
    package static var spec: CommandSpec { CommandSpec(name: "run", abstract: "Not built yet.", discussion: "Not built yet.") }

    /// Always fails with exit 3.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        throw .unavailable("'run' is not built yet")
    }
}
