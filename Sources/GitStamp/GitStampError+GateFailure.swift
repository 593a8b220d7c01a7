//===----------------------------------------------------------------------===//
// GitStampError+GateFailure.swift: a stamp that cannot be read is infrastructure.
//===----------------------------------------------------------------------===//

import GateFailure

extension GitStampError: GateFailure {
    /// Exit 3: no repository, another owner, libgit2 failed.
    package var exitStatus: GateExitStatus { .infrastructure }
}
