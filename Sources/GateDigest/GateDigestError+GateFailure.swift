//===----------------------------------------------------------------------===//
// GateDigestError+GateFailure.swift: how a file that cannot be hashed ends the process.
//===----------------------------------------------------------------------===//

import GateFailure

extension GateDigestError: GateFailure {
    /// The file's own status: 2 for a path that names the wrong thing, 3 for a failed system call.
    package var exitStatus: GateExitStatus {
        switch self {
        case .unreadable(let error): error.exitStatus
        }
    }
}
