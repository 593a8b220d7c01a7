//===----------------------------------------------------------------------===//
// TeardownPolicy.swift: how long a supervised child may run and how its group is stopped, as data.
//===----------------------------------------------------------------------===//

/// How long a supervised child may run and how its process group is stopped: at its deadline, when
/// it exits but leaves members running in its group, and when a caller stops it. Every stage states
/// its policy as a value; ``SupervisedProcess`` carries it out the same way for all of them.
package struct TeardownPolicy: Equatable, Hashable, Sendable {
    /// The longest the child may run, from spawning; `nil` for a service that runs until it is
    /// stopped (``SupervisedProcess/stop(reason:)``).
    package var deadline: Duration?
    /// SIGTERM's grace before SIGKILL, at the deadline and on a requested stop.
    package var grace: Duration
    /// SIGTERM's grace for members left in the group after the child exited.
    package var strayGrace: Duration
    /// How long to wait for the group to vanish after SIGKILL.
    package var killWait: Duration
    /// How long to wait for end of file on the output pipes once the group is gone; output still
    /// arriving then (a process outside the group holds the pipe) makes the output incomplete.
    package var outputDrain: Duration

    /// Creates a policy.
    package init(
        deadline: Duration?, grace: Duration, strayGrace: Duration? = nil, killWait: Duration = .seconds(2),
        outputDrain: Duration = .seconds(1)
    ) {
        self.deadline = deadline
        self.grace = grace
        self.strayGrace = strayGrace ?? grace
        self.killWait = killWait
        self.outputDrain = outputDrain
    }

    /// A command run to completion: at most `timeout`, then SIGTERM, `grace`, SIGKILL.
    package static func command(
        timeout: Duration, grace: Duration = .seconds(2), outputDrain: Duration = .seconds(1)
    ) -> TeardownPolicy {
        TeardownPolicy(deadline: timeout, grace: grace, outputDrain: outputDrain)
    }

    /// A service (the fixture) that runs until it is stopped, with `stopGrace` after SIGTERM.
    package static func service(stopGrace: Duration, outputDrain: Duration = .seconds(2)) -> TeardownPolicy {
        TeardownPolicy(deadline: nil, grace: stopGrace, outputDrain: outputDrain)
    }
}
