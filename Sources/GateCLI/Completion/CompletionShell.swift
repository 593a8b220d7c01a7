//===----------------------------------------------------------------------===//
// CompletionShell.swift: the shells `acceptance-gate completion` writes a script for.
//===----------------------------------------------------------------------===//

/// A shell with a completion script, generated from the command tree so it cannot drift from it.
package enum CompletionShell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish

    /// Where the script goes so the shell loads it, for the command's help.
    package var installHint: String {
        switch self {
        case .bash: "source it from ~/.bashrc, or save it as /etc/bash_completion.d/acceptance-gate"
        case .zsh: "save it as _acceptance-gate in a folder on $fpath (before compinit runs)"
        case .fish: "save it as ~/.config/fish/completions/acceptance-gate.fish"
        }
    }
}
