//===----------------------------------------------------------------------===//
// TokenScanError+GateFailure.swift: a path the scan cannot read is a usage error.
//===----------------------------------------------------------------------===//

import GateFailure

extension TokenScanError: GateFailure {
    /// Exit 2: the path the user named cannot be scanned.
    package var exitStatus: GateExitStatus { .usage }
}
