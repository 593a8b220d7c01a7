//===----------------------------------------------------------------------===//
// CommandNode.swift: one entry in the command tree.
//===----------------------------------------------------------------------===//

/// One entry in the command tree: a group of subcommands, or a runnable command.
package indirect enum CommandNode {
    /// A group such as `frames`, which only holds subcommands.
    case group(CommandGroup)
    /// A runnable command, given by its type.
    case command(any GateCommand.Type)

    /// The node's own name.
    package var name: String {
        switch self {
        case let .group(group): group.name
        case let .command(command): command.spec.name
        }
    }

    /// The one line that command listings show.
    package var abstract: String {
        switch self {
        case let .group(group): group.abstract
        case let .command(command): command.spec.abstract
        }
    }
}
