// InterruptMonitor.swift
//
// The supervisor's own signals: SIGINT, SIGTERM and SIGHUP stop every child group, then the caller
// finishes its report and exits 128 + the signal.

internal import Dispatch
import GateCore

/// Catches the signals that cancel a run and stops every tracked child's process group.
///
/// CI cancels with SIGINT, then SIGTERM 7.5 seconds later, then SIGKILL; a person presses Ctrl-C.
/// Either way the gate must stop its children and still write an `aborted` report. While installed,
/// the monitored signals no longer end this process: the first one is recorded (``received``) and
/// every tracked group gets SIGTERM, then SIGKILL after ``stopGrace``, all within 5 seconds. A second
/// signal sends SIGKILL at once. The caller sees ``received`` between its stages (its children's waits
/// return as they die), writes its report, and exits with ``exitCode`` (130 for SIGINT, 143 for SIGTERM).
///
/// Ignored dispositions survive exec, so a child would inherit these SIG_IGNs (and XNU drops an
/// ignored signal before `sigwait` can see it, so a child could not even catch SIGTERM there).
/// `ChildProcess.spawn` therefore resets every signal (`sigfillset`) to its default in the child;
/// a process started any other way would inherit them.
package final class InterruptMonitor: Sendable {
    /// How long a child group gets between SIGTERM and SIGKILL after an interruption.
    package let stopGrace: Duration
    /// The monitored signals.
    package let signals: [Int32]

    private struct State {
        var received: Int32?
        var count = 0
        var children: [Int32: ChildProcess] = [:]
        var sources: [any DispatchSourceSignal] = []
        var stopping = DispatchGroup()
    }

    private let state = Locked(State())
    private let queue = DispatchQueue(label: "acceptance-gate.interrupt-monitor")

    /// Starts monitoring `signals` for this whole process.
    /// - Parameters:
    ///   - signals: the signals that cancel the run; SIGINT, SIGTERM and SIGHUP by default.
    ///   - stopGrace: SIGTERM's grace period for each child group (3 seconds by default, which with
    ///     SIGKILL's wait keeps a stop within 5 seconds).
    package init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], stopGrace: Duration = .seconds(3)) {
        self.signals = signals
        self.stopGrace = stopGrace
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            // A dispatch source sees the signal only once its default action (death) is disabled.
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.handle(number) }
            source.resume()
            sources.append(source)
        }
        state.withLock { $0.sources = sources }
    }

    /// Stops monitoring and restores the signals' default actions.
    package func cancel() {
        let sources = state.withLock { state in
            defer { state.sources = [] }
            return state.sources
        }
        for source in sources {
            source.cancel()
        }
        if !sources.isEmpty {
            for number in signals {
                _ = signal(number, SIG_DFL)
            }
        }
    }

    deinit {
        cancel()
    }

    /// The first signal received, or `nil` while the run goes on.
    package var received: Int32? {
        state.withLock { $0.received }
    }

    /// The exit code for an interrupted run: 128 + the signal (130 for SIGINT, 143 for SIGTERM);
    /// `nil` while no signal arrived.
    package var exitCode: Int32? {
        received.map { 128 + $0 }
    }

    /// Puts `child` under the monitor: an interruption stops its group. A child tracked after the
    /// interruption is stopped at once.
    package func track(_ child: ChildProcess) {
        let interrupted = state.withLock { state -> Int32? in
            state.children[child.pid] = child
            return state.received
        }
        if let interrupted {
            stop([child], signal: interrupted)
        }
    }

    /// Takes `child` out from under the monitor (it was reaped and proven gone).
    package func untrack(_ child: ChildProcess) {
        _ = state.withLock { $0.children.removeValue(forKey: child.pid) }
    }

    /// Waits until the stops begun by an interruption have finished, or `deadline` passes.
    /// - Returns: true when every stop finished.
    @discardableResult
    package func waitForStops(until deadline: ContinuousClock.Instant) -> Bool {
        let group = state.withLock { $0.stopping }
        let nanoseconds = Int(clamping: SystemCall.nanoseconds(max(deadline - .now, .zero)))
        return group.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
    }

    /// Simulates the arrival of `number` (for tests and for callers that learn of a cancellation
    /// some other way).
    package func interrupt(with number: Int32) {
        queue.async { [weak self] in self?.handle(number) }
    }

    /// The first signal stops every tracked group gracefully; a later one kills them at once.
    private func handle(_ number: Int32) {
        let (first, children) = state.withLock { state -> (Bool, [ChildProcess]) in
            state.count += 1
            if state.received == nil {
                state.received = number
            }
            return (state.count == 1, Array(state.children.values))
        }
        if first {
            stop(children, signal: number)
        } else {
            for child in children {
                child.signalGroup(SIGKILL)
            }
        }
    }

    /// Stops each child's group on its own thread: SIGTERM, ``stopGrace``, SIGKILL.
    private func stop(_ children: [ChildProcess], signal number: Int32) {
        let group = state.withLock { $0.stopping }
        let grace = stopGrace
        for child in children {
            group.enter()
            DispatchQueue.global().async {
                _ = child.terminate(grace: grace, reason: .interrupted(signal: number), killWait: .seconds(1))
                group.leave()
            }
        }
    }
}
