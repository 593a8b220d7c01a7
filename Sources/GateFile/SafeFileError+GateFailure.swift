//===----------------------------------------------------------------------===//
// SafeFileError+GateFailure.swift: how a refused or unreadable file ends the process.
//===----------------------------------------------------------------------===//

import GateFailure

extension SafeFileError: GateFailure {
    /// Exit 2 for a path that names the wrong thing (missing, not a regular file, outside its
    /// folder, too large): the input is wrong. Exit 3 when a system call failed on the machine.
    /// A caller for which a refused file is evidence (a log, a report) turns it into its own
    /// problem rather than passing this status on.
    package var exitStatus: GateExitStatus {
        switch self {
        case .missing, .notRegular, .outsideFolder, .tooLarge: .usage
        case .systemCallFailed: .infrastructure
        }
    }
}
