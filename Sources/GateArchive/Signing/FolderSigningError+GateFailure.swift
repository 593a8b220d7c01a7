//===----------------------------------------------------------------------===//
// FolderSigningError+GateFailure.swift: how `sign` ends when it refuses.
//===----------------------------------------------------------------------===//

import Gate
import GateFailure

extension FolderSigningError: GateFailure {
    /// Exit 1 for evidence that does not hold (changed files, another commit), as `verify` ends;
    /// 2 for a folder that is not a run's or is already signed; 3 for a report that is not whole
    /// (aborted, incomplete: the evidence is missing, as `merge` says of such a shard) or a folder
    /// that cannot be written.
    package var exitStatus: GateExitStatus {
        switch self {
        case .unverified, .notAReport, .wrongCommit: .failure
        case .notAnOutFolder, .alreadySigned: .usage
        case .aborted, .incomplete, .unwritable: .infrastructure
        }
    }
}
