//===----------------------------------------------------------------------===//
// ConformanceError+GateFailure.swift: a suite that cannot run is infrastructure.
//===----------------------------------------------------------------------===//

import GateFailure

extension ConformanceError: GateFailure {
    /// Exit 3: the decoder could not be run or did not answer as the protocol says.
    package var exitStatus: GateExitStatus { .infrastructure }
}
