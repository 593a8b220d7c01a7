//===----------------------------------------------------------------------===//
// SupervisedProcess.swift: one child under a supervisor, stopped by its policy.
//===----------------------------------------------------------------------===//

/// One child started by a ``ProcessSupervisor``: ``finish()`` waits for it under its
/// ``TeardownPolicy``; a service is ended with ``stop(reason:grace:)`` and, once its exit is proven,
/// ``release()``.
package final class SupervisedProcess: Sendable {
    /// The child (its pid leads its process group).
    package let child: ChildProcess
    /// How it is stopped.
    package let policy: TeardownPolicy
    private let supervisor: ProcessSupervisor

    init(child: ChildProcess, policy: TeardownPolicy, supervisor: ProcessSupervisor) {
        self.child = child
        self.policy = policy
        self.supervisor = supervisor
    }

    /// After an interruption, the most the output drain may wait: the 5 seconds from the signal
    /// are for stopping, not for reading what a process outside the group still writes.
    static let interruptedDrain = Duration.milliseconds(250)

    /// The policy's drain, or ``interruptedDrain`` once the gate was interrupted.
    private var drainLimit: Duration {
        supervisor.interruption == nil ? policy.outputDrain : min(policy.outputDrain, Self.interruptedDrain)
    }

    /// A deadline no service reaches: a year.
    private static let unbounded = Duration.seconds(365 * 86_400)

    /// Waits until the child exits or its deadline passes, then carries out the policy: at the
    /// deadline its group gets SIGTERM, `grace`, SIGKILL; when it exited leaving members in its group,
    /// those get the same with `strayGrace`. Then its output is read to end of file (at most
    /// `outputDrain`) and it is released from the supervisor and the monitor.
    /// - Returns: how it ended; never throws: a child that cannot be waited for is killed and the
    ///   reason is in ``ProcessEnd/failure``.
    package func finish() -> ProcessEnd {
        var status: ExitStatus?
        var timedOut = false
        var teardown: Teardown?
        var failure: GateProcessError?
        do throws(GateProcessError) {
            status = try child.wait(until: child.startedAt + (policy.deadline ?? Self.unbounded))
            if status == nil {
                timedOut = true
                teardown = child.terminate(grace: policy.grace, reason: .deadline, killWait: policy.killWait)
                status = try child.wait(timeout: policy.killWait)
            } else if !child.isGroupEmpty() {
                teardown = child.terminate(grace: policy.strayGrace, reason: .strayProcesses, killWait: policy.killWait)
            }
        } catch {
            // Leave nothing behind even when the child was lost track of.
            failure = error
            _ = child.terminate(grace: .zero, reason: .requested)
            status = try? child.exitStatus()
        }
        let complete = child.finishOutput(within: failure == nil ? drainLimit : .zero)
        supervisor.release(child)
        return ProcessEnd(
            status: status, timedOut: timedOut, teardown: teardown, outputComplete: complete,
            interruption: supervisor.interruption, duration: .now - child.startedAt, failure: failure)
    }

    /// Stops a running child's group: SIGTERM, `grace` (the policy's by default), SIGKILL. The child
    /// stays supervised until ``release()``, so its exit can be proven first.
    /// - Returns: what the stop took, or `nil` when the group was already gone.
    package func stop(reason: TeardownReason = .requested, grace: Duration? = nil) -> Teardown? {
        child.terminate(grace: grace ?? policy.grace, reason: reason, killWait: policy.killWait)
    }

    /// Reads the child's output to end of file (at most the policy's `outputDrain`) and releases it
    /// from the supervisor and the monitor. Call it once the child is gone.
    /// - Returns: whether the output reached end of file.
    @discardableResult
    package func release() -> Bool {
        let complete = child.finishOutput(within: drainLimit)
        supervisor.release(child)
        return complete
    }
}
