//===----------------------------------------------------------------------===//
// ParsedArguments.swift: stage 3's result, validated values for a command.
//===----------------------------------------------------------------------===//

/// The validated options and positional arguments of one command, read by its spec.
package struct ParsedArguments: Equatable, Sendable {
    /// The command they belong to.
    package var command: CommandPath
    /// Every option's values by name, in the order given; defaults filled in for absent options.
    package var options: [String: [OptionValue]]
    /// Every positional argument's values by name.
    package var positionals: [String: [String]]

    /// Creates a set of validated arguments.
    package init(command: CommandPath, options: [String: [OptionValue]] = [:], positionals: [String: [String]] = [:]) {
        self.command = command
        self.options = options
        self.positionals = positionals
    }

    /// Whether the flag was given.
    package func flag(_ option: OptionSpec) -> Bool {
        options[option.name]?.contains(.flag) ?? false
    }

    /// The option's last integer value (or its default), or `nil` when it has none.
    package func integer(_ option: OptionSpec) -> Int? {
        for value in (options[option.name] ?? []).reversed() {
            if case let .integer(number) = value { return number }
        }
        return nil
    }

    /// The option's last text value (or its default), or `nil` when it has none.
    package func text(_ option: OptionSpec) -> String? {
        texts(option).last
    }

    /// Every text value of a repeatable option, in the order given.
    package func texts(_ option: OptionSpec) -> [String] {
        (options[option.name] ?? []).compactMap { value in
            if case let .text(text) = value { return text }
            return nil
        }
    }

    /// The values given for a positional argument, in order.
    package func values(of positional: PositionalSpec) -> [String] {
        positionals[positional.name] ?? []
    }
}
