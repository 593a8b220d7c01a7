// ChildProcess.swift
//
// A handle on one running child: its pid and group, waiting with a deadline, its captured output.

internal import Dispatch
import GateCore

/// A child process started by `ChildProcess.spawn`, leading a process group of its own.
///
/// Its captured stdout and stderr are read by background threads from the moment it starts, and
/// stdin bytes are written by another. Wait for it (`wait`) or stop it (`terminate`); a handle
/// dropped early stops those threads, but the child itself is neither killed nor reaped.
///
/// Reaping uses `waitpid(pid)` and `waitpid(-pgid)` only, never `waitpid(-1)`, so several children
/// can be supervised at once from different threads.
package final class ChildProcess: Sendable {
    /// The program as given (the first argument).
    package let command: String
    /// The whole argv joined by spaces, as a process table names a process: a descendant that
    /// still carries it was forked and had not reached its `exec` when named.
    package let commandLine: String
    /// The child's process ID.
    package let pid: Int32
    /// When the child was started.
    package let startedAt: ContinuousClock.Instant

    /// How signals reach a group the gate may not signal by itself (``ProcessSpec/signalRelay``).
    let relay: SignalRelay?

    private let reaped: Locked<ExitStatus?>
    private let workers: DispatchGroup
    private let wake: WakePipe
    private let stdoutSink: OutputSink?
    private let stderrSink: OutputSink?

    /// The child's process group ID, which equals its pid: it leads a new group.
    package var processGroup: Int32 { pid }

    init(
        command: String, commandLine: String, pid: Int32, startedAt: ContinuousClock.Instant, workers: DispatchGroup,
        wake: WakePipe, stdoutSink: OutputSink?, stderrSink: OutputSink?, relay: SignalRelay? = nil
    ) {
        self.relay = relay
        self.command = command
        self.commandLine = commandLine
        self.pid = pid
        self.startedAt = startedAt
        self.reaped = Locked(nil)
        self.workers = workers
        self.wake = wake
        self.stdoutSink = stdoutSink
        self.stderrSink = stderrSink
    }

    deinit {
        wake.signal()
    }

    // MARK: - Waiting

    /// Returns how the child ended, reaping it if it has just exited, or `nil` while it runs.
    /// - Throws: `GateProcessError.systemCallFailed` when `waitpid` fails (someone else reaped it).
    package func exitStatus() throws(GateProcessError) -> ExitStatus? {
        let pid = self.pid
        let command = self.command
        return try reaped.withLock { (status: inout ExitStatus?) throws(GateProcessError) -> ExitStatus? in
            if let status {
                return status
            }
            var raw: Int32 = 0
            let result = SystemCall.retrying { waitpid(pid, &raw, WNOHANG) }
            if result == pid {
                status = ExitStatus(waitStatus: raw)
                return status
            }
            if result == 0 {
                return nil
            }
            throw .systemCallFailed(command: command, call: "waitpid", errno: errno)
        }
    }

    /// Waits for the child to end, at most until `deadline`.
    /// - Returns: how it ended, or `nil` if it was still running at the deadline.
    /// - Throws: `GateProcessError.systemCallFailed` when `waitpid` fails.
    package func wait(until deadline: ContinuousClock.Instant) throws(GateProcessError) -> ExitStatus? {
        try Self.poll(until: deadline) { () throws(GateProcessError) in try exitStatus() }
    }

    /// Waits for the child to end, at most `timeout` from now.
    /// - Returns: how it ended, or `nil` if it was still running when the time ran out.
    /// - Throws: `GateProcessError.systemCallFailed` when `waitpid` fails.
    package func wait(timeout: Duration) throws(GateProcessError) -> ExitStatus? {
        try wait(until: .now + timeout)
    }

    // MARK: - The process group

    /// Sends `signal` to every process in the child's group, unless the group is already gone.
    /// - Returns: true when the signal was delivered to at least one process.
    @discardableResult
    package func signalGroup(_ signal: Int32) -> Bool {
        if isGroupEmpty() {
            return false
        }
        return deliver(signal)
    }

    /// Sends `signal` to the group: from the gate itself, then through the ``relay`` to the members
    /// the gate may not signal (another user's), while any are left.
    /// - Returns: true when the gate's own signal reached a member or the relay succeeded.
    @discardableResult
    func deliver(_ signal: Int32) -> Bool {
        let direct = kill(-processGroup, signal) == 0
        guard let relay, GroupOccupancy.probe(processGroup) == .occupied else { return direct }
        return relay.send(signal, to: [-processGroup]) || direct
    }

    /// True when the child has been reaped and no process of its group is left.
    ///
    /// Reaps the group's zombies first (those re-parented to us; see `Subreaper`), since a zombie
    /// still counts as a member for `kill(-pgid, 0)`; zombies that are not ours to reap count as
    /// gone where the platform tells them apart (``GroupOccupancy``).
    package func isGroupEmpty() -> Bool {
        reapGroup()
        guard reaped.withLock({ $0 != nil }) else {
            return false
        }
        return GroupOccupancy.probe(processGroup) == .empty
    }

    /// Waits, reaping as it goes, until the group is empty or `deadline` passes.
    /// - Returns: true when the group is empty.
    package func waitForGroupEmpty(until deadline: ContinuousClock.Instant) -> Bool {
        Self.poll(until: deadline) { isGroupEmpty() ? true : nil } ?? false
    }

    /// Asks `answer` until it gives a value or `deadline` passes, pausing between tries from 1 ms,
    /// doubling up to 10 ms: quick for a child that ends at once, cheap for one that takes long.
    /// - Returns: the first value, or `nil` when the deadline passed without one.
    private static func poll<Value, Failure: Error>(
        until deadline: ContinuousClock.Instant, _ answer: () throws(Failure) -> Value?
    ) throws(Failure) -> Value? {
        var pause = Duration.milliseconds(1)
        while true {
            if let value = try answer() {
                return value
            }
            let now = ContinuousClock.now
            if now >= deadline {
                return nil
            }
            SystemCall.sleep(for: min(pause, deadline - now))
            pause = min(pause * 2, .milliseconds(10))
        }
    }

    /// Reaps every exited member of the group that is our child (the leader, and grandchildren
    /// re-parented to us), recording the leader's status if it is among them.
    private func reapGroup() {
        let pid = self.pid
        reaped.withLock { status in
            var raw: Int32 = 0
            while true {
                let result = SystemCall.retrying { waitpid(-pid, &raw, WNOHANG) }
                if result <= 0 {
                    return
                }
                if result == pid && status == nil {
                    status = ExitStatus(waitStatus: raw)
                }
            }
        }
    }

    // MARK: - Output

    /// Waits up to `limit` for the output readers (and the stdin writer) to finish, then cuts off
    /// whatever is still going; call it once the group is gone.
    ///
    /// Why the bound: a process outside the group (one that called `setsid`) may hold a pipe open
    /// for ever, and end of file would never come.
    /// - Returns: true when every stream reached end of file within `limit` (false when the
    ///   readers had to be cut off: output may still have been on its way).
    package func finishOutput(within limit: Duration) -> Bool {
        let nanoseconds = Int(clamping: SystemCall.nanoseconds(limit))
        var drained = true
        if workers.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .timedOut {
            drained = false
            wake.signal()
            _ = workers.wait(timeout: .now() + .seconds(5))
        }
        return drained && capturedStdout().complete && capturedStderr().complete
    }

    /// What has been captured from stdout so far (empty and complete when it was not captured).
    package func capturedStdout() -> CapturedOutput {
        stdoutSink?.snapshot() ?? CapturedOutput(bytes: [], droppedBytes: 0, complete: true)
    }

    /// What has been captured from stderr so far (empty and complete when it was not captured).
    package func capturedStderr() -> CapturedOutput {
        stderrSink?.snapshot() ?? CapturedOutput(bytes: [], droppedBytes: 0, complete: true)
    }
}
