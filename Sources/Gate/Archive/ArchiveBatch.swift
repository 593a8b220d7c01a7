//===----------------------------------------------------------------------===//
// ArchiveBatch.swift: many archived out folders verified at once, in order.
//===----------------------------------------------------------------------===//

import Dispatch
import GateSigning
import GateSync

/// Verifies many archived out folders (bulk `verify`) with ``ArchivedReport/load(folder:publicKey:)``,
/// spread over the machine's cores: each folder is independent, and most of the time goes to
/// reading, hashing and decoding rather than waiting.
package enum ArchiveBatch {
    /// The outcome for every folder, in the order of `folders`.
    package static func verify(folders: [String], publicKey: PublicKey) -> [Result<ArchivedReport, ArchivedReportError>] {
        let results = Locked([Result<ArchivedReport, ArchivedReportError>?](repeating: nil, count: folders.count))
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            let outcome: Result<ArchivedReport, ArchivedReportError>
            do throws(ArchivedReportError) {
                outcome = .success(try ArchivedReport.load(folder: folders[index], publicKey: publicKey))
            } catch {
                outcome = .failure(error)
            }
            results.withLock { $0[index] = outcome }
        }
        return results.withLock { $0 }.map { $0 ?? .failure(.notAReport("it was not read")) }
    }
}
