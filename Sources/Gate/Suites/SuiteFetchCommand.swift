//===----------------------------------------------------------------------===//
// SuiteFetchCommand.swift: the command that fetches a suite's dependencies, and whether it has remote ones.
//===----------------------------------------------------------------------===//

import GateCore

/// The command that fetches what a suite's build needs from the network before the suite runs
/// without it (the fetch phase of a hermetic CI): `swift package resolve` for a suite that runs
/// `swift test` or `swift build` (same `swift`, same `--package-path` and scratch path), and
/// `xcodebuild -resolvePackageDependencies` with the suite's `-project`, `-workspace`, `-scheme`
/// and package folders for an `xcodebuild` suite.
struct SuiteFetchCommand: Equatable {
    /// Which tool resolves.
    enum Tool: Equatable {
        case swiftPM
        case xcodebuild
    }

    /// The tool.
    var tool: Tool
    /// The fetch's arguments.
    var arguments: [String]
    /// The `Package.resolved` files that pin the suite's dependencies, most likely first, as the
    /// suite names its package (relative to its working directory unless absolute); empty when the
    /// command does not say (an `xcodebuild` suite without `-project` or `-workspace`).
    var resolvedFiles: [String]
    /// SwiftPM's package folder (`--package-path`), when given.
    var packagePath: String?

    /// SwiftPM options that say where the package's dependencies go, passed on to the fetch.
    static let swiftPMLocationOptions: Set<String> = ["--package-path", "--scratch-path", "--build-path", "--cache-path"]
    /// `xcodebuild` options that name what to resolve and where the packages go.
    static let xcodebuildOptions: Set<String> = [
        "-project", "-workspace", "-scheme", "-clonedSourcePackagesDirPath", "-packageCachePath",
    ]

    /// The fetch for a suite whose command is `arguments`; `nil` when it does not start SwiftPM
    /// (`swift test`, `swift build`) or `xcodebuild` itself, first (or after `xcrun`): a script that
    /// runs them somewhere inside would run, with the host's network, whatever else it says.
    init?(_ arguments: [String]) {
        let start = arguments.first.map { Self.isProgram($0, "xcrun") } == true ? 1 : 0
        if start + 1 < arguments.count, Self.isProgram(arguments[start], "swift"), ["test", "build"].contains(arguments[start + 1]) {
            let at = start
            let options = Array(arguments[(at + 2)...])
            // `swift test list` and other subcommands take other options.
            if let first = options.first, !first.hasPrefix("-") { return nil }
            let kept = Self.values(of: Self.swiftPMLocationOptions, in: options)
            let packagePath = kept.last { $0.option == "--package-path" }?.value
            tool = .swiftPM
            self.packagePath = packagePath
            self.arguments = Array(arguments[...at]) + ["package"] + kept.flatMap { [$0.option, $0.value] } + ["resolve"]
            resolvedFiles = [
                packagePath.map { $0.hasSuffix("/") ? $0 + "Package.resolved" : $0 + "/Package.resolved" } ?? "Package.resolved"
            ]
            return
        }
        guard start < arguments.count, Self.isProgram(arguments[start], "xcodebuild") else { return nil }
        let at = start
        let kept = Self.values(of: Self.xcodebuildOptions, in: Array(arguments[(at + 1)...]))
        tool = .xcodebuild
        packagePath = nil
        self.arguments = Array(arguments[...at]) + ["-resolvePackageDependencies"] + kept.flatMap { [$0.option, $0.value] }
        resolvedFiles = kept.compactMap { option, value in
            let folder = value.hasSuffix("/") ? String(value.dropLast()) : value
            switch option {
            case "-workspace": return folder + "/xcshareddata/swiftpm/Package.resolved"
            case "-project": return folder + "/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
            default: return nil
            }
        }
    }

    /// Whether `argument` runs `name` (`name`, or a path ending in `/name`).
    static func isProgram(_ argument: String, _ name: String) -> Bool {
        argument == name || argument.hasSuffix("/" + name)
    }

    /// The options among `names` in `options` with their values (`--option value` or `--option=value`), in order.
    static func values(of names: Set<String>, in options: [String]) -> [(option: String, value: String)] {
        var found: [(option: String, value: String)] = []
        var at = 0
        while at < options.count {
            let option = options[at]
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2, names.contains(parts[0]) {
                found.append((parts[0], parts[1]))
            } else if names.contains(option), at + 1 < options.count {
                found.append((option, options[at + 1]))
                at += 1
            }
            at += 1
        }
        return found
    }

    /// The pins a `Package.resolved` holds that SwiftPM fetches from elsewhere (a remote source
    /// control URL or a registry; format 1 has remote pins only), by identity; `nil` when `bytes`
    /// are not one (then SwiftPM, not the gate, decides).
    static func remotePins(in bytes: [UInt8]) -> [String]? {
        guard let root = try? JSONReader.read(bytes, limits: ToolJSON.limits) else { return nil }
        if let pins = root["pins"]?.array {
            return pins.filter { ["remoteSourceControl", "registry"].contains($0["kind"]?.string ?? "") }
                .map { $0["identity"]?.string ?? "?" }
        }
        if let pins = root["object"]?["pins"]?.array {
            return pins.map { $0["package"]?.string ?? "?" }
        }
        return nil
    }
}
