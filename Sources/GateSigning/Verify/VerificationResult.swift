//===----------------------------------------------------------------------===//
// VerificationResult.swift: what a successful verification established.
//===----------------------------------------------------------------------===//

/// What a successful ``EnvelopeVerifier/verify(envelopeAt:publicKey:directory:)`` established.
package struct VerificationResult: Equatable, Sendable {
    /// The verified statement.
    package var statement: InTotoStatement
    /// The SHA-256 hex of `report.json`, equal to the signed one.
    package var reportSHA256: String
    /// The signed git commit.
    package var commit: String
    /// The keyid of the key whose signature verified.
    package var keyID: String
    /// The logs checked, as the report lists them (relative paths).
    package var logPaths: [String]
    /// The bytes of `report.json` whose SHA-256 was verified (read once, so what the caller reads
    /// is what was checked).
    package var reportBytes: [UInt8]
    /// The SHA-256 hex of the envelope file's bytes as read and verified: what a merged report
    /// names as a subject, so the chain to this envelope can be checked later.
    package var envelopeSHA256: String

    /// The line `verify` prints: `verified: 2 log(s), report sha256 …, commit …, signed by …`.
    package var summary: String {
        "verified: \(logPaths.count) log(s), report sha256 \(reportSHA256), commit \(commit), signed by \(keyID)"
    }
}
