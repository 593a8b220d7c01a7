//===----------------------------------------------------------------------===//
// ProcessEnd.swift: how a supervised child's run ended, after its policy was carried out.
//===----------------------------------------------------------------------===//

/// How a supervised child's run ended (``SupervisedProcess/finish()``): its status, whether its
/// deadline was hit, how its group was stopped, and whether its output was read to the end.
package struct ProcessEnd: Equatable, Sendable {
    /// How the child ended; `nil` only when it could not be reaped (it survived SIGKILL, or the
    /// gate lost track of it).
    package var status: ExitStatus?
    /// True when the child was still running at its deadline and was stopped.
    package var timedOut: Bool
    /// How the group was stopped: at the deadline, or because members outlived the child.
    package var teardown: Teardown?
    /// False when a captured stream had not reached end of file within the policy's drain time.
    package var outputComplete: Bool
    /// The signal that interrupted the gate while the child ran (the monitor stopped the child),
    /// or `nil`.
    package var interruption: Int32?
    /// Time from spawning until the child was reaped and its output read.
    package var duration: Duration
    /// Why the child could not be waited for, when it could not.
    package var failure: GateProcessError?

    /// Whether members of the child's group outlived it and had to be stopped.
    package var leftStrays: Bool { teardown?.reason == .strayProcesses }
}
