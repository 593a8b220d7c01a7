//===----------------------------------------------------------------------===//
// TokenScanError+GateFailure.swift: a path the scan cannot read is a usage error.
//===----------------------------------------------------------------------===//

import GateFailure

extension TokenScanError: GateFailure {
    /// Exit 2 when the path the user named cannot be scanned; an interrupted scan is the
    /// infrastructure's (the caller exits 130 or 143 from its own signal).
    package var exitStatus: GateExitStatus {
        switch self {
        case .unreadable, .isDirectory, .refused: .usage
        case .interrupted: .infrastructure
        }
    }
}
