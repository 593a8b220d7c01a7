//===----------------------------------------------------------------------===//
// ArchivedReport.swift: one archived out folder, verified and decoded, in one place.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import GateSigning

/// One archived out folder, verified exactly as `verify` does (``EnvelopeVerifier``: signature,
/// report digest, every listed log) and its signed `report.json` decoded. `verify` (one envelope
/// or many folders) and `merge` all go through ``load(envelopeAt:directory:publicKey:)``, so what
/// a merge trusts is exactly what `verify` would accept. A signature proves who signed, not that
/// the report is true: the report must also follow from the folder (``ReportAudit``), and the
/// folder hold nothing else (``OutFolderContents``).
package struct ArchivedReport: Sendable {
    /// The envelope's file name inside an out folder.
    package static let envelopeName = "report.dsse.json"

    /// The envelope file as given.
    package var envelopePath: String
    /// The folder that holds `report.json` and `logs/`.
    package var folder: String
    /// The report, decoded from exactly the bytes whose digest was verified.
    package var report: GateReport
    /// What the verification established (commit, digests, keyid, logs).
    package var verification: VerificationResult

    /// Hex SHA-256 of the envelope as read and verified.
    package var envelopeSHA256: String { verification.envelopeSHA256 }

    /// Verifies the envelope at `envelopePath` (with `report.json` in `directory`, the envelope's
    /// folder when `nil`) and decodes the report.
    ///
    /// - Throws: ``ArchivedReportError/unverified(_:)`` with every problem the verifier found, or
    ///   ``ArchivedReportError/notAReport(_:)`` when the signed bytes are not a gate report.
    package static func load(
        envelopeAt envelopePath: String, directory: String? = nil, publicKey: PublicKey
    ) throws(ArchivedReportError) -> ArchivedReport {
        let verification: VerificationResult
        do {
            verification = try EnvelopeVerifier.verify(envelopeAt: envelopePath, publicKey: publicKey, directory: directory)
        } catch {
            if case .verificationFailed(let found) = error {
                throw .unverified(found)
            }
            throw .unverified([.notAnEnvelope(reason: error.description)])
        }
        let report: GateReport
        do {
            report = try GateReport.decode(verification.reportBytes, source: "report.json")
        } catch {
            throw .notAReport(error.description)
        }
        let folder = directory ?? (envelopePath as NSString).deletingLastPathComponent
        let disagreements = ReportAudit.disagreements(in: report, folder: folder)
        guard disagreements.isEmpty else { throw .contradicted(disagreements) }
        if let stranger = OutFolderContents.unexpected(in: folder, logs: verification.logPaths).first {
            throw .unexpectedFile(stranger)
        }
        return ArchivedReport(envelopePath: envelopePath, folder: folder, report: report, verification: verification)
    }

    /// Verifies the out folder `folder` (its `report.dsse.json`, `report.json` and `logs/`).
    package static func load(folder: String, publicKey: PublicKey) throws(ArchivedReportError) -> ArchivedReport {
        try load(envelopeAt: envelope(in: folder), directory: folder, publicKey: publicKey)
    }

    /// The envelope's path in the out folder `folder` (`report.dsse.json` itself for `""`).
    package static func envelope(in folder: String) -> String {
        folder.isEmpty ? envelopeName : (folder.hasSuffix("/") ? folder + envelopeName : folder + "/" + envelopeName)
    }
}
