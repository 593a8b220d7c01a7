// Replaced by the real command (work in progress).

/// `scan`: not built yet.
package enum ScanCommand: GateCommand {
    /// The declaration.
    package static var spec: CommandSpec { CommandSpec(name: "scan", abstract: "Not built yet.", discussion: "Not built yet.") }

    /// Always fails with exit 3.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        throw .unavailable("'scan' is not built yet")
    }
}
