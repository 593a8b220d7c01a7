//===----------------------------------------------------------------------===//
// StageResult.swift: what one stage of the run returns.
//===----------------------------------------------------------------------===//

import GateReport

/// What one stage returns: the value later stages and the report need, how the stage went, and
/// the problems it found. A stage reads its inputs and returns this; it writes into no other
/// stage's state, and the verdict is decided from all stages' problems at the end.
package struct StageResult<Value> {
    /// What the stage produced.
    package var value: Value
    /// How it went.
    package var status: ReportStageStatus
    /// One line about what happened (redacted before it is shown or written).
    package var detail: String
    /// What it found wrong.
    package var problems: [ReportProblem]
    /// Lines shown under the stage's progress line (redacted first), such as a failed suite's
    /// last log lines.
    package var notes: [String] = []

    /// A result; passed unless `status` says otherwise or there are problems.
    package init(_ value: Value, status: ReportStageStatus? = nil, detail: String, problems: [ReportProblem] = []) {
        self.value = value
        self.status = status ?? (problems.isEmpty ? .passed : .failed)
        self.detail = detail
        self.problems = problems
    }

    /// Adds problems found once the stage itself had ended (the sweep of what escaped it): they
    /// are the stage's, so a stage that passed fails, its detail naming the first, and its line
    /// never shows ✓ beside a verdict they decide (a suite's detail names it without the suite).
    package mutating func append(_ found: [ReportProblem]) {
        guard !found.isEmpty else { return }
        problems += found
        guard status == .passed, let first = found.first?.claim else { return }
        status = .failed
        detail += "; " + first
    }

    /// The same result around another value: status, detail, problems and notes carried over.
    package func map<Other>(_ transform: (Value) -> Other) -> StageResult<Other> {
        var result = StageResult<Other>(transform(value), status: status, detail: detail, problems: problems)
        result.notes = notes
        return result
    }
}
