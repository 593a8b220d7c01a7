//===----------------------------------------------------------------------===//
// EnvelopeVerifier.swift: signature, report digest and every archived log, in that order.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateDigest

/// Verifies a signed gate report: the DSSE envelope's Ed25519 signature, the in-toto statement,
/// `report.json` against the signed digest, and every log the report lists against its recorded digest.
package enum EnvelopeVerifier {
    /// The largest envelope or report read into memory.
    static let documentLimit = DSSEEnvelope.documentLimit
    /// The largest log a run archives (its redaction reads a log whole up to this), so the
    /// largest a verifier reads: 1 GiB. A larger one is refused unread.
    package static let logLimit = 1 << 30
    /// The most signatures an envelope may carry.
    static let signatureLimit = 8

    /// Verifies the envelope at `path` with `publicKey`.
    ///
    /// Every file is opened through ``SafeFile``: a FIFO, a device, a socket or a symbolic link
    /// is refused at once (never waited on or followed), and `report.json` and every log must
    /// really be inside `directory`. Every JSON document (the envelope, its payload, the report)
    /// must be strict JSON (``StrictJSONScanner``) and the envelope's base64 canonical, so what
    /// was verified is what any other reader sees.
    ///
    /// Checks, in order: the envelope parses; its payloadType is in-toto's; a signature whose keyid
    /// is the key's (or is unset) verifies over the PAE; the payload is a test-result Statement v1
    /// with a `report.json` SHA-256 subject and a git commit; `directory/report.json` has that
    /// SHA-256; every `logs[]` entry of the report is a path inside `directory` whose file has the
    /// recorded SHA-256. Nothing after a failed signature or report digest is trusted or read.
    ///
    /// - Parameters:
    ///   - path: the envelope file (`report.dsse.json`).
    ///   - publicKey: the signer's public key; its ``PublicKey/source`` names it in messages.
    ///   - directory: the report folder; the envelope's folder when `nil`.
    /// - Returns: what was verified.
    /// - Throws: ``SigningError/verificationFailed(_:)`` with every problem found.
    package static func verify(
        envelopeAt path: String, publicKey: PublicKey, directory: String? = nil
    ) throws(SigningError) -> VerificationResult {
        let folder = directory ?? (path as NSString).deletingLastPathComponent
        let envelopeFile: FileBytes
        do {
            envelopeFile = try FileBytes(path: path, limit: documentLimit)
        } catch {
            throw .verificationFailed([.unreadable(path: path, reason: error.reason)])
        }
        let envelope = try DSSEEnvelope(jsonBytes: envelopeFile.bytes, source: "'\(path)'")
        var problems: [VerificationProblem] = []
        if envelope.payloadType != DSSEEnvelope.inTotoPayloadType {
            problems.append(.wrongPayloadType(found: envelope.payloadType))
        }
        let keyID = publicKey.keyID
        if envelope.signatures.isEmpty {
            throw .verificationFailed(problems + [.unsigned])
        }
        // Each candidate costs an Ed25519 check over the whole payload: a signer writes one, so a
        // few are allowed, and an unnamed one only when it is alone.
        guard envelope.signatures.count <= signatureLimit else {
            throw .verificationFailed(problems + [.tooManySignatures(count: envelope.signatures.count, limit: signatureLimit)])
        }
        let candidates = envelope.signatures.filter {
            $0.keyID.lowercased() == keyID || ($0.keyID.isEmpty && envelope.signatures.count == 1)
        }
        guard !candidates.isEmpty else {
            throw .verificationFailed(
                problems + [
                    .signedByAnotherKey(
                        keyIDs: envelope.signatures.map(\.keyID), keySource: publicKey.source, expectedKeyID: keyID)
                ])
        }
        let pae = envelope.pae
        guard candidates.contains(where: { publicKey.isValidSignature($0.signature, of: pae) }) else {
            throw .verificationFailed(problems + [.badSignature(keyID: keyID)])
        }
        // Signed, but a wrong type still means it is not what the gate signs.
        guard problems.isEmpty else { throw .verificationFailed(problems) }

        let statement = try InTotoStatement(jsonBytes: envelope.payload, source: "the signed payload of '\(path)'")
        guard let signedReport = statement.sha256(ofSubject: "report.json") else {
            throw .verificationFailed([.notAStatement(reason: "no 'report.json' subject with a sha256 digest")])
        }
        guard let commit = statement.gitCommit else {
            throw .verificationFailed([.notAStatement(reason: "no subject with a gitCommit digest")])
        }
        let checked = try verifyFolder(folder, reportSHA256: signedReport)
        return VerificationResult(
            statement: statement, reportSHA256: signedReport.lowercased(), commit: commit, keyID: keyID,
            logPaths: checked.logPaths, reportBytes: checked.reportBytes, envelopeSHA256: SHA256.hash(envelopeFile.bytes).hex)
    }

    /// Checks an out folder's evidence against the digest its statement names: `folder/report.json`
    /// must have SHA-256 `reportSHA256` and be strict JSON, and every log it lists must be a path
    /// inside `folder` whose file has the recorded size and SHA-256. `verify` runs this after the
    /// signature; `sign` runs it before signing, so what is signed is exactly what `verify` will
    /// accept.
    ///
    /// - Returns: the listed logs' paths and the bytes of `report.json` as checked (read once).
    /// - Throws: ``SigningError/verificationFailed(_:)`` with every problem found.
    package static func verifyFolder(
        _ folder: String, reportSHA256: String
    ) throws(SigningError) -> (logPaths: [String], reportBytes: [UInt8]) {
        let (logs, reportBytes) = try checkReport(at: join(folder, "report.json"), in: folder, signed: reportSHA256)
        let problems = logs.compactMap { check($0, in: folder) }
        guard problems.isEmpty else { throw .verificationFailed(problems) }
        return (logs.map(\.path), reportBytes)
    }

    /// Checks `report.json` against the signed digest and returns its logs.
    private static func checkReport(
        at reportPath: String, in folder: String, signed: String
    ) throws(SigningError) -> (logs: [ReportLogs.Entry], bytes: [UInt8]) {
        let report: FileBytes
        do {
            report = try FileBytes(path: reportPath, limit: documentLimit, within: folder.isEmpty ? "." : folder)
        } catch SafeFileError.missing {
            throw .verificationFailed([.reportMissing(path: reportPath)])
        } catch {
            throw .verificationFailed([.unreadable(path: reportPath, reason: error.reason)])
        }
        let actual = SHA256.hash(report.bytes).hex
        guard actual == signed.lowercased() else {
            throw .verificationFailed([.reportChanged(actual: actual, signed: signed.lowercased())])
        }
        // Signed, but the signer may have been fooled or the report built by hand: a report that
        // another reader reads differently is refused before anything is taken from it.
        let root: JSONValue
        do throws(StrictJSONViolation) {
            root = try StrictJSONScanner.read(report.bytes, limit: documentLimit)
        } catch {
            throw .verificationFailed([
                StrictJSONScanner.problem(error, in: report.bytes, file: "'\(reportPath)'", notJSON: { .notAReport(reason: $0) })
            ])
        }
        guard let logs = ReportLogs.entries(in: root) else {
            throw .verificationFailed([.notAReport(reason: "'logs' is not a list of {\"path\", \"sha256\"} objects")])
        }
        return (logs, report.bytes)
    }

    /// The problem with one listed log, or `nil` when it matches.
    private static func check(_ entry: ReportLogs.Entry, in folder: String) -> VerificationProblem? {
        guard ReportLogs.isContained(entry.path) else { return .unsafeLogPath(path: entry.path) }
        let path = join(folder, entry.path)
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
            if let recorded = entry.size, UInt64(status.st_size) != recorded {
                return .logSizeChanged(path: entry.path, actual: UInt64(status.st_size), recorded: recorded)
            }
            if status.st_size > logLimit {
                return .logTooLarge(path: entry.path, size: UInt64(status.st_size), limit: logLimit)
            }
        }
        let digest: SHA256Digest
        do throws(GateDigestError) {
            digest = try SHA256.hash(fileAtPath: path, within: folder.isEmpty ? "." : folder).digest
        } catch {
            switch error {
            case .unreadable(.missing): return .logMissing(path: entry.path)
            case .unreadable(let refusal): return .unreadable(path: path, reason: refusal.reason)
            }
        }
        guard let recorded = SHA256Digest(hex: entry.sha256) else {
            return .logChanged(path: entry.path, actual: digest.hex, recorded: entry.sha256)
        }
        return digest == recorded ? nil : .logChanged(path: entry.path, actual: digest.hex, recorded: recorded.hex)
    }

    /// `folder/name`, or `name` when `folder` is empty.
    private static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
}
