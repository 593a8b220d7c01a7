//===----------------------------------------------------------------------===//
// SupervisedSuite.swift: the one way a suite's child runs, whatever the suite's kind.
//===----------------------------------------------------------------------===//

import GateConfig
import GateCore
import GateProcess
import GatePublishing
import GateReport
import SuiteDomain

/// The one way a suite's child runs, whatever its kind: started where the change's code runs (the
/// suites' domain when they run separated), under the run's supervisor and interruption monitor,
/// stopped by the suite's teardown (at its timeout SIGTERM, its grace, SIGKILL; what it left in its
/// group SIGTERM, its stray grace, SIGKILL), and judged for how it ended. The runner of each kind
/// reads what the child printed; how it ran is judged here only.
enum SupervisedSuite {
    /// Watches for processes that hold the suite's output after its tests finished
    /// (``OutputHoldWatch``), for a suite whose output streams into its log.
    struct HoldWatch: Sendable {
        /// Where the watch is kept, so the suite's output handler can tell it of each line.
        var slot: Locked<OutputHoldWatch?>
        /// The live line's text while something holds the output, `nil` once nothing does.
        var waiting: @Sendable (String?) -> Void
        /// One line when a holder is first seen.
        var noted: @Sendable (String) -> Void
    }

    /// How the child ran.
    struct Ended {
        /// How it ended, after its teardown.
        var end: ProcessEnd
        /// The child, for its captured output.
        var process: SupervisedProcess
        /// What its ending says: it could not be waited for, it ran past its timeout, it left
        /// processes behind.
        var problems: [ReportProblem]
        /// Whether it ran to its end by itself (no timeout, no failure to wait, no interruption):
        /// only then does what it did not reach say anything.
        var complete: Bool
        /// Whether the run was interrupted while it ran.
        var interrupted: Bool
        /// The processes stopped for holding its output (``HoldWatch``).
        var heldOutput: [LeftoverProcess]
    }

    /// Why the child did not start.
    struct StartFailure: Error {
        /// Whether it was the domain that refused it (rather than the spawn).
        var confining: Bool
        /// The cause, as the domain or the supervisor said it.
        var cause: String
        /// `it could not start: …`, or the domain's reason alone.
        var reason: String { confining ? cause : "it could not start: \(cause)" }
    }

    /// Runs `spec` as the suite `plan` runs: in `domain`, stopped by `plan`'s teardown.
    static func run(
        _ spec: ProcessSpec, plan: ConfigSuite, domain: SuiteDomain?, context: RunContext, holdWatch: HoldWatch? = nil
    ) throws(StartFailure) -> Ended {
        let supervisor = context.environment.supervisor
        let confined: ProcessSpec
        do {
            confined = try spec.confined(to: domain, supervisor: supervisor)
        } catch {
            throw StartFailure(confining: true, cause: error.description)
        }
        let process: SupervisedProcess
        do {
            process = try supervisor.start(confined, policy: plan.teardown)
        } catch {
            throw StartFailure(confining: false, cause: error.description)
        }
        // A background process a test left holding the test output keeps the runner waiting.
        let watch = holdWatch.map { hold in
            let watch = OutputHoldWatch(
                process: process, supervisor: supervisor, grace: plan.teardown.strayGrace, waiting: hold.waiting, noted: hold.noted)
            hold.slot.withLock { $0 = watch }
            return watch
        }
        let end = process.finish()
        let held = watch?.stop()
        let interrupted = context.interrupted
        let subject = ReportSubject.suite(plan.name)
        var problems: [ReportProblem] = []
        if let failure = end.failure {
            problems.append(ReportProblem(.suiteDidNotRun, subject: subject, claim: "it could not be waited for: \(failure.description)"))
        } else if end.timedOut {
            if !interrupted {
                problems.append(
                    ReportProblem(
                        .suiteTimedOut, subject: subject,
                        claim: "it ran past its timeout of \(ProgressReporter.seconds(plan.timeout.inSeconds)) and was stopped"
                            + (end.teardown.map { " (\($0.description))" } ?? "")))
            }
        } else if end.leftStrays {
            problems.append(
                StrayProcesses.problem(
                    .leftInGroup, found: end.teardown?.members ?? [], killed: end.teardown?.killed.count ?? 0, subject: subject))
        }
        if let held, !held.stopped.isEmpty, !interrupted {
            problems.append(StrayProcesses.problem(.holdingOutput, found: held.stopped, killed: held.killed.count, subject: subject))
        }
        return Ended(
            end: end, process: process, problems: problems, complete: !end.timedOut && end.failure == nil && !interrupted,
            interrupted: interrupted, heldOutput: held?.stopped ?? [])
    }
}
