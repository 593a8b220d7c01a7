//===----------------------------------------------------------------------===//
// OutputHoldWatch.swift: a suite whose runner finished but waits on a stray that holds its output.
//===----------------------------------------------------------------------===//

import Dispatch
import GateCore
import GateProcess
import GatePublishing

/// Watches a running suite for the stray that keeps it from ending: its test process exited, its
/// output went quiet, and yet the runner has not exited, because a process a test started in the
/// background still holds the test output open (``OutputHolders``). `swift test` on Linux prints
/// the XCTest output only once that pipe closes (measured with Swift 6.3.1: every line came at
/// once, when the stray ended), so no summary line can be waited for: the runner having no test
/// process left is the sign. The live line says so at
/// once (`waiting for pid N (sleep 300) holding the test output`); after `grace` the holders
/// are stopped like any stray and the suite's runner, reading end of file, finishes.
///
/// `@unchecked Sendable`: its state is behind a lock, and the timer is only scheduled, resumed
/// and cancelled.
final class OutputHoldWatch: @unchecked Sendable {
    private struct State {
        var lastOutput = ContinuousClock.now
        var seenAt: ContinuousClock.Instant?
        var stopped: [LeftoverProcess] = []
        var killed: [LeftoverProcess] = []
        var done = false
    }

    /// How long the output must be quiet before the holders are looked for.
    static let quiet = Duration.seconds(1)

    private let state = Locked(State())
    /// Held across a check and by ``stop()``: once `stop()` returns, no check is stopping a holder
    /// it has not recorded.
    private let checking = Locked(())
    private let timer: any DispatchSourceTimer

    /// Starts watching `process` under `supervisor`; `waiting` gets the live line's text (or
    /// `nil` once nothing waits), `noted` one line when a holder is first seen.
    init(
        process: SupervisedProcess, supervisor: ProcessSupervisor, grace: Duration, waiting: @escaping @Sendable (String?) -> Void,
        noted: @escaping @Sendable (String) -> Void
    ) {
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
        timer.setEventHandler { [weak self] in
            self?.check(process: process, supervisor: supervisor, grace: grace, waiting: waiting, noted: noted)
        }
        timer.resume()
    }

    deinit { timer.cancel() }

    /// One line of the suite's output came.
    func observe() {
        state.withLock { $0.lastOutput = .now }
    }

    /// Stops watching; returns the holders that were stopped and those that needed SIGKILL.
    func stop() -> (stopped: [LeftoverProcess], killed: [LeftoverProcess]) {
        checking.withLock { _ in state.withLock { $0.done = true } }
        timer.cancel()
        return state.withLock { ($0.stopped, $0.killed) }
    }

    private func check(
        process: SupervisedProcess, supervisor: ProcessSupervisor, grace: Duration, waiting: @Sendable (String?) -> Void,
        noted: @Sendable (String) -> Void
    ) {
        checking.withLock { _ in checkOnce(process: process, supervisor: supervisor, grace: grace, waiting: waiting, noted: noted) }
    }

    private func checkOnce(
        process: SupervisedProcess, supervisor: ProcessSupervisor, grace: Duration, waiting: @Sendable (String?) -> Void,
        noted: @Sendable (String) -> Void
    ) {
        let snapshot = state.withLock { $0 }
        guard !snapshot.done, ContinuousClock.now - snapshot.lastOutput >= Self.quiet else { return }
        guard let holders = supervisor.outputHolders(of: process), !holders.isEmpty else {
            if snapshot.seenAt != nil {
                state.withLock { $0.seenAt = nil }
                waiting(nil)
            }
            return
        }
        let names = holders.prefix(3).map(\.description).joined(separator: ", ") + (holders.count > 3 ? ", …" : "")
        let text = "waiting for \(names) holding the test output"
        waiting(text)
        guard let seen = snapshot.seenAt else {
            state.withLock { $0.seenAt = .now }
            noted(text + "; stopped in \(ProgressReporter.seconds(grace.inSeconds)) unless it ends")
            return
        }
        guard ContinuousClock.now - seen >= grace else { return }
        let killed = OutputHolders.stop(holders, grace: grace)
        state.withLock { state in
            state.stopped += holders.filter { !state.stopped.contains($0) }
            state.killed += killed
            state.seenAt = nil
        }
        waiting(nil)
    }
}
