//===----------------------------------------------------------------------===//
// CompletionCommand.swift: `acceptance-gate completion bash|zsh|fish`.
//===----------------------------------------------------------------------===//

import GateCore

/// `completion SHELL`: prints the completion script for `bash`, `zsh` or `fish`, generated from
/// the command tree (``CompletionScript``), as swift-argument-parser and gh do.
package enum CompletionCommand: GateCommand {
    /// The shell.
    package static let shell = PositionalSpec(
        "shell", help: "The shell: " + CompletionShell.allCases.map(\.rawValue).joined(separator: ", ") + ".")

    /// `completion`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "completion", abstract: "Print a shell completion script (bash, zsh or fish).",
            discussion: "Completes commands, options, the words of a choice option and file names. For bash, "
                + CompletionShell.bash.installHint + "; for zsh, " + CompletionShell.zsh.installHint + "; for fish, "
                + CompletionShell.fish.installHint + ". Examples: 'acceptance-gate completion bash > "
                + "/etc/bash_completion.d/acceptance-gate'; 'source <(acceptance-gate completion bash)'.",
            positionals: [shell])
    }

    /// Prints the script.
    ///
    /// - Throws: ``CommandLineError/invalidValue(option:value:allowed:command:)`` for another shell.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let name = arguments.values(of: shell).first ?? ""
        guard let chosen = CompletionShell(rawValue: name) else {
            throw .invalidValue(
                option: "<shell>", value: name, allowed: "one of " + CompletionShell.allCases.map(\.rawValue).joined(separator: ", "),
                command: context.commandPath)
        }
        context.console.output.write(CompletionScript.text(for: chosen, root: context.root))
        return .success
    }
}
