//===----------------------------------------------------------------------===//
// SuiteRunner.swift: what runs a suite of one kind.
//===----------------------------------------------------------------------===//

import GatePublishing

/// Runs the suites of one kind (``SuiteStage/runner(for:)`` chooses by the suite's kind): starts
/// its child through ``SupervisedSuite``, reads what the child printed, and judges the suite.
protocol SuiteRunner {
    /// Runs `input`'s suite in `context` and returns its record and problems.
    func run(_ input: SuiteInput, context: RunContext) -> StageResult<SuiteOutcome>
}
