// Replaced by the real command (work in progress).

/// `verify`: not built yet.
package enum VerifyCommand: GateCommand {
    /// The declaration.
    package static var spec: CommandSpec { CommandSpec(name: "verify", abstract: "Not built yet.", discussion: "Not built yet.") }

    /// Always fails with exit 3.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        throw .unavailable("'verify' is not built yet")
    }
}
