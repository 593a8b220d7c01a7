//===----------------------------------------------------------------------===//
// SuiteOutcome.swift: what one suite of any kind produced.
//===----------------------------------------------------------------------===//

import GatePublishing
import GateReport

/// What one suite produced, whatever its kind: its record and, for a frames suite that ran to
/// the end, the report's frames section.
struct SuiteOutcome {
    /// The suite record.
    var suite: ReportSuite
    /// The frames section; `nil` for other kinds, and when the frames suite did not finish.
    var frames: ReportFrames?
    /// The fetch of its remote dependencies run before it (``SuiteFetch``); `nil` when none ran.
    var fetch: ReportSuiteFetch?
}
