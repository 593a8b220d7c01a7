//===----------------------------------------------------------------------===//
// LoadedConfiguration.swift: a configuration with where it came from and its digest.
//===----------------------------------------------------------------------===//

import GateDigest

/// A configuration as loaded for a run: the value, where it came from, and its exact bytes and
/// SHA-256 (for the report).
package struct LoadedConfiguration: Equatable, Sendable {
    /// The configuration, defaults applied.
    package var configuration: GateConfiguration
    /// The file's path as given, or `embedded default`.
    package var source: String
    /// The file's path, or `nil` for the embedded default.
    package var path: String?
    /// The folder relative paths in the configuration (`workingDirectory`, `report.dir`, …) are
    /// resolved against: the file's folder, or for the embedded default the repository root
    /// (or the current folder when none was given).
    package var baseDirectory: String
    /// The bytes read (the embedded default's UTF-8 text for the default).
    package var bytes: [UInt8]
    /// SHA-256 of ``bytes``.
    package var sha256: SHA256Digest

    /// Creates a loaded configuration.
    package init(configuration: GateConfiguration, source: String, path: String?, baseDirectory: String, bytes: [UInt8]) {
        self.configuration = configuration
        self.source = source
        self.path = path
        self.baseDirectory = baseDirectory
        self.bytes = bytes
        self.sha256 = SHA256.hash(bytes)
    }

    /// `path` from the configuration (`workingDirectory`, `report.dir`, `scan.paths`, …) resolved
    /// against ``baseDirectory``; an absolute path is returned unchanged.
    package func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.isEmpty || path == "." { return baseDirectory }
        return baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path
    }
}
