// TeardownStep.swift
//
// One signal step of stopping a process group.

import GateCore

/// One step of stopping a child's process group. Teardown always runs `.terminate`, then `.kill`
/// if the group outlived the grace period.
package enum TeardownStep: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// SIGTERM (followed by SIGCONT, so stopped members see it) to the whole group.
    case terminate
    /// SIGKILL to the whole group.
    case kill

    /// The signal this step sends.
    package var signal: Int32 {
        switch self {
        case .terminate: return SIGTERM
        case .kill: return SIGKILL
        }
    }

    /// "SIGTERM" or "SIGKILL".
    package var description: String {
        switch self {
        case .terminate: return "SIGTERM"
        case .kill: return "SIGKILL"
        }
    }
}
