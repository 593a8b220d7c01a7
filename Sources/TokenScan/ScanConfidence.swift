//===----------------------------------------------------------------------===//
// ScanConfidence.swift: how sure a rule is that a match is a live secret.
//===----------------------------------------------------------------------===//

/// How sure a rule is that its match is a real secret: `high` for documented provider shapes,
/// `medium` for headers, URLs, JWTs and keys, `low` for generic `name=value` assignments.
package enum ScanConfidence: String, Codable, Sendable, CaseIterable {
    /// A documented provider prefix and length, or a PEM private key.
    case high
    /// A credential in a header, a URL or a JWT, or a key found by its keyword.
    case medium
    /// A generic assignment whose value passed the entropy gate.
    case low

    /// The SARIF `level` for a finding of this confidence.
    package var sarifLevel: String { self == .low ? "warning" : "error" }
}
