// Subreaper.swift
//
// Making this process the reaper of its orphaned descendants.

internal import CProcessShims

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Makes this process a child subreaper (Linux `PR_SET_CHILD_SUBREAPER`).
///
/// Why: when a child exits, its own children are re-parented to the nearest subreaper, or else to
/// PID 1. In containers PID 1 often never reaps, so killed grandchildren stay as zombies and their
/// group still looks alive to `kill(-pgid, 0)`. As a subreaper, `ChildProcess` reaps them itself
/// (with `waitpid(-pgid)`), so "the group is empty" can be proven. The setting lasts for the life
/// of the process and affects every child it starts, so the supervisor enables it once at start-up.
/// Elsewhere than Linux this does nothing.
package enum Subreaper {
    /// Enables subreaping for this process; calling it again is harmless.
    /// - Throws: `GateProcessError.subreaperUnavailable` when the kernel refuses.
    package static func enable() throws(GateProcessError) {
        if cps_become_child_subreaper() != 0 {
            throw .subreaperUnavailable(errno: errno)
        }
    }
}
