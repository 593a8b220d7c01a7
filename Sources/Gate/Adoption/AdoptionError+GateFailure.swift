//===----------------------------------------------------------------------===//
// AdoptionError+GateFailure.swift: how each `init` failure ends the process.
//===----------------------------------------------------------------------===//

import GateFailure

extension AdoptionError: GateFailure {
    /// Exit 1 for files `init` will not overwrite, 2 for a bad name or folder, 3 for a write.
    package var exitStatus: GateExitStatus {
        switch self {
        case .filesExist: .failure
        case .notADirectory, .invalidName: .usage
        case .unknownPlaceholder, .directoryFailed, .writeFailed: .infrastructure
        }
    }
}
