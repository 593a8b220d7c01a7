// ProcessRunner.swift
//
// Run a command to completion: stdin bytes in, stdout and stderr captured, a deadline, teardown.

/// Runs a command to completion with a deadline, the common case of `ChildProcess`.
package enum ProcessRunner {
    /// Runs `spec` and waits for it, at most `timeout`.
    ///
    /// On the deadline the child's whole group gets SIGTERM, then SIGKILL after `grace`. If the
    /// child exits but leaves processes running in its group, those are stopped the same way (they
    /// would otherwise hold the output pipes open). Once the group is gone, output still unread is
    /// waited for at most `outputDrainLimit`. Blocks the calling thread throughout (it polls
    /// `waitpid`); from async code, call it off the cooperative pool.
    /// - Parameters:
    ///   - spec: what to run.
    ///   - timeout: the longest the child may run, from spawning.
    ///   - grace: how long the group may take to exit after SIGTERM before SIGKILL.
    ///   - outputDrainLimit: the longest to wait for end of file on the output pipes once the
    ///     group is gone.
    /// - Returns: how the child ended, its output, and any teardown.
    /// - Throws: `GateProcessError` when the child cannot be started, cannot be waited for, or
    ///   survives SIGKILL.
    package static func run(
        _ spec: ProcessSpec,
        timeout: Duration,
        grace: Duration = .seconds(2),
        outputDrainLimit: Duration = .seconds(1)
    ) throws(GateProcessError) -> ProcessResult {
        let child = try ChildProcess.spawn(spec)
        var timedOut = false
        var teardown: Teardown?
        let status: ExitStatus
        do throws(GateProcessError) {
            if try child.wait(until: child.startedAt + timeout) == nil {
                timedOut = true
                teardown = child.terminate(grace: grace, reason: .deadline)
            } else if !child.isGroupEmpty() {
                teardown = child.terminate(grace: grace, reason: .strayProcesses)
            }
            guard let ended = try child.exitStatus() else {
                throw .stillRunning(command: child.command, pid: child.pid)
            }
            status = ended
        } catch {
            // Leave nothing behind even when we lost track of the child.
            _ = child.terminate(grace: .zero, reason: .requested)
            _ = child.finishOutput(within: .zero)
            throw error
        }
        let outputComplete = child.finishOutput(within: outputDrainLimit)
        let stdout = child.capturedStdout()
        let stderr = child.capturedStderr()
        return ProcessResult(
            command: child.command, pid: child.pid, status: status, timedOut: timedOut,
            stdout: stdout.bytes, stderr: stderr.bytes,
            droppedStdoutBytes: stdout.droppedBytes, droppedStderrBytes: stderr.droppedBytes,
            outputComplete: outputComplete, teardown: teardown, duration: .now - child.startedAt)
    }
}
