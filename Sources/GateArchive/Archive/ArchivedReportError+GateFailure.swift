//===----------------------------------------------------------------------===//
// ArchivedReportError+GateFailure.swift: an archive that does not verify is a "no" (exit 1).
//===----------------------------------------------------------------------===//

import Gate
import GateFailure

extension ArchivedReportError: GateFailure {
    /// Exit 1, as `verify` ends for evidence that does not hold.
    package var exitStatus: GateExitStatus { .failure }
}
