// ProcessResult.swift
//
// The outcome of one `ProcessSupervisor.run`.

/// The outcome of running a child to completion (or to its deadline).
package struct ProcessResult: Equatable, Sendable {
    /// The program as given (the first argument).
    package var command: String
    /// The child's process ID, which is also its process group ID.
    package var pid: Int32
    /// How the child ended.
    package var status: ExitStatus
    /// True when the child was still running at the deadline and had to be stopped.
    package var timedOut: Bool
    /// The bytes the child wrote to stdout (empty unless stdout was collected), at most the limit.
    package var stdout: [UInt8]
    /// The bytes the child wrote to stderr (empty unless stderr was collected), at most the limit.
    package var stderr: [UInt8]
    /// How many stdout bytes were read but dropped because of the collection limit.
    package var droppedStdoutBytes: Int
    /// How many stderr bytes were read but dropped because of the collection limit.
    package var droppedStderrBytes: Int
    /// False when a captured stream never reached end of file, because a process outside the
    /// child's group (for example one that called `setsid`) kept the pipe open; reading was cut off.
    package var outputComplete: Bool
    /// How the group was stopped: set on a timeout, or when the child left stray processes behind.
    package var teardown: Teardown?
    /// Time from spawning until the child was reaped and its output read.
    package var duration: Duration

    /// Creates a result; `ProcessSupervisor.run` is the usual source.
    /// - Parameters:
    ///   - command: the program as given.
    ///   - pid: the child's process ID (and group ID).
    ///   - status: how the child ended.
    ///   - timedOut: whether the deadline was hit.
    ///   - stdout: the collected standard output.
    ///   - stderr: the collected standard error.
    ///   - droppedStdoutBytes: stdout bytes beyond the limit.
    ///   - droppedStderrBytes: stderr bytes beyond the limit.
    ///   - outputComplete: whether every captured stream reached end of file.
    ///   - teardown: how the group was stopped, if it had to be.
    ///   - duration: total time of the run.
    package init(
        command: String, pid: Int32, status: ExitStatus, timedOut: Bool,
        stdout: [UInt8], stderr: [UInt8], droppedStdoutBytes: Int, droppedStderrBytes: Int,
        outputComplete: Bool, teardown: Teardown?, duration: Duration
    ) {
        self.command = command
        self.pid = pid
        self.status = status
        self.timedOut = timedOut
        self.stdout = stdout
        self.stderr = stderr
        self.droppedStdoutBytes = droppedStdoutBytes
        self.droppedStderrBytes = droppedStderrBytes
        self.outputComplete = outputComplete
        self.teardown = teardown
        self.duration = duration
    }

    /// The collected stdout decoded as UTF-8 (invalid sequences become U+FFFD).
    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

    /// The collected stderr decoded as UTF-8 (invalid sequences become U+FFFD).
    package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}
