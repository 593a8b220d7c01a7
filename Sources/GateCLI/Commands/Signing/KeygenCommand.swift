// Replaced by the real command (work in progress).

/// `keygen`: not built yet.
package enum KeygenCommand: GateCommand {
    /// The declaration.
    package static var spec: CommandSpec { CommandSpec(name: "keygen", abstract: "Not built yet.", discussion: "Not built yet.") }

    /// Always fails with exit 3.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        throw .unavailable("'keygen' is not built yet")
    }
}
