//===----------------------------------------------------------------------===//
// FixtureError+GateFailure.swift: how each fixture failure ends the process.
//===----------------------------------------------------------------------===//

import GateFailure

extension FixtureError: GateFailure {
    /// Exit 2 for ports the user gave that cannot work, 3 for the machine (a port in use, a
    /// system call, the ledger write).
    package var exitStatus: GateExitStatus {
        switch self {
        case .invalidPorts: .usage
        case .portInUse, .portNotPermitted, .alreadyStarted, .systemCallFailed, .ledgerWriteFailed, .malformedLedger: .infrastructure
        }
    }
}
