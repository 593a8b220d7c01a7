//===----------------------------------------------------------------------===//
// InvocationParser.swift: stage 2, tokens to an Invocation.
//===----------------------------------------------------------------------===//

import GateCore

/// Stage 2 of parsing: walks the tokens down the command tree and gathers options and
/// positional arguments for the command reached.
///
/// It needs the command specs only to know names and which options take a value (so that
/// `--limit 5` takes `5`); values are checked in stage 3, ``ArgumentValidator``.
package struct InvocationParser {
    /// The command tree.
    package let root: CommandGroup

    /// Creates a parser for a command tree.
    package init(root: CommandGroup) {
        self.root = root
    }

    /// Parses tokens into an invocation.
    ///
    /// - While the current node is a group, each argument must name one of its subcommands.
    /// - `--help`/`-h` anywhere stops parsing and asks for the current node's help; `--version`
    ///   does the same on the tool itself.
    /// - Groups take no other options; an option belongs to the command reached before it.
    ///
    /// - Throws: ``CommandLineError/unknownCommand(_:parent:suggestion:)``,
    ///   ``CommandLineError/unknownOption(_:command:suggestion:)``,
    ///   ``CommandLineError/missingValue(option:valueName:command:)`` or
    ///   ``CommandLineError/unexpectedValue(option:value:command:)``.
    package func parse(_ tokens: [Token]) throws(CommandLineError) -> Invocation {
        var path = CommandPath([])
        var node = CommandNode.group(root)
        var options: [OptionOccurrence] = []
        var positionals: [String] = []
        var index = 0
        while let token = tokens[safe: index] {
            index += 1
            switch token {
            case .terminator:
                continue
            case let .argument(text):
                guard case let .group(group) = node else {
                    positionals.append(text)
                    continue
                }
                node = try group.child(named: text, under: path)
                path = path.appending(text)
            case let .shortOption(letters):
                guard letters == "h" else {
                    throw .unknownOption("-" + letters, command: path, suggestion: nil)
                }
                return Invocation(commandPath: path, request: .help)
            case let .longOption(name, value):
                if let request = builtInRequest(name, at: path) {
                    if let value {
                        throw .unexpectedValue(option: "--" + name, value: value, command: path)
                    }
                    return Invocation(commandPath: path, request: request)
                }
                guard case let .command(command) = node, let spec = command.spec.option(named: name) else {
                    throw .unknownOption(
                        "--" + name, command: path,
                        suggestion: suggestion(for: name, node: node, at: path))
                }
                if spec.takesValue {
                    if let value {
                        options.append(OptionOccurrence(name: name, value: value))
                    } else if case let .argument(next)? = tokens[safe: index] {
                        options.append(OptionOccurrence(name: name, value: next))
                        index += 1
                    } else {
                        throw .missingValue(option: spec.spelling, valueName: spec.valueName, command: path)
                    }
                } else {
                    if let value {
                        throw .unexpectedValue(option: spec.spelling, value: value, command: path)
                    }
                    options.append(OptionOccurrence(name: name))
                }
            }
        }
        return Invocation(commandPath: path, options: options, positionals: positionals)
    }

    // MARK: - Built-in options

    /// `--help` everywhere, `--version` on the tool itself.
    private func builtInRequest(_ name: String, at path: CommandPath) -> Invocation.Request? {
        switch name {
        case "help": .help
        case "version" where path.isRoot: .version
        default: nil
        }
    }

    /// The closest option name the node accepts, with dashes.
    private func suggestion(for name: String, node: CommandNode, at path: CommandPath) -> String? {
        var names: [String] = []
        if case let .command(command) = node {
            names = command.spec.options.map(\.name)
        }
        names.append("help")
        if path.isRoot { names.append("version") }
        return SpellingSuggestion.closest(to: name, among: names).map { "--" + $0 }
    }
}
