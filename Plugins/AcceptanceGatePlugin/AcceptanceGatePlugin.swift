//===----------------------------------------------------------------------===//
// AcceptanceGatePlugin.swift: `swift package acceptance-gate …` from inside a team's package.
//===----------------------------------------------------------------------===//

import Foundation
import PackagePlugin

/// The command plugin behind `swift package acceptance-gate <arguments>`: it runs the
/// `acceptance-gate` executable SwiftPM built for it, with the user's arguments, in the package's
/// folder, and fails (exit 1, the only failure status SwiftPM gives a plugin) when the gate does.
///
/// The gate's own children (`swift test`, the loopback fixture) need what the two permissions
/// ask for: writing the out folder and the suites' build folder, and listening on 127.0.0.1.
@main
struct AcceptanceGatePlugin: CommandPlugin {
    /// The executable target this plugin depends on.
    static let toolName = "acceptance-gate"

    /// Where the gate's `swift test` builds, inside the package's `.build`. Why not `.build` itself:
    /// `swift package` holds that folder's lock while the plugin runs, so a nested `swift test`
    /// there would wait for it forever.
    static let nestedScratchFolder = ".build/acceptance-gate-plugin"

    /// Runs the gate and turns its exit status into the plugin's.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool: PluginContext.Tool
        do {
            tool = try context.tool(named: Self.toolName)
        } catch {
            throw PluginFailure(
                "swift package acceptance-gate: SwiftPM did not provide the \(Self.toolName) executable (\(error)); "
                    + "check that the package depends on acceptance-gate and builds")
        }
        let directory = context.package.directoryURL.path
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFTPM_BUILD_DIR"] = directory + "/" + Self.nestedScratchFolder
        let status = try GateChild.run(
            executable: tool.url.path, arguments: [Self.toolName] + arguments, directory: directory, environment: environment)
        guard let message = status.failureMessage(command: ([Self.toolName] + arguments).joined(separator: " ")) else { return }
        Diagnostics.error(message)
        exit(status.pluginExitCode)
    }
}
