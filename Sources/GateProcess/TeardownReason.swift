// TeardownReason.swift
//
// Why a process group was torn down.

/// Why a child's process group was torn down.
package enum TeardownReason: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The child was still running at its deadline.
    case deadline
    /// The child exited but left other processes running in its group.
    case strayProcesses
    /// A caller asked for it (`ChildProcess.terminate`).
    case requested
    /// The supervisor itself received this signal (SIGINT, SIGTERM or SIGHUP) and stopped every child.
    case interrupted(signal: Int32)

    /// A short phrase for reports, such as "deadline reached".
    package var description: String {
        switch self {
        case .deadline: return "deadline reached"
        case .strayProcesses: return "stray processes left in the group"
        case .requested: return "stop requested"
        case .interrupted(let signal): return "the gate received \(ExitStatus.signalName(signal) ?? "signal \(signal)")"
        }
    }
}
