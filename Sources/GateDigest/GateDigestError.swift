//===----------------------------------------------------------------------===//
// GateDigestError.swift: why a digest could not be computed.
//===----------------------------------------------------------------------===//

import GateCore

/// Why a digest could not be computed.
package enum GateDigestError: Error, Equatable, CustomStringConvertible {
    /// The file was refused (a FIFO, a device, a symbolic link, outside its folder) or could not
    /// be opened or read; the ``SafeFileError`` says which.
    case unreadable(SafeFileError)

    /// One line naming the file and what to do.
    package var description: String {
        switch self {
        case .unreadable(let error):
            "cannot hash '\(error.path)': \(error.reason); check that it is a regular file where it belongs"
        }
    }
}

extension GateDigestError: GateFailure {
    /// The file's own status: 2 for a path that names the wrong thing, 3 for a failed system call.
    package var exitStatus: GateExitStatus {
        switch self {
        case .unreadable(let error): error.exitStatus
        }
    }
}
