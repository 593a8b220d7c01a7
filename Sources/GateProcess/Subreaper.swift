// Subreaper.swift
//
// Making this process the reaper of its orphaned descendants.

internal import CProcessShims
import GateCore

/// Makes this process a child subreaper (Linux `PR_SET_CHILD_SUBREAPER`).
///
/// Why: when a child exits, its own children are re-parented to the nearest subreaper, or else to
/// PID 1. In containers PID 1 often never reaps, so killed grandchildren stay as zombies and their
/// group still looks alive to `kill(-pgid, 0)`. As a subreaper, `ChildProcess` reaps them itself
/// (with `waitpid(-pgid)`), so "the group is empty" can be proven. The setting lasts for the life
/// of the process and affects every child it starts, so the supervisor enables it once at start-up.
///
/// Where the platform has none (``Platform/hasSubreaper`` is false: Darwin, a portable build),
/// ``enable()`` does nothing and every proof records `subreaper: false` in its
/// ``ExitGuarantees``; a zombie left to PID 1 then keeps the group from reading as empty, so the
/// proof fails rather than passes.
package enum Subreaper {
    private static let enabled = Locked(false)

    /// True once ``enable()`` succeeded in this process.
    package static var isEnabled: Bool { enabled.withLock { $0 } }

    /// Enables subreaping for this process where the platform has it (elsewhere it does nothing,
    /// and ``isEnabled`` stays false); calling it again is harmless.
    /// - Throws: `GateProcessError.subreaperUnavailable` when the platform has one but the kernel
    ///   refuses.
    package static func enable() throws(GateProcessError) {
        guard Platform.current.hasSubreaper else { return }
        if cps_become_child_subreaper() != 0 {
            throw .subreaperUnavailable(errno: errno)
        }
        enabled.withLock { $0 = true }
    }
}
