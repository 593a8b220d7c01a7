//===----------------------------------------------------------------------===//
// StageLog.swift: the stages a run went through and the problems they found.
//===----------------------------------------------------------------------===//

import GatePublishing
import GateReport

/// The record of a run's stages, in order, and every problem they returned. The only state the
/// pipeline accumulates: each stage's result is appended here, nothing reaches back into it.
struct StageLog {
    /// Each stage as the report lists it.
    private(set) var stages: [ReportStage] = []
    /// Every problem, in the order the stages found them.
    private(set) var problems: [ReportProblem] = []

    /// Records a finished stage.
    mutating func record<Value>(_ name: String, _ result: StageResult<Value>, seconds: Double?) {
        stages.append(ReportStage(name: name, status: result.status, durationSeconds: seconds, detail: result.detail))
        problems += result.problems
    }

    /// Records a stage that did not run.
    mutating func skip(_ name: String, because reason: String, aborted: Bool) {
        stages.append(ReportStage(name: name, status: aborted ? .aborted : .skipped, durationSeconds: 0, detail: reason))
    }

    /// Adds problems found outside a stage (the interruption).
    mutating func add(_ found: [ReportProblem]) {
        problems += found
    }
}
