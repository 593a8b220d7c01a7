//===----------------------------------------------------------------------===//
// ConfigScan.swift: the `scan` section of `acceptance-gate.json`.
//===----------------------------------------------------------------------===//

/// How logs and artifacts are scanned for token-like strings (`scan`).
package struct ConfigScan: Equatable, Sendable {
    /// Strings that are never findings (default `["fixture-only"]`, the fixture's placeholder).
    package var allow: [String]
    /// Extra paths to scan besides the captured logs and rendered artifacts.
    package var paths: [String]

    /// Creates scan settings with the documented defaults.
    package init(
        allow: [String] = ["fixture-only"], paths: [String] = []
    ) {
        self.allow = allow
        self.paths = paths
    }
}
