//===----------------------------------------------------------------------===//
// SandboxNesting.swift: a suite's command rewritten so its tools do not sandbox themselves.
//===----------------------------------------------------------------------===//

import GateCore

/// Sandboxes do not nest on macOS: inside the suite's profile, `sandbox_apply` fails with EPERM,
/// so SwiftPM (which sandboxes manifests, plugins and macros) and xcodebuild (package manifests,
/// package plugins, run-script phases) would fail before a test ran. ``rewrite(_:)`` adds the
/// options that turn their own sandboxes off; the suite's profile still confines everything they
/// start. What that gives up is in docs/isolation.md.
///
/// Only a command that names the tool is rewritten: `swift build|test|run|package …`,
/// `swift-build`, `swift-test`, `swift-run`, `swift-package`, those behind `xcrun` (with its
/// `--sdk`/`--toolchain` options), and `xcodebuild`. A script that runs them (`sh -c 'swift test'`,
/// `make test`) is left as it is and must pass the options itself; without them the nested
/// sandbox fails loudly (`sandbox-exec: sandbox_apply: Operation not permitted`), never silently.
package enum SandboxNesting {
    /// `arguments` with the options that keep its tool from sandboxing itself; unchanged when the
    /// command is none of the tools above or already has them. Nothing after a `--` is touched.
    package static func rewrite(_ arguments: [String]) -> [String] {
        guard let program = arguments.first else { return arguments }
        let name = baseName(program)
        switch name {
        case "xcrun":
            var index = 1
            while index < arguments.count, let option = arguments[safe: index], option.hasPrefix("-") {
                index += xcrunOptionsWithValue.contains(option) ? 2 : 1
            }
            guard index < arguments.count else { return arguments }
            return Array(arguments[..<index]) + rewrite(Array(arguments[index...]))
        case "swift":
            guard let subcommand = arguments[safe: 1], swiftSubcommands.contains(subcommand) else { return arguments }
            return inserting(DarwinFacts.swiftPMDisableSandbox, after: 1, in: arguments)
        case "swift-build", "swift-test", "swift-run", "swift-package":
            return inserting(DarwinFacts.swiftPMDisableSandbox, after: 0, in: arguments)
        case "xcodebuild":
            return xcodebuild(arguments)
        default:
            return arguments
        }
    }

    /// The `swift` subcommands that are SwiftPM's.
    private static let swiftSubcommands: Set<String> = ["build", "test", "run", "package"]

    /// The `xcrun` options followed by a value.
    private static let xcrunOptionsWithValue: Set<String> = ["--sdk", "-sdk", "--toolchain", "-toolchain"]

    /// The last path component of `program`.
    private static func baseName(_ program: String) -> String {
        program.split(separator: "/").last.map(String.init) ?? program
    }

    /// `arguments` with `option` after index `position`, unless it is there already (before any `--`).
    private static func inserting(_ option: String, after position: Int, in arguments: [String]) -> [String] {
        let options = arguments.prefix { $0 != "--" }
        guard !options.contains(option) else { return arguments }
        var result = arguments
        result.insert(option, at: position + 1)
        return result
    }

    /// An xcodebuild command with the user defaults and build settings that keep its sandboxes
    /// off, and `-disable-sandbox` added to an `OTHER_SWIFT_FLAGS` it sets (or one that inherits).
    private static func xcodebuild(_ arguments: [String]) -> [String] {
        var result = arguments
        for setting in DarwinFacts.xcodebuildDisableSandbox where !result.contains(setting) {
            result.append(setting)
        }
        let prefix = "OTHER_SWIFT_FLAGS="
        if let index = result.firstIndex(where: { $0.hasPrefix(prefix) }), let flags = result[safe: index] {
            let words = flags.dropFirst(prefix.count).split(separator: " ")
            if !words.contains(Substring(DarwinFacts.swiftcDisableSandbox)) {
                result[index] = flags + " " + DarwinFacts.swiftcDisableSandbox
            }
        } else {
            result.append(prefix + "$(inherited) " + DarwinFacts.swiftcDisableSandbox)
        }
        return result
    }
}
