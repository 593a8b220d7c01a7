//===----------------------------------------------------------------------===//
// FrameSuiteRun.swift: what the frames suite produced.
//===----------------------------------------------------------------------===//

import GateReport

/// What the frames suite produced: the suite (one test per acceptance point) and, when it ran
/// to the end, the report's frames section.
struct FrameSuiteRun {
    /// The suite record.
    var suite: ReportSuite
    /// The frames section; `nil` when the suite did not finish.
    var frames: ReportFrames?
}
