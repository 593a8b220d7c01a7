//===----------------------------------------------------------------------===//
// GateRunError.swift: why a run could not write its report (infrastructure, exit 3).
//===----------------------------------------------------------------------===//

/// Why a run could not even write its report. Everything else a run meets is a problem in the
/// report (``GateReport/ReportProblem``); this is the one failure that leaves no report to hold it.
package enum GateRunError: Error, Equatable, CustomStringConvertible {
    /// The out folder (or a file in it) cannot be written.
    case outDirectoryUnwritable(path: String, reason: String)

    /// One line naming the thing and what to do.
    package var description: String {
        switch self {
        case .outDirectoryUnwritable(let path, let reason):
            "cannot write to '\(path)': \(reason); choose a writable folder with --out"
        }
    }
}
