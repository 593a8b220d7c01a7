// LeftoverProcess.swift
//
// A process found in a child's group after the child itself had gone: who it was, for the report.

/// A member of a child's process group that outlived the moment it should have been gone (the
/// child had exited, or SIGTERM's grace period had run out), identified for the report.
package struct LeftoverProcess: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Its process ID.
    package var pid: Int32
    /// Its command line (arguments joined by spaces), or its name in brackets (`[sleep]`) when the
    /// command line is empty (a zombie, a kernel thread) or could not be read.
    package var command: String

    /// `pid 1234 (sleep 300)`.
    package var description: String { "pid \(pid) (\(command))" }
}
