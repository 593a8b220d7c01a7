//===----------------------------------------------------------------------===//
// GateRunError+GateFailure.swift: a run that cannot write its report is infrastructure.
//===----------------------------------------------------------------------===//

import GateFailure

extension GateRunError: GateFailure {
    /// Exit 2 for a folder the user named that is not the gate's; 3 when it cannot be written or
    /// another run holds it.
    package var exitStatus: GateExitStatus {
        switch self {
        case .outDirectoryForeign: .usage
        case .outDirectoryUnwritable, .outDirectoryInUse: .infrastructure
        }
    }
}
