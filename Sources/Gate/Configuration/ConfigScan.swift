//===----------------------------------------------------------------------===//
// ConfigScan.swift: the `scan` section of `acceptance-gate.json`.
//===----------------------------------------------------------------------===//

/// How logs and artifacts are scanned for token-like strings (`scan`).
package struct ConfigScan: Equatable, Sendable {
    /// Strings that are never findings (default `["fixture-only"]`, the fixture's placeholder).
    package var allow: [String]
    /// The environment variable holding the fingerprint HMAC key.
    package var fingerprintKeyEnv: String
    /// Extra paths to scan besides the captured logs and rendered artifacts.
    package var paths: [String]

    /// Creates scan settings with the documented defaults.
    package init(
        allow: [String] = ["fixture-only"], fingerprintKeyEnv: String = "ACCEPTANCE_GATE_FINGERPRINT_KEY", paths: [String] = []
    ) {
        self.allow = allow
        self.fingerprintKeyEnv = fingerprintKeyEnv
        self.paths = paths
    }
}
