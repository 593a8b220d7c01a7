//===----------------------------------------------------------------------===//
// GateCLI.swift: the entry point, arguments in, exit code out.
//===----------------------------------------------------------------------===//

import GateCore

/// The command-line tool as a function: arguments, environment and streams in, exit code out.
///
/// `main.swift` calls ``run(arguments:environment:console:root:)`` with the real process state;
/// tests call it in-process with captured streams.
package enum GateCLI {
    /// Parses the arguments, runs the command and reports any error.
    ///
    /// The stages: ``Tokenizer`` → ``InvocationParser`` → ``ArgumentValidator`` → the command's
    /// `run`. Standard output is flushed before returning. An error becomes one line on
    /// standard error (after standard output is flushed) via ``CommandLineError/diagnostic``.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: the process environment.
    ///   - console: the standard streams.
    ///   - root: the command tree; the registry's unless a test supplies its own.
    /// - Returns: the exit code to end the process with.
    package static func run(
        arguments: [String], environment: [String: String], console: Console,
        root: CommandGroup = CommandRegistry.root
    ) -> GateExitStatus {
        do throws(CommandLineError) {
            let exitCode = try dispatch(arguments: arguments, environment: environment, console: console, root: root)
            try console.output.flush()
            return exitCode
        } catch {
            let diagnostic = error.diagnostic
            console.writeErrorLine(diagnostic.line)
            return diagnostic.exitCode
        }
    }

    // MARK: - Stages

    private static func dispatch(
        arguments: [String], environment: [String: String], console: Console,
        root: CommandGroup
    ) throws(CommandLineError) -> GateExitStatus {
        let tokens = Tokenizer.tokenize(arguments)
        let invocation = try InvocationParser(root: root).parse(tokens)
        let path = invocation.commandPath
        let node = try root.resolve(path)
        switch (invocation.request, node) {
        case (.version, _):
            console.output.writeLine("\(CommandPath.programName) \(GateVersion.current)")
            return .success
        case (.help, _):
            console.output.write(HelpRenderer.render(node, at: path))
            return .success
        case let (.run, .group(group)):
            throw .missingCommand(parent: path, available: group.childNames)
        case let (.run, .command(command)):
            let parsed = try ArgumentValidator.validate(invocation, against: command.spec)
            let context = CommandContext(console: console, environment: environment, commandPath: path, root: root)
            return try command.run(parsed, context: context)
        }
    }
}
