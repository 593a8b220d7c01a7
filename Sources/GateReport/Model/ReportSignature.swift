//===----------------------------------------------------------------------===//
// ReportSignature.swift: whether the report was signed, and how and where.
//===----------------------------------------------------------------------===//

/// Whether the report was signed, by which key, the envelope's file name, and how and where the
/// signing happened: by `run --key` in the job that ran the code under test, or by `sign` in a
/// job of its own.
package struct ReportSignature: Codable, Equatable, Sendable {
    /// Whether a DSSE envelope was written.
    package var signed: Bool
    /// Hex SHA-256 of the raw public key.
    package var keyid: String?
    /// The envelope's file name in the output folder, e.g. `report.dsse.json`.
    package var envelope: String?
    /// How it was signed: ``runMethod`` or ``signMethod``.
    package var method: String?
    /// The CI job that ran the suites (``CIJob``-style identifier), when the CI names it.
    package var testJob: String?
    /// The CI job that signed, when the CI names it.
    package var signingJob: String?
    /// True when the key was, or may have been, in a CI job that ran the code under test: `run
    /// --key` with `CI=true`, or `sign` in the suites' own job or where either job is unknown
    /// (``mayShareJob(testJob:signingJob:)``). That code could have read the key.
    package var keySharedJob: Bool?
    /// Where the folder came from as `sign --repo` read it (``ReportPipeline``); `nil` when the
    /// signer was not given the repository.
    package var pipeline: ReportPipeline?

    /// ``method`` for a report signed by the run itself.
    package static let runMethod = "run --key"
    /// ``method`` for a report signed afterwards by `acceptance-gate sign`.
    package static let signMethod = "sign"
    /// ``method`` for a report `acceptance-gate merge` wrote from its shards' signed reports.
    package static let mergeMethod = "merge"

    /// Whether a `sign` in `signingJob` may have shared the job of the suites in `testJob`: only a
    /// known signing job that differs from a known test job claims it did not.
    package static func mayShareJob(testJob: String?, signingJob: String?) -> Bool {
        guard let testJob, let signingJob else { return true }
        return testJob == signingJob
    }

    /// Creates a signature record.
    package init(
        signed: Bool, keyid: String? = nil, envelope: String? = nil, method: String? = nil, testJob: String? = nil,
        signingJob: String? = nil, keySharedJob: Bool? = nil, pipeline: ReportPipeline? = nil
    ) {
        self.signed = signed
        self.keyid = keyid
        self.envelope = envelope
        self.method = method
        self.testJob = testJob
        self.signingJob = signingJob
        self.keySharedJob = keySharedJob
        self.pipeline = pipeline
    }

    /// One line for `verify` and the console: how and where it was signed.
    package var provenance: String {
        var text = "signed by '\(method ?? "unknown")'"
        if let signingJob { text += " in \(signingJob)" }
        if let testJob { text += "; the suites ran in \(testJob)" }
        if keySharedJob == true {
            if method != Self.signMethod || (testJob != nil && testJob == signingJob) {
                text += "; the key was in the job that ran the code under test"
            } else {
                let unknown = testJob == nil ? "the suites' job is unknown" : "the signing job is unknown"
                text += "; the key may have been in the job that ran the code under test (\(unknown))"
            }
        } else if method == Self.signMethod {
            text += "; the key never was in the job that ran the code under test"
        }
        return text
    }
}
