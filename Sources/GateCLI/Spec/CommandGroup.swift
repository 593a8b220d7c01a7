//===----------------------------------------------------------------------===//
// CommandGroup.swift: a named set of subcommands, such as `frames`.
//===----------------------------------------------------------------------===//

import GateCore

/// A named set of subcommands (`frames`), or the tool itself (the root group).
package struct CommandGroup {
    /// The group's name: `frames`; the program name for the root.
    package var name: String
    /// One line for command listings.
    package var abstract: String
    /// One paragraph for the group's own help.
    package var discussion: String
    /// The subcommands, in the order help lists them.
    package var children: [CommandNode]

    /// The names of the subcommands, in order.
    package var childNames: [String] { children.map(\.name) }

    /// The subcommand called `name`, if there is one.
    package func child(named name: String) -> CommandNode? {
        children.first { $0.name == name }
    }

    /// The subcommand called `name`, or the usage error that suggests the closest one.
    ///
    /// - Parameter path: this group's path, which the error names.
    /// - Throws: ``CommandLineError/unknownCommand(_:parent:suggestion:)``.
    func child(named name: String, under path: CommandPath) throws(CommandLineError) -> CommandNode {
        guard let child = child(named: name) else {
            throw .unknownCommand(name, parent: path, suggestion: SpellingSuggestion.closest(to: name, among: childNames))
        }
        return child
    }

    /// The node reached by following `path` from this group, or `nil` when a name along it is
    /// unknown. The empty path is this group.
    package func node(at path: CommandPath) -> CommandNode? {
        var node = CommandNode.group(self)
        for name in path.components {
            guard case let .group(group) = node, let next = group.child(named: name) else { return nil }
            node = next
        }
        return node
    }

    /// Follows `path` from this group and throws the usage error for the first unknown name.
    ///
    /// - Throws: ``CommandLineError/unknownCommand(_:parent:suggestion:)`` (with the closest
    ///   sibling as suggestion), or ``CommandLineError/unexpectedArgument(_:command:)`` when the
    ///   path goes on past a runnable command.
    package func resolve(_ path: CommandPath) throws(CommandLineError) -> CommandNode {
        var node = CommandNode.group(self)
        var walked = CommandPath([])
        for name in path.components {
            guard case let .group(group) = node else {
                throw .unexpectedArgument(name, command: walked)
            }
            node = try group.child(named: name, under: walked)
            walked = walked.appending(name)
        }
        return node
    }

    /// Every runnable command below this group with its path, depth first in declaration order.
    package func allCommands(under prefix: CommandPath = []) -> [(path: CommandPath, spec: CommandSpec)] {
        children.flatMap { child -> [(path: CommandPath, spec: CommandSpec)] in
            switch child {
            case let .group(group):
                return group.allCommands(under: prefix.appending(group.name))
            case let .command(command):
                return [(prefix.appending(command.spec.name), command.spec)]
            }
        }
    }
}
