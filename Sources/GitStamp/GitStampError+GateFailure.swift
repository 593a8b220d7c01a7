//===----------------------------------------------------------------------===//
// GitStampError+GateFailure.swift: a stamp that cannot be read is infrastructure.
//===----------------------------------------------------------------------===//

import GateFailure

extension GitStampError: GateFailure {
    /// Exit 3: no repository, another owner, libgit2 failed; 2 for a revision the user named
    /// that is not there.
    package var exitStatus: GateExitStatus {
        if case .unknownRevision = self { return .usage }
        return .infrastructure
    }
}
