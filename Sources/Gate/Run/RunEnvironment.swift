//===----------------------------------------------------------------------===//
// RunEnvironment.swift: what a run takes from the process around it.
//===----------------------------------------------------------------------===//

import GateProcess

/// What a run takes from the process around it: the environment, the gate's own executable (for
/// the built-in fixture), the clock, where progress goes, and the interruption monitor.
package struct RunEnvironment: Sendable {
    /// The process environment (suites inherit it, plus the fixture's URLs).
    package var variables: [String: String]
    /// The `acceptance-gate` executable that serves the built-in fixture and checks frames.
    package var gateExecutable: String
    /// The file those children are started from when it is not ``gateExecutable`` (the running
    /// gate's ``Platform/ownImage``), so replacing the gate's file mid-run does not replace them.
    package var gateImage: String?
    /// The gate's version, for the report and the statement.
    package var gateVersion: String
    /// Wall-clock seconds since 1970, for the report's timestamps (fixed in tests).
    package var wallClock: @Sendable () -> Double
    /// Where progress lines go.
    package var progress: ProgressReporter
    /// Starts, stops and sweeps up every child of the run, under the interruption monitor.
    package let supervisor: ProcessSupervisor
    /// The command that prints the toolchain version (`swift --version`); the platform's default when `nil`.
    package var swiftCommand: [String]?
    /// Stops every child when the gate itself is interrupted; `nil` in tests that do not need it.
    package var monitor: InterruptMonitor? { supervisor.monitor }
    /// The signal that interrupted the run, if one did: the one place every stage asks.
    var interruption: Int32? { supervisor.interruption }
    /// Whether a signal interrupted the run.
    var interrupted: Bool { interruption != nil }

    /// Creates an environment.
    ///
    /// `sweepsDescendants` says whether the run sweeps up the descendants that escaped a stage's
    /// process group (``ProcessSupervisor/sweep(grace:)``): true for `acceptance-gate run`, which
    /// is the subreaper of its whole tree; false in-process beside other work, whose children are
    /// not the run's.
    package init(
        variables: [String: String], gateExecutable: String, gateImage: String? = nil, gateVersion: String,
        wallClock: @escaping @Sendable () -> Double, progress: ProgressReporter, monitor: InterruptMonitor?,
        swiftCommand: [String]? = nil, sweepsDescendants: Bool = false
    ) {
        self.variables = variables
        self.gateExecutable = gateExecutable
        self.gateImage = gateImage
        self.gateVersion = gateVersion
        self.wallClock = wallClock
        self.progress = progress
        self.supervisor = ProcessSupervisor(monitor: monitor, sweepsDescendants: sweepsDescendants)
        self.swiftCommand = swiftCommand
    }
}
