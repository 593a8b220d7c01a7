//===----------------------------------------------------------------------===//
// StrayProcesses.swift: the processes a stage's child left running, as one problem.
//===----------------------------------------------------------------------===//

import GateProcess
import GatePublishing
import GateReport

/// The processes a stage's child left running, stopped by the gate: one problem, whichever of the
/// three ways the gate found them. Its sentence names at most five and says how many needed SIGKILL.
enum StrayProcesses {
    /// How they were found.
    enum Way {
        /// Still in the child's process group after it exited (the teardown's stray grace).
        case leftInGroup
        /// Outside the group, holding the test output open after the tests finished
        /// (``OutputHoldWatch``).
        case holdingOutput
        /// Escaped the group (`setsid`, a double fork) and found by the sweep after the stage.
        case escaped
    }

    /// The problem of `found` (the processes stopped, `killed` of them by SIGKILL), about
    /// `subject`; `owner` opens the sentence of a subject that does not open its own (the fixture).
    static func problem(
        _ way: Way, found: [LeftoverProcess], killed: Int, subject: ReportSubject, owner: String? = nil
    ) -> ReportProblem {
        let names = found.prefix(5).map(\.description).joined(separator: ", ") + (found.count > 5 ? ", …" : "")
        let sigkill = killed > 0 ? " (\(killed) needed SIGKILL)" : ""
        let claim =
            switch way {
            case .leftInGroup:
                "it left processes running after it exited, which were stopped\(found.isEmpty ? "" : ": " + names)\(sigkill)"
            case .holdingOutput:
                "its tests had finished, but processes they started kept holding the test output, which kept the runner waiting;"
                    + " they were stopped: \(names)\(sigkill)"
            case .escaped:
                "\(found.count) process(es) escaped its process group and were still running: \(names); they were stopped\(sigkill)"
            }
        return ReportProblem(.strayProcesses, subject: subject, claim: owner.map { "\($0): \(claim)" } ?? claim)
    }
}
