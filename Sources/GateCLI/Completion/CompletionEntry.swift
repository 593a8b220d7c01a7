//===----------------------------------------------------------------------===//
// CompletionEntry.swift: one command path of the tree, as the completion scripts need it.
//===----------------------------------------------------------------------===//

/// One place in the command tree as a shell completes it: the words that lead there, the
/// subcommands below it (with their abstracts) and the options it takes.
struct CompletionEntry: Equatable {
    /// One option: its spelling, its help, and what its value completes to.
    struct Option: Equatable {
        /// `--config`.
        var spelling: String
        /// Its one-sentence help.
        var help: String
        /// What its value is: nothing (a flag), a file, a number, or one of some words.
        var value: Value

        /// What an option's value completes to.
        enum Value: Equatable {
            case none
            case file
            case number
            case words([String])
        }
    }

    /// The words from the program name to here: `[]` for the tool, `["frames", "decode"]`.
    var path: [String]
    /// The subcommands (a group's children) with their abstracts.
    var subcommands: [(name: String, abstract: String)]
    /// The options (a command's; `--help` always; `--version` on the tool).
    var options: [Option]

    static func == (left: CompletionEntry, right: CompletionEntry) -> Bool {
        left.path == right.path && left.subcommands.map(\.name) == right.subcommands.map(\.name) && left.options == right.options
    }

    /// Every place in `root`, the tool first, depth first in help's order.
    static func all(in root: CommandGroup) -> [CompletionEntry] {
        var entries: [CompletionEntry] = []
        func visit(_ node: CommandNode, path: [String]) {
            switch node {
            case let .group(group):
                let version = path.isEmpty ? [Option(spelling: "--version", help: "Print the version.", value: .none)] : []
                entries.append(
                    CompletionEntry(
                        path: path, subcommands: group.children.map { ($0.name, $0.abstract) },
                        options: [Option(spelling: "--help", help: "Show help.", value: .none)] + version))
                for child in group.children { visit(child, path: path + [child.name]) }
            case let .command(command):
                let options = command.spec.options.map { spec in
                    let value: Option.Value
                    switch spec.valueKind {
                    case .none: value = .none
                    case .text: value = .file
                    case .integer: value = .number
                    case let .choice(words): value = .words(words)
                    }
                    return Option(spelling: spec.spelling, help: spec.help, value: value)
                }
                entries.append(
                    CompletionEntry(
                        path: path, subcommands: [], options: options + [Option(spelling: "--help", help: "Show help.", value: .none)]))
            }
        }
        visit(.group(root), path: [])
        return entries
    }
}
