//===----------------------------------------------------------------------===//
// GateReportError+GateFailure.swift: how each report failure ends the process.
//===----------------------------------------------------------------------===//

import GateFailure

extension GateReportError: GateFailure {
    /// Exit 2 for input the user named (a file that cannot be read or is no report, a template, a
    /// format name), 3 for a write or an encoding the machine failed at.
    package var exitStatus: GateExitStatus {
        switch self {
        case .notAReport, .templateSyntax, .templatesNotFound, .unknownFormat, .fileTooLarge, .readFailed: .usage
        case .writeFailed, .directoryFailed, .encodingFailed: .infrastructure
        }
    }
}
