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
    /// A readiness probe is malformed (`probe` names it, `detail` says what is wrong).
    case invalidProbe(probe: String, detail: String)
    /// A readiness probe had not passed by the deadline; `detail` is why its last attempt failed
    /// and `lastLines` what the child printed last on stdout (empty `command` when no child was given).
    case notReady(command: String, probe: String, detail: String, lastLines: [String])
    /// The child ended before every readiness probe passed; `probe` is the one being waited for.
    case exitedBeforeReady(command: String, status: ExitStatus, probe: String, lastLines: [String])

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
        case .invalidProbe(let probe, let detail):
            return
                "readiness probe \(probe) is invalid: \(detail); use an IPv4 literal such as 127.0.0.1, a port from 1 to 65535, an http:// URL and a watched stdout for line probes"
        case .notReady(let command, let probe, let detail, let lastLines):
            return
                "\(Self.subject(command)) was not ready by the deadline: \(probe) did not pass (\(detail)), and \(Self.printed(lastLines)); check that it starts and listens where the probe looks, or allow it more time"
        case .exitedBeforeReady(let command, let status, let probe, let lastLines):
            return
                "\(Self.subject(command)) \(status) before it was ready (waiting for \(probe)), and \(Self.printed(lastLines)); fix the failure it reports and start it again"
        }
    }

    /// The command in quotes, or "the service" when there is none.
    private static func subject(_ command: String) -> String {
        command.isEmpty ? "the service" : "'\(command)'"
    }

    /// "it printed last: …" with each line quoted and escaped, or "it printed nothing on stdout".
    private static func printed(_ lines: [String]) -> String {
        guard !lines.isEmpty else { return "it printed nothing on stdout" }
        return "it printed last: " + lines.map { String(reflecting: $0) }.joined(separator: " | ")
    }

    /// The C library's text for an `errno` value, lower-cased at the start to fit inside a sentence.
    private static func message(_ code: Int32) -> String {
        guard let raw = strerror(code) else { return "error \(code)" }
        let text = String(cString: raw)
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
