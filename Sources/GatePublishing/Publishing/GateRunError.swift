//===----------------------------------------------------------------------===//
// GateRunError.swift: why a run could not write its report (infrastructure, exit 3).
//===----------------------------------------------------------------------===//

import GateCore

/// Why a run could not even write its report. Everything else a run meets is a problem in the
/// report (``GateReport/ReportProblem``); this is the one failure that leaves no report to hold it.
package enum GateRunError: Error, Equatable, CustomStringConvertible {
    /// The out folder (or a file in it) cannot be written.
    case outDirectoryUnwritable(path: String, reason: String)
    /// The out folder holds files and was not written by acceptance-gate: a run would replace
    /// what it holds, so it is refused.
    case outDirectoryForeign(path: String, entry: String)
    /// Another run holds the out folder's lock.
    case outDirectoryInUse(path: String)
    /// `run` was started inside another run of the gate (``NestedRun``); `sign` says how it knows.
    case nestedRun(sign: String)

    /// One line naming the thing and what to do.
    package var description: String {
        switch self {
        case .outDirectoryUnwritable(let path, let reason):
            "cannot write to '\(path)': \(reason); choose a writable folder with --out"
        case .outDirectoryForeign(let path, let entry):
            "'\(path)' is not empty and was not written by acceptance-gate (it holds '\(entry)'), and a run would replace "
                + "what is there; choose an empty folder with --out, or one an earlier run wrote"
        case .outDirectoryInUse(let path):
            "another acceptance-gate run is using '\(path)' (its lock is held); wait for it, or choose another folder with --out"
        case .nestedRun(let sign):
            "refusing to run inside another acceptance-gate run (\(sign)): the code under test may not start the gate; "
                + "run the gate from the pipeline or a shell, not from a suite"
        }
    }
}

extension GateRunError: GateFailure {
    /// Exit 2 for a folder the user named that is not the gate's and for a run inside a run; 3 when it cannot be written or
    /// another run holds it.
    package var exitStatus: GateExitStatus {
        switch self {
        case .outDirectoryForeign, .nestedRun: .usage
        case .outDirectoryUnwritable, .outDirectoryInUse: .infrastructure
        }
    }
}
