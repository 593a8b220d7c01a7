// GateProcessError.swift
//
// The one error type of GateProcess. Every description is a sentence a user can act on.

internal import Foundation

/// Everything that can go wrong when starting or supervising a child process.
///
/// Each case names the command (its first argument, as given) so a message makes sense on its own.
package enum GateProcessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The argument list was empty or its first element was the empty string.
    case emptyCommand
    /// An argument, environment name or value contains a NUL byte, or a name contains `=`.
    case invalidArgument(command: String, detail: String)
    /// The program was not found (on the child's PATH, or at the given path).
    case executableNotFound(command: String)
    /// The program exists but may not be executed.
    case permissionDenied(command: String)
    /// The requested working directory does not exist or is not a directory.
    case workingDirectoryNotFound(command: String, path: String)
    /// `posix_spawn` failed for another reason; `errno` is its error code.
    case spawnFailed(command: String, errno: Int32)
    /// A system call needed to start or supervise the child failed (`call` names it).
    case systemCallFailed(command: String, call: String, errno: Int32)
    /// This platform's C library lacks a feature the request needs.
    case unsupported(command: String, feature: String)
    /// The child did not exit even after SIGKILL to its group and the wait that followed.
    case stillRunning(command: String, pid: Int32)
    /// `prctl(PR_SET_CHILD_SUBREAPER)` failed.
    case subreaperUnavailable(errno: Int32)

    /// A one-sentence, user-facing explanation that names the command and what to do.
    package var description: String {
        switch self {
        case .emptyCommand:
            return "cannot start a process: the command is empty; give at least the program to run"
        case .invalidArgument(let command, let detail):
            return
                "cannot start '\(command)': \(detail); remove the NUL byte or '=' from the command line or environment"
        case .executableNotFound(let command):
            return "cannot start '\(command)': no such file or directory; check that it is installed and on PATH"
        case .permissionDenied(let command):
            return
                "cannot start '\(command)': permission denied; check that the file is an executable program and that you may run it"
        case .workingDirectoryNotFound(let command, let path):
            return
                "cannot start '\(command)': the working directory '\(path)' does not exist or is not a directory; create it or fix the path"
        case .spawnFailed(let command, let code):
            return
                "cannot start '\(command)': \(Self.message(code)); check the program and the system's process and memory limits"
        case .systemCallFailed(let command, let call, let code):
            return
                "cannot supervise '\(command)': \(call) failed: \(Self.message(code)); check the system's limits on open files and processes"
        case .unsupported(let command, let feature):
            return
                "cannot start '\(command)': this system lacks \(feature); run it without that option or upgrade the C library"
        case .stillRunning(let command, let pid):
            return
                "'\(command)' (pid \(pid)) did not exit even after SIGKILL; look for a process stuck in the kernel and stop it by hand"
        case .subreaperUnavailable(let code):
            return
                "cannot become a child subreaper: \(Self.message(code)); run on Linux 3.4 or later so orphaned grandchildren can be reaped"
        }
    }

    /// The C library's text for an `errno` value, lower-cased at the start to fit inside a sentence.
    private static func message(_ code: Int32) -> String {
        guard let raw = strerror(code) else { return "error \(code)" }
        let text = String(cString: raw)
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
