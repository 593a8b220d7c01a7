//===----------------------------------------------------------------------===//
// CommandSpec.swift: the declaration of one runnable command.
//===----------------------------------------------------------------------===//

/// The declaration of one runnable command: its name, help text, options and positionals.
/// Validation and help are both driven by it, so they cannot disagree.
package struct CommandSpec: Equatable, Sendable {
    /// The command's own name: `decode` in `frames decode`.
    package var name: String
    /// One line for command listings.
    package var abstract: String
    /// One paragraph for the command's own help.
    package var discussion: String
    /// Its options, in the order help lists them (`--help` is implicit).
    package var options: [OptionSpec]
    /// Its positional arguments, in order.
    package var positionals: [PositionalSpec]

    /// Declares a command.
    package init(
        name: String, abstract: String, discussion: String,
        options: [OptionSpec] = [], positionals: [PositionalSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
    }

    /// The option spelled `name` (without dashes), if the command has one.
    package func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}
