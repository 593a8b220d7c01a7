//===----------------------------------------------------------------------===//
// ScanConfiguration.swift: allowlist, fingerprint key and baseline.
//===----------------------------------------------------------------------===//

/// What a ``TokenScanner`` needs besides the bytes: exact values to allow, the HMAC key for
/// fingerprints, and the fingerprints of accepted findings (a baseline).
package struct ScanConfiguration: Equatable, Sendable {
    /// The environment variable that holds the fingerprint key.
    package static let fingerprintKeyVariable = "ACCEPTANCE_GATE_FINGERPRINT_KEY"
    /// The documented default key, so fingerprints are stable across runs and machines when no
    /// key is set. It is not a secret: fingerprints under it only stop casual guessing.
    package static let defaultFingerprintKey = "acceptance-gate-fingerprint-v1"

    /// Exact values that are never reported (reason `allowlisted`), e.g. the fixture's `fixture-only`.
    package var allow: [String]
    /// The HMAC-SHA-256 key for fingerprints.
    package var fingerprintKey: [UInt8]
    /// Fingerprints (`hmac-sha256:…`) of accepted findings (reason `baseline`).
    package var baseline: Set<String>
    /// Whether input with a NUL byte in its first 8 KiB is scanned anyway, as text, rather than
    /// skipped as binary. The gate sets it for what the code under test wrote (its captured
    /// output, the files it archives): one NUL byte there must not switch the scan off.
    package var scansBinaryContent: Bool

    /// Creates a configuration.
    package init(allow: [String] = [], fingerprintKey: [UInt8], baseline: Set<String> = [], scansBinaryContent: Bool = false) {
        self.allow = allow
        self.fingerprintKey = fingerprintKey
        self.baseline = baseline
        self.scansBinaryContent = scansBinaryContent
    }

    /// The key from `ACCEPTANCE_GATE_FINGERPRINT_KEY` when set and not empty, else the default key.
    package static func fingerprintKey(environment: [String: String]) -> [UInt8] {
        if let value = environment[fingerprintKeyVariable], !value.isEmpty { return Array(value.utf8) }
        return Array(defaultFingerprintKey.utf8)
    }
}
