//===----------------------------------------------------------------------===//
// ProcessSupervisor.swift: the one way the gate starts, stops and sweeps up its children.
//===----------------------------------------------------------------------===//

import GateCore

/// Starts every child the gate runs and is answerable for all of them: each one leads a new
/// process group (``ChildProcess/spawn(_:)``), is put under the interruption monitor as it starts,
/// and is stopped by the ``TeardownPolicy`` its caller gives as data (deadline, grace, stray group
/// members, output drain). After a stage, ``sweep(grace:)`` finds what escaped the groups.
///
/// A stage never spawns, tracks or tears down a child by hand: it asks the supervisor, so an
/// interruption, a deadline and a leftover are handled the same way for a suite, the fixture, an
/// external frame decoder, `xcresulttool` and `swift --version`.
package final class ProcessSupervisor: Sendable {
    /// A supervisor without an interruption monitor or a sweep: for commands that run helpers
    /// (`init`, `stamp`, `frames check`) and for tests.
    package static let standalone = ProcessSupervisor()

    /// Stops every supervised child when the gate is interrupted; `nil` when nothing listens.
    package let monitor: InterruptMonitor?
    /// Whether ``sweep(grace:)`` looks for escaped descendants: only for a supervisor that owns its
    /// whole process tree (`acceptance-gate run`, a subreaper); beside other work in one process,
    /// the other work's children are not this supervisor's to stop.
    package let sweepsDescendants: Bool

    /// The children being supervised, by process group: spared by the sweep while they run.
    private let live = Locked<[Int32: ChildProcess]>([:])

    /// Creates a supervisor.
    /// - Parameters:
    ///   - monitor: the interruption monitor every child is put under, if any.
    ///   - sweepsDescendants: whether ``sweep(grace:)`` searches (see the property).
    package init(monitor: InterruptMonitor? = nil, sweepsDescendants: Bool = false) {
        self.monitor = monitor
        self.sweepsDescendants = sweepsDescendants
    }

    /// The signal that interrupted the gate, or `nil` while it runs on.
    package var interruption: Int32? { monitor?.received }

    /// Starts `spec` under `policy`, tracked by the monitor at once (a child started after an
    /// interruption is stopped at once).
    /// - Throws: ``GateProcessError`` when it cannot be started.
    package func start(_ spec: ProcessSpec, policy: TeardownPolicy) throws(GateProcessError) -> SupervisedProcess {
        let child = try ChildProcess.spawn(spec)
        live.withLock { $0[child.processGroup] = child }
        monitor?.track(child)
        return SupervisedProcess(child: child, policy: policy, supervisor: self)
    }

    /// Runs `spec` to its end under `policy` and returns its status and captured output.
    ///
    /// Blocks the calling thread throughout (it polls `waitpid`); from async code, call it off the
    /// cooperative pool.
    /// - Throws: ``GateProcessError`` when the child cannot be started, cannot be waited for, or
    ///   survives SIGKILL (its group was killed and its output abandoned first).
    package func run(_ spec: ProcessSpec, policy: TeardownPolicy) throws(GateProcessError) -> ProcessResult {
        let process = try start(spec, policy: policy)
        let end = process.finish()
        if let failure = end.failure { throw failure }
        guard let status = end.status else { throw .stillRunning(command: process.child.command, pid: process.child.pid) }
        let stdout = process.child.capturedStdout()
        let stderr = process.child.capturedStderr()
        return ProcessResult(
            command: process.child.command, pid: process.child.pid, status: status, timedOut: end.timedOut,
            stdout: stdout.bytes, stderr: stderr.bytes, droppedStdoutBytes: stdout.droppedBytes,
            droppedStderrBytes: stderr.droppedBytes, outputComplete: end.outputComplete, teardown: end.teardown,
            duration: end.duration)
    }

    /// Runs `spec` with ``TeardownPolicy/command(timeout:grace:outputDrain:)``.
    package func run(
        _ spec: ProcessSpec, timeout: Duration, grace: Duration = .seconds(2), outputDrainLimit: Duration = .seconds(1)
    ) throws(GateProcessError) -> ProcessResult {
        try run(spec, policy: .command(timeout: timeout, grace: grace, outputDrain: outputDrainLimit))
    }

    /// Finds, names and stops the descendants that escaped every supervised group (``DescendantSweep``),
    /// sparing the children still supervised (the fixture while the suites run).
    /// - Returns: what was found; `searched` is false when this supervisor does not sweep or the
    ///   platform cannot look.
    package func sweep(grace: Duration = .seconds(2)) -> DescendantSweep.Outcome {
        guard sweepsDescendants else { return DescendantSweep.Outcome(found: [], killed: [], searched: false) }
        return DescendantSweep.sweep(sparing: Set(live.withLock { $0.keys }), grace: grace)
    }

    /// Finds, names and stops what `uid`, an account only separated suites use, still runs outside
    /// the supervised groups (``AccountSweep``): on macOS, where no subreaper sees what escaped.
    /// - Returns: what was found; `searched` is false where the process table cannot be read.
    package func sweep(account uid: UInt32, relay: SignalRelay, grace: Duration = .seconds(2)) -> DescendantSweep.Outcome {
        AccountSweep.sweep(uid: uid, sparing: Set(live.withLock { $0.keys }), relay: relay, grace: grace)
    }

    /// The processes that escaped every supervised group and keep open a pipe `process` reads
    /// (``OutputHolders``), the children still supervised spared; `nil` where the platform cannot tell.
    package func outputHolders(of process: SupervisedProcess) -> [LeftoverProcess]? {
        guard sweepsDescendants else { return nil }
        return OutputHolders.find(for: process.child.pid, sparing: Set(live.withLock { $0.keys }))
    }

    /// Takes `child` off the books: it was reaped and its group is gone.
    func release(_ child: ChildProcess) {
        _ = live.withLock { $0.removeValue(forKey: child.processGroup) }
        monitor?.untrack(child)
    }
}
