//===----------------------------------------------------------------------===//
// LoadedConfiguration.swift: a configuration as a run uses it, with where it came from.
//===----------------------------------------------------------------------===//

import GateDigest

/// A configuration as loaded for a run: the value with its paths made absolute (what the run
/// uses), the value as the file wrote it (what `config` shows), where it came from, and its exact
/// bytes and SHA-256 (for the report).
package struct LoadedConfiguration: Equatable, Sendable {
    /// The configuration, defaults applied and every path absolute (against ``root``): the run's plan.
    package var configuration: GateConfiguration
    /// The configuration as written, defaults applied, paths as the file gives them.
    package var written: GateConfiguration
    /// The file's path as given, or `embedded default`.
    package var source: String
    /// The file's path, or `nil` for the embedded default.
    package var path: String? {
        didSet { absolutePath = path.map(PathResolver.currentDirectory.absolute) }
    }
    /// ``path`` made absolute against the folder the command ran in, when it was set.
    private var absolutePath: String?
    /// The repository root: the work tree the run stamps and runs its suites in, and the folder
    /// the configuration's relative paths resolve against.
    package var root: String
    /// The bytes read (the embedded default's UTF-8 text for the default).
    package var bytes: [UInt8]

    /// A loaded configuration; `configuration`'s relative paths are resolved against `root` here,
    /// once.
    package init(configuration: GateConfiguration, source: String, path: String?, root: String, bytes: [UInt8]) {
        self.written = configuration
        self.configuration = configuration.resolvingPaths(PathResolver(base: root))
        self.source = source
        self.path = path
        self.absolutePath = path.map(PathResolver.currentDirectory.absolute)
        self.root = root
        self.bytes = bytes
    }

    /// SHA-256 of ``bytes``.
    package var sha256: SHA256Digest { SHA256.hash(bytes) }

    /// The configuration file's path relative to ``root`` (never the runner's absolute path), or
    /// ``source`` when it lies elsewhere or is the embedded default: the name the signed statement
    /// gives it. Worked out once, when loaded, from the folder the command ran in.
    package var name: String {
        guard let path else { return source }
        return PathResolver(base: root).relative(absolutePath ?? path) ?? source
    }
}
