//===----------------------------------------------------------------------===//
// DescendantSweep.swift: find, name and stop what escaped a child's process group.
//===----------------------------------------------------------------------===//

internal import Foundation
import GateCore

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

    /// The most rounds of a sweep: each round stops what the last one left (the children of a
    /// stopped process come to the gate as its subreaper); a process that forks faster than the
    /// rounds kill it outlasts them, and is reported as found all the same.
    static let maximumRounds = 8

    /// Whether a sweep can look at all: it finds escapees as the subreaper's children, so it needs
    /// one (Linux); on Darwin and a portable build nothing searches for them, and the run says so.
    package static var isAvailable: Bool { Platform.current.hasSubreaper && Subreaper.isEnabled }

    /// The note a run prints where ``isAvailable`` is false.
    package static let unavailableNotice =
        "this platform has no subreaper, so processes that leave their process group (setsid, a double fork) "
        + "are not searched for after each stage; the report's guarantees say so"

    /// Sweeps: every living child of this process outside the `tracked` process groups (the
    /// fixture's while it runs; a child leads its own group, so its pid is its group).
    ///
    /// The first round sends SIGTERM to each escaped process and to its own process group (an
    /// escapee that called `setsid` leads one, with its children in it), waits up to `grace`, and
    /// sends SIGKILL to what is left. Every stopped process's children are re-parented to the gate,
    /// so the table is read again: later rounds kill at once, until no untracked child is left or
    /// ``maximumRounds`` have passed.
    /// - Parameters:
    ///   - tracked: the process groups a stage still owns.
    ///   - grace: how long SIGTERM has before SIGKILL in the first round.
    package static func sweep(sparing tracked: Set<Int32> = [], grace: Duration = .seconds(2)) -> Outcome {
        guard isAvailable else {
            return Outcome(found: [], killed: [], searched: false)
        }
        var found: [LeftoverProcess] = []
        var killed: [LeftoverProcess] = []
        var seen = Set<Int32>()
        for round in 0..<maximumRounds {
            guard let children = ProcessTable.children(of: getpid()) else {
                return Outcome(found: found, killed: killed, searched: round > 0)
            }
            let escaped = children.filter { !tracked.contains($0.group) && !tracked.contains($0.process.pid) }
            guard !escaped.isEmpty else { break }
            for entry in escaped where seen.insert(entry.process.pid).inserted {
                found.append(entry.process)
            }
            // A group that is a stage's is never signalled; the escapee's own group is.
            let groups = Set(escaped.map(\.group)).subtracting(tracked).filter { $0 > 1 && $0 != getpgrp() }
            if round == 0 {
                send(SIGTERM, to: escaped.map(\.process.pid), groups: groups)
                let alive = reaped(escaped.map(\.process), within: grace)
                killed += alive
                send(SIGKILL, to: alive.map(\.pid), groups: groups)
                _ = reaped(alive, within: .seconds(1))
            } else {
                killed += escaped.map(\.process).filter { !killed.contains($0) }
                send(SIGKILL, to: escaped.map(\.process.pid), groups: groups)
                _ = reaped(escaped.map(\.process), within: .milliseconds(500))
            }
        }
        return Outcome(found: found, killed: killed, searched: true)
    }

    /// Sends `number` to each pid and each group (with SIGCONT after SIGTERM, so a stopped process
    /// sees it).
    private static func send(_ number: Int32, to pids: [Int32], groups: Set<Int32>) {
        for pid in pids { _ = kill(pid, number) }
        for group in groups { _ = kill(-group, number) }
        if number == SIGTERM {
            for pid in pids { _ = kill(pid, SIGCONT) }
            for group in groups { _ = kill(-group, SIGCONT) }
        }
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
