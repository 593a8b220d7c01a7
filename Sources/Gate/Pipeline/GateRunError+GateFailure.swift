//===----------------------------------------------------------------------===//
// GateRunError+GateFailure.swift: a run that cannot write its report is infrastructure.
//===----------------------------------------------------------------------===//

import GateFailure

extension GateRunError: GateFailure {
    /// Exit 3: the out folder cannot be written.
    package var exitStatus: GateExitStatus { .infrastructure }
}
