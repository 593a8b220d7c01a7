// ExitStatus.swift
//
// How a child process ended, decoded from a `waitpid` status.

internal import CProcessShims
import GateCore

/// How a child process ended: it exited with a code, or a signal ended it.
///
/// A run that hit its deadline still ends in one of these (usually `.signalled(signal: 15)` or `9`);
/// whether the deadline was hit is recorded separately (`ProcessResult.timedOut`).
package enum ExitStatus: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The process called `exit` (or returned from `main`) with this code, 0 … 255.
    case exited(code: Int32)
    /// A signal ended the process (for example 9 for SIGKILL, 15 for SIGTERM).
    case signalled(signal: Int32)

    /// True for `.exited(code: 0)` only.
    package var isSuccess: Bool { self == .exited(code: 0) }

    /// The exit code, or `nil` when a signal ended the process.
    package var code: Int32? {
        if case .exited(let code) = self { code } else { nil }
    }

    /// The signal that ended the process, or `nil` when it exited.
    package var signal: Int32? {
        if case .signalled(let signal) = self { signal } else { nil }
    }

    /// A short phrase such as "exited with code 3" or "was killed by signal 9 (SIGKILL)".
    package var description: String {
        switch self {
        case .exited(let code):
            return "exited with code \(code)"
        case .signalled(let signal):
            if let name = Self.signalName(signal) {
                return "was killed by signal \(signal) (\(name))"
            }
            return "was killed by signal \(signal)"
        }
    }

    /// The conventional shell exit code for this status: the code itself, or 128 + the signal.
    package var shellCode: Int32 {
        switch self {
        case .exited(let code): return code
        case .signalled(let signal): return 128 + signal
        }
    }

    /// Decodes a raw `waitpid` status; `nil` for stopped or continued reports, which are not endings.
    init?(waitStatus: Int32) {
        if cps_wifexited(waitStatus) != 0 {
            self = .exited(code: cps_wexitstatus(waitStatus))
        } else if cps_wifsignaled(waitStatus) != 0 {
            self = .signalled(signal: cps_wtermsig(waitStatus))
        } else {
            return nil
        }
    }

    /// The symbolic name of the common signals, using this platform's numbering.
    package static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case SIGHUP: return "SIGHUP"
        case SIGINT: return "SIGINT"
        case SIGQUIT: return "SIGQUIT"
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL"
        case SIGUSR1: return "SIGUSR1"
        case SIGSEGV: return "SIGSEGV"
        case SIGUSR2: return "SIGUSR2"
        case SIGPIPE: return "SIGPIPE"
        case SIGALRM: return "SIGALRM"
        case SIGTERM: return "SIGTERM"
        default: return nil
        }
    }
}
