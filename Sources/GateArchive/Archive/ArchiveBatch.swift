//===----------------------------------------------------------------------===//
// ArchiveBatch.swift: many archived reports verified at once, in order.
//===----------------------------------------------------------------------===//

import Dispatch
import GateCore
import GateSigning

/// Verifies many archived reports (bulk `verify`) with ``ArchivedReport/load(envelopeAt:directory:publicKey:)``,
/// spread over the machine's cores: each report is independent, and the time goes to reading,
/// hashing, checking signatures and decoding rather than waiting. Each verified report is reduced
/// by `summarize` at once, so memory holds one small value per report, not every report.
package enum ArchiveBatch {
    /// The outcome for every envelope, in the order of `envelopes`.
    package static func verify<Summary: Sendable>(
        envelopes: [String], publicKey: PublicKey, summarize: @Sendable (ArchivedReport) -> Summary
    ) -> [Result<Summary, ArchivedReportError>] {
        let results = Locked([Result<Summary, ArchivedReportError>?](repeating: nil, count: envelopes.count))
        DispatchQueue.concurrentPerform(iterations: envelopes.count) { index in
            let outcome: Result<Summary, ArchivedReportError>
            do throws(ArchivedReportError) {
                outcome = .success(summarize(try ArchivedReport.load(envelopeAt: envelopes[index], publicKey: publicKey)))
            } catch {
                outcome = .failure(error)
            }
            results.withLock { $0[index] = outcome }
        }
        return results.withLock { $0 }.map { $0 ?? .failure(.notAReport("it was not read")) }
    }
}
