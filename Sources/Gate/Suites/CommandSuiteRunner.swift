//===----------------------------------------------------------------------===//
// CommandSuiteRunner.swift: a command suite, judged on its exit status.
//===----------------------------------------------------------------------===//

import GatePublishing

/// Runs a command suite: a ``ConsoleSuite`` that reads no test lines, judged on how it exits.
struct CommandSuiteRunner: SuiteRunner {
    func run(_ input: SuiteInput, context: RunContext) -> StageResult<SuiteOutcome> {
        ConsoleSuite.run(input, reading: nil, context: context)
    }
}
