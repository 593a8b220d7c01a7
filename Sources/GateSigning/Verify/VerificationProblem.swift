//===----------------------------------------------------------------------===//
// VerificationProblem.swift: one reason an envelope, its report or a log did not verify.
//===----------------------------------------------------------------------===//

/// One reason a signed report did not verify; `verify` prints one line per problem.
package enum VerificationProblem: Equatable, Sendable, CustomStringConvertible {
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// The envelope file is not a DSSE JSON envelope.
    case notAnEnvelope(reason: String)
    /// The envelope's payloadType is not the in-toto one.
    case wrongPayloadType(found: String)
    /// The envelope has no signatures at all.
    case unsigned
    /// No signature names the given key.
    case signedByAnotherKey(keyIDs: [String], keySource: String, expectedKeyID: String)
    /// A signature for the key does not match the payload and type.
    case badSignature(keyID: String)
    /// The signed payload is not an in-toto Statement v1 of the shape the gate writes.
    case notAStatement(reason: String)
    /// `report.json` is not in the folder.
    case reportMissing(path: String)
    /// `report.json` differs from the one signed.
    case reportChanged(actual: String, signed: String)
    /// `report.json` does not have the SHA-256 its run's unsigned statement recorded (`sign`).
    case reportEditedAfterRun(actual: String, recorded: String)
    /// A listed log is larger than a run archives (``EnvelopeVerifier/logLimit``); not read.
    case logTooLarge(path: String, size: UInt64, limit: Int)
    /// `report.json` does not parse, or its `logs` are malformed.
    case notAReport(reason: String)
    /// A log path in the report is absolute or climbs out of the folder.
    case unsafeLogPath(path: String)
    /// A listed log is not in the folder.
    case logMissing(path: String)
    /// A listed log's SHA-256 differs from the report's.
    case logChanged(path: String, actual: String, recorded: String)
    /// A listed log's size differs from the size the report recorded (checked before reading it).
    case logSizeChanged(path: String, actual: UInt64, recorded: UInt64)
    /// The envelope carries more signatures than any signer writes.
    case tooManySignatures(count: Int, limit: Int)
    /// `file` (the envelope, its signed payload or `report.json`) is JSON another reader could
    /// read differently: at the key path `path`, `problem` (a duplicate key, invalid UTF-8,
    /// trailing bytes …).
    case ambiguousJSON(file: String, path: String, problem: String)
    /// The base64 field at `path` in `file` is not the one canonical spelling of its bytes.
    case nonCanonicalBase64(file: String, path: String, reason: String)

    /// One line naming what failed.
    package var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .notAnEnvelope(let reason):
            "not a DSSE envelope: \(reason)"
        case .wrongPayloadType(let found):
            "payloadType is '\(found)', expected '\(DSSEEnvelope.inTotoPayloadType)'"
        case .unsigned:
            "the envelope has no signatures"
        case .signedByAnotherKey(let keyIDs, let keySource, let expectedKeyID):
            "signed by another key (keyid \(keyIDs.map { $0.isEmpty ? "(none)" : $0 }.joined(separator: ", "))), "
                + "not by \(keySource) (keyid \(expectedKeyID))"
        case .badSignature(let keyID):
            "bad signature: the signature by keyid \(keyID) does not match the payload; the envelope was changed "
                + "after signing"
        case .notAStatement(let reason):
            "the signed payload is not an in-toto test-result Statement v1: \(reason)"
        case .reportMissing(let path):
            "report.json is missing ('\(path)'); pass --dir with the folder that holds it"
        case .reportChanged(let actual, let signed):
            "report.json was changed after signing (sha256 \(actual), signed \(signed))"
        case .reportEditedAfterRun(let actual, let recorded):
            "report.json was edited after run (sha256 \(actual), the run's report.intoto.json recorded \(recorded))"
        case .logTooLarge(let path, let size, let limit):
            "log '\(path)' is \(size) bytes, more than the \(limit) a run archives; not reading it"
        case .notAReport(let reason):
            "report.json is not a gate report: \(reason)"
        case .unsafeLogPath(let path):
            "log path '\(path)' in report.json is not a relative path inside the report folder; not reading it"
        case .logMissing(let path):
            "log '\(path)' is missing"
        case .logChanged(let path, let actual, let recorded):
            "log '\(path)' was changed (sha256 \(actual), recorded \(recorded))"
        case .logSizeChanged(let path, let actual, let recorded):
            "log '\(path)' was changed (\(actual) bytes, recorded \(recorded)); not reading it"
        case .tooManySignatures(let count, let limit):
            "the envelope has \(count) signatures, more than the \(limit) a signer writes; it is refused unread"
        case .ambiguousJSON(let file, let path, let problem):
            "\(file) is not strict JSON at '\(path)': \(problem); another JSON reader could read it differently, "
                + "so it is not trusted"
        case .nonCanonicalBase64(let file, let path, let reason):
            "\(file) has non-canonical base64 in '\(path)': \(reason); an envelope the gate signed has only the "
                + "canonical spelling, so this one is refused"
        }
    }
}
