// Replaced by the real command (work in progress).

/// `render`: not built yet.
package enum ReportRenderCommand: GateCommand {
    /// The declaration.
    package static var spec: CommandSpec { CommandSpec(name: "render", abstract: "Not built yet.", discussion: "Not built yet.") }

    /// Always fails with exit 3.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        throw .unavailable("'render' is not built yet")
    }
}
