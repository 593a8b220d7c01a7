//===----------------------------------------------------------------------===//
// HelpRenderer.swift: the `--help` text of commands and groups.
//===----------------------------------------------------------------------===//

/// Renders `--help` for a command or group from its declaration.
package enum HelpRenderer {
    /// The column where option and command descriptions start.
    static let descriptionColumn = 24

    /// The help text for whatever `path` names, ending with a newline.
    package static func render(_ node: CommandNode, at path: CommandPath) -> String {
        switch node {
        case let .group(group): render(group: group, at: path)
        case let .command(command): render(command: command.spec, at: path)
        }
    }

    /// The usage line of a command, without the `USAGE: ` label:
    /// `acceptance-gate frames decode --batch [--limit <n>]`.
    package static func usage(of spec: CommandSpec, at path: CommandPath) -> String {
        usageParts(of: spec, at: path).joined(separator: " ")
    }

    /// The invocation, then each option and positional as the usage line shows it.
    private static func usageParts(of spec: CommandSpec, at path: CommandPath) -> [String] {
        var parts = [path.invocation]
        for option in spec.options {
            let shown = option.isRepeatable ? "\(option.usage) ..." : option.usage
            parts.append(option.isRequired ? shown : "[\(shown)]")
        }
        return parts + spec.positionals.map(\.usage)
    }

    /// The `USAGE:` line of a command, wrapped between its parts to the help width, continuation
    /// lines indented under the command.
    static func wrappedUsage(of spec: CommandSpec, at path: CommandPath) -> String {
        let label = "USAGE: "
        let indent = String(repeating: " ", count: label.count + 2)
        var lines: [String] = []
        for part in usageParts(of: spec, at: path) {
            if let last = lines.last, last.count + 1 + part.count <= TextWrapper.width {
                lines[lines.count - 1] = last + " " + part
            } else {
                lines.append(lines.isEmpty ? label + part : indent + part)
            }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Commands

    private static func render(command spec: CommandSpec, at path: CommandPath) -> String {
        var text = wrappedUsage(of: spec, at: path) + "\n\n"
        text += TextWrapper.wrap(spec.abstract + " " + spec.discussion) + "\n"
        if !spec.positionals.isEmpty {
            text += "\nARGUMENTS:\n"
            for positional in spec.positionals {
                text += entry(positional.placeholder, positional.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in spec.options {
            var help = option.help
            if let defaultValue = option.defaultValue { help += " (default: \(defaultValue))" }
            if option.isRequired { help += " (required)" }
            if option.isRepeatable { help += " (repeatable)" }
            text += entry(option.usage, help)
        }
        text += entry("-h, --help", "Show this help.")
        let examples = CommandExamples.examples(for: path)
        if !examples.isEmpty {
            text += "\nEXAMPLES:\n" + examples.map { "  " + $0 + "\n" }.joined()
        }
        return text
    }

    // MARK: - Groups

    private static func render(group: CommandGroup, at path: CommandPath) -> String {
        let placeholder = path.isRoot ? "<command>" : "<subcommand>"
        var text = "USAGE: \(path.invocation) \(placeholder)\n\n"
        text += TextWrapper.wrap(group.abstract + " " + group.discussion) + "\n"
        text += path.isRoot ? "\nCOMMANDS:\n" : "\nSUBCOMMANDS:\n"
        for command in group.allCommands() {
            text += entry(command.path.components.joined(separator: " "), command.spec.abstract)
        }
        text += "\nOPTIONS:\n"
        text += entry("-h, --help", "Show this help.")
        if path.isRoot {
            text += entry("--version", "Print the version and exit.")
        }
        let prefix = path.isRoot ? "" : "\(path) "
        text += "\nSee '\(CommandPath.programName) help \(prefix)\(placeholder)' for a command's options.\n"
        return text
    }

    // MARK: - Layout

    /// One `  name    description` row, wrapped, ending with a newline.
    private static func entry(_ name: String, _ help: String) -> String {
        let lead = "  " + name
        let padded: String
        if lead.count + 2 <= descriptionColumn {
            padded = lead + String(repeating: " ", count: descriptionColumn - lead.count)
        } else {
            padded = lead + "\n" + String(repeating: " ", count: descriptionColumn)
        }
        return padded + TextWrapper.wrap(help, firstIndent: descriptionColumn, indent: descriptionColumn) + "\n"
    }
}
