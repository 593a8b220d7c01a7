//===----------------------------------------------------------------------===//
// AdoptionError+GateFailure.swift: how each `init` failure ends the process.
//===----------------------------------------------------------------------===//

import Gate
import GateFailure

extension AdoptionError: GateFailure {
    /// Exit 1 for files `init` will not overwrite; 2 for a bad name or folder, no package, or a
    /// target, scheme or project to choose; 3 for a package SwiftPM cannot read or a write.
    package var exitStatus: GateExitStatus {
        switch self {
        case .filesExist: .failure
        case .notADirectory, .invalidName, .noPackage, .ambiguousTarget, .unknownTarget, .ambiguousXcodeContainer,
            .ambiguousScheme, .unknownScheme:
            .usage
        case .unknownPlaceholder, .directoryFailed, .writeFailed, .packageUnreadable: .infrastructure
        }
    }
}
