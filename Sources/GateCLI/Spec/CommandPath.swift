//===----------------------------------------------------------------------===//
// CommandPath.swift: the names that lead from the tool to one command.
//===----------------------------------------------------------------------===//

/// The names that lead from the tool to a command or command group, e.g. `["frames", "decode"]`.
/// The tool itself is the empty path.
package struct CommandPath: Equatable, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The program name, as messages and help print it.
    package static let programName = "acceptance-gate"

    /// The command names, outermost first; empty for the tool itself.
    package var components: [String]

    /// Creates a path from its command names, outermost first.
    package init(_ components: [String]) {
        self.components = components
    }

    /// Creates a path from an array literal of command names.
    package init(arrayLiteral elements: String...) {
        self.components = elements
    }

    /// Whether this is the tool itself rather than one of its commands.
    package var isRoot: Bool { components.isEmpty }

    /// The path one level down.
    package func appending(_ name: String) -> CommandPath {
        CommandPath(components + [name])
    }

    /// The command names joined by spaces, e.g. `frames decode`; the program name for the root.
    package var description: String {
        isRoot ? Self.programName : components.joined(separator: " ")
    }

    /// The full invocation, program name included, e.g. `acceptance-gate frames decode`.
    package var invocation: String {
        ([Self.programName] + components).joined(separator: " ")
    }

    /// The hint that ends every usage error: `(see 'acceptance-gate frames decode --help')`.
    package var helpHint: String {
        "(see '\(invocation) --help')"
    }
}
