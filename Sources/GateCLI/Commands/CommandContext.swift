//===----------------------------------------------------------------------===//
// CommandContext.swift: what a running command may use.
//===----------------------------------------------------------------------===//

/// Everything a running command may use; nothing else is global.
package struct CommandContext {
    /// The standard streams.
    package var console: Console
    /// The process environment.
    package var environment: [String: String]
    /// The path of the running command.
    package var commandPath: CommandPath
    /// The whole command tree (for `help`).
    package var root: CommandGroup

    /// Creates a context.
    package init(console: Console, environment: [String: String], commandPath: CommandPath, root: CommandGroup) {
        self.console = console
        self.environment = environment
        self.commandPath = commandPath
        self.root = root
    }
}
