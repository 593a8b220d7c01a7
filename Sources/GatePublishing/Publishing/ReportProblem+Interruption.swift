//===----------------------------------------------------------------------===//
// ReportProblem+Interruption.swift: the problem of a run stopped by a signal.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess
import GateReport

extension ReportProblem {
    /// The problem that makes an interrupted run `aborted` (exit 128 + `signal`): the run's own,
    /// and the publisher's when the signal comes during the render.
    package static func interruption(by signal: Int32) -> ReportProblem {
        let name = ExitStatus.signalName(signal) ?? "signal \(signal)"
        // Ctrl-C is how a person sends SIGINT; CI sends it too, but a person reads this line first.
        let cause = signal == SIGINT ? "Ctrl-C (\(name))" : name
        return ReportProblem(
            .interrupted, subject: .run, "the run was interrupted by \(cause); every child was stopped", signal: Int(signal))
    }
}
