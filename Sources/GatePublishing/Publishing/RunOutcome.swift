//===----------------------------------------------------------------------===//
// RunOutcome.swift: what a run ended with.
//===----------------------------------------------------------------------===//

import GateReport

/// What a run ended with: the report as written, the exit code, and the files it wrote.
package struct RunOutcome: Sendable {
    /// The report (also in `report.json`).
    package var report: GateReport
    /// 0 accepted, 1 rejected, 3 infrastructure, 128 + signal when interrupted.
    package var exitCode: Int32
    /// The files written, relative to the out folder.
    package var files: [String]

    /// An outcome.
    package init(report: GateReport, exitCode: Int32, files: [String]) {
        self.report = report
        self.exitCode = exitCode
        self.files = files
    }
}
