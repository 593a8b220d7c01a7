//===----------------------------------------------------------------------===//
// ScanConfiguration.swift: allowlist, fingerprint key and baseline.
//===----------------------------------------------------------------------===//

/// What a ``TokenScanner`` needs besides the bytes: exact values to allow, the HMAC key for
/// fingerprints, and the fingerprints of accepted findings (a baseline).
package struct ScanConfiguration: Equatable, Sendable {
    /// The environment variable that holds the fingerprint key.
    package static let fingerprintKeyVariable = "ACCEPTANCE_GATE_FINGERPRINT_KEY"

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

    /// The key from `ACCEPTANCE_GATE_FINGERPRINT_KEY` when set and not empty, else one drawn at
    /// random for this process. A fixed default key would be public, and a published fingerprint
    /// of a short secret (a password) is then a test for guesses, thousands a millisecond; so
    /// fingerprints are stable across runs only under a configured key (what baselines need).
    package static func fingerprintKey(environment: [String: String]) -> [UInt8] {
        configuredFingerprintKey(environment: environment) ?? randomFingerprintKey()
    }

    /// The key from `ACCEPTANCE_GATE_FINGERPRINT_KEY`, or `nil` when it is unset or empty.
    package static func configuredFingerprintKey(environment: [String: String]) -> [UInt8]? {
        guard let value = environment[fingerprintKeyVariable], !value.isEmpty else { return nil }
        return Array(value.utf8)
    }

    /// 32 random bytes, for fingerprints that only need to match within one run.
    package static func randomFingerprintKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
