//===----------------------------------------------------------------------===//
// GateVersion.swift: the one place the tool's version is written.
//===----------------------------------------------------------------------===//

/// The tool's version, as `--version` prints it and reports record it.
package enum GateVersion {
    /// The current version (semantic versioning).
    package static let current = "0.1.0"
}
