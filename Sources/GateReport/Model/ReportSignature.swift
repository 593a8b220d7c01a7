//===----------------------------------------------------------------------===//
// ReportSignature.swift: whether the report was signed.
//===----------------------------------------------------------------------===//

/// Whether the report was signed, by which key, and the envelope's file name.
package struct ReportSignature: Codable, Equatable, Sendable {
    /// Whether a DSSE envelope was written.
    package var signed: Bool
    /// Hex SHA-256 of the raw public key.
    package var keyid: String?
    /// The envelope's file name in the output folder, e.g. `report.dsse.json`.
    package var envelope: String?

    /// Creates a signature record.
    package init(signed: Bool, keyid: String? = nil, envelope: String? = nil) {
        self.signed = signed
        self.keyid = keyid
        self.envelope = envelope
    }
}
