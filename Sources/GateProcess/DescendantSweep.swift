//===----------------------------------------------------------------------===//
// DescendantSweep.swift: find, name and stop what escaped a child's process group.
//===----------------------------------------------------------------------===//

internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Finds the gate's descendants that are still alive after a stage, those that left their group
/// with `setsid` and double-forked included: as the subreaper (``Subreaper``), the gate becomes
/// their parent, so they are the gate's children that no stage is tracking. Names them, stops them
/// (SIGTERM, a grace period, SIGKILL) and reaps them.
package enum DescendantSweep {
    /// What one sweep found.
    package struct Outcome: Sendable, Equatable {
        /// The escaped processes, named as found.
        package var found: [LeftoverProcess]
        /// Those that needed SIGKILL.
        package var killed: [LeftoverProcess]
        /// Whether the platform could look at all (a subreaper and a process table); where it
        /// cannot, `found` is empty and says nothing.
        package var searched: Bool
    }

    /// Sweeps: every living child of this process outside the `tracked` process groups (the
    /// fixture's while it runs; a child leads its own group, so its pid is its group).
    /// - Parameters:
    ///   - tracked: the process groups a stage still owns.
    ///   - grace: how long SIGTERM has before SIGKILL.
    package static func sweep(sparing tracked: Set<Int32> = [], grace: Duration = .seconds(2)) -> Outcome {
        guard Platform.current.hasSubreaper, Subreaper.isEnabled, let children = ProcessTable.children(of: getpid()) else {
            return Outcome(found: [], killed: [], searched: false)
        }
        let escaped = children.filter { !tracked.contains($0.group) && !tracked.contains($0.process.pid) }.map(\.process)
        guard !escaped.isEmpty else { return Outcome(found: [], killed: [], searched: true) }
        for process in escaped { _ = kill(process.pid, SIGTERM) }
        let alive = reaped(escaped, within: grace)
        for process in alive { _ = kill(process.pid, SIGKILL) }
        _ = reaped(alive, within: .seconds(2))
        return Outcome(found: escaped, killed: alive, searched: true)
    }

    /// Reaps `processes` as they end, for up to `limit`; returns those still alive.
    private static func reaped(_ processes: [LeftoverProcess], within limit: Duration) -> [LeftoverProcess] {
        let deadline = ContinuousClock.now + limit
        var alive = processes
        while !alive.isEmpty && ContinuousClock.now < deadline {
            alive = alive.filter { !reap($0.pid) }
            if !alive.isEmpty { SystemCall.sleep(for: .milliseconds(10)) }
        }
        return alive
    }

    /// Reaps `pid` if it has ended; true when it is gone.
    private static func reap(_ pid: Int32) -> Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid || (result < 0 && errno == ECHILD)
    }
}
