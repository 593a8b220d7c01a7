// Replaced by the real command (work in progress).

/// `init`: not built yet.
package enum InitCommand: GateCommand {
    /// The declaration.
    package static var spec: CommandSpec { CommandSpec(name: "init", abstract: "Not built yet.", discussion: "Not built yet.") }

    /// Always fails with exit 3.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        throw .unavailable("'init' is not built yet")
    }
}
