//===----------------------------------------------------------------------===//
// AccountSweep.swift: find, name and stop what a separated suite's account left running.
//===----------------------------------------------------------------------===//

import GateCore

/// Finds the processes the suites' own account still runs after a stage, and stops them through a
/// ``SignalRelay`` (the gate may not signal another user's processes). Where there is no subreaper
/// (macOS) a process that left its group (`setsid`, a double fork, `launchctl submit`) is nobody's
/// child the gate can see, but it is still the account's: every process of an account that only
/// the suites use is theirs, so none may outlive the stage.
///
/// The groups a stage still owns (the fixture's while the suites run) are spared.
package enum AccountSweep {
    /// The most rounds: each stops what the last one found; what forks faster is reported all the same.
    static let maximumRounds = 8

    /// Sweeps the processes of `uid` outside `tracked` groups: SIGTERM (and SIGCONT) to each and
    /// to its group through `relay`, up to `grace` for them to go, then SIGKILL; later rounds kill
    /// at once whatever appeared meanwhile.
    /// - Returns: what was found; `searched` is false where the process table cannot be read.
    package static func sweep(
        uid: UInt32, sparing tracked: Set<Int32>, relay: SignalRelay, grace: Duration,
        source: Platform.ProcessTableSource = Platform.current.processTable
    ) -> DescendantSweep.Outcome {
        var found: [LeftoverProcess] = []
        var killed: [LeftoverProcess] = []
        var seen = Set<Int32>()
        for round in 0..<maximumRounds {
            guard let listed = ProcessTable.processes(ofUser: uid, source: source) else {
                return DescendantSweep.Outcome(found: found, killed: killed, searched: round > 0)
            }
            let left = listed.filter { !tracked.contains($0.group) && !tracked.contains($0.process.pid) }
            guard !left.isEmpty else { break }
            for entry in left where seen.insert(entry.process.pid).inserted { found.append(entry.process) }
            let targets = left.map(\.process.pid) + Set(left.map(\.group)).subtracting(tracked).filter { $0 > 1 }.map { -$0 }
            if round == 0 {
                relay.send(SIGTERM, to: targets)
                relay.send(SIGCONT, to: targets)
                let alive = remaining(left.map(\.process), uid: uid, source: source, within: grace)
                killed += alive
                if !alive.isEmpty { relay.send(SIGKILL, to: targets) }
            } else {
                killed += left.map(\.process).filter { !killed.contains($0) }
                relay.send(SIGKILL, to: targets)
            }
            _ = remaining(left.map(\.process), uid: uid, source: source, within: .milliseconds(500))
        }
        return DescendantSweep.Outcome(found: found, killed: killed, searched: true)
    }

    /// Those of `processes` the account still runs after up to `limit`.
    private static func remaining(
        _ processes: [LeftoverProcess], uid: UInt32, source: Platform.ProcessTableSource, within limit: Duration
    ) -> [LeftoverProcess] {
        let deadline = ContinuousClock.now + limit
        while true {
            let running = Set((ProcessTable.processes(ofUser: uid, source: source) ?? []).map(\.process.pid))
            let alive = processes.filter { running.contains($0.pid) }
            if alive.isEmpty || ContinuousClock.now >= deadline { return alive }
            SystemCall.sleep(for: .milliseconds(10))
        }
    }
}
