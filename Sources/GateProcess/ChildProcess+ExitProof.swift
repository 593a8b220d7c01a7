// ChildProcess+ExitProof.swift
//
// Proving that an ended child is gone: reaped, its group empty, its ports released.

import GateCore

extension ChildProcess {
    /// Proves that the child is gone, killing whatever it left behind.
    ///
    /// Waits for the child's status (until `deadline`), then, if anything of its group is still
    /// alive (`kill(-pgid, 0)`, which works where members cannot be named), names those processes
    /// where the platform can, kills the group with SIGKILL and waits for it to empty; finally
    /// waits for every port in `ports` to stop accepting connections on `host`. Call it after the
    /// child was asked to stop (``terminate(grace:reason:killWait:)``) or has exited on its own.
    /// - Parameters:
    ///   - ports: the TCP ports the child listened on (none for a non-server).
    ///   - host: an IPv4 literal, `127.0.0.1` by default.
    ///   - deadline: when to give up on each check.
    /// - Returns: the evidence, with ``ExitProof/verified`` true only when all of it holds, and the
    ///   platform's ``ExitGuarantees``.
    package func proveExit(ports: [Int] = [], host: String = "127.0.0.1", deadline: ContinuousClock.Instant) -> ExitProof {
        var guarantees = ExitGuarantees.current
        let status = try? wait(until: deadline)
        var leftovers: [LeftoverProcess] = []
        var outlived = false
        var groupEmpty = isGroupEmpty()
        if !groupEmpty && status != nil {
            outlived = true
            if let members = ProcessTable.members(ofGroup: processGroup) {
                leftovers = renamedAfterExec(members)
            } else {
                guarantees.descendantNaming = false
            }
            deliver(SIGKILL)
            groupEmpty = waitForGroupEmpty(until: max(deadline, .now + .seconds(2)))
        }
        guarantees.groupEmptinessChecked = groupEmpty
        let stillOpen = PortProbe.waitUntilReleased(ports: ports, host: host, deadline: deadline)
        return ExitProof(
            status: status, groupEmpty: groupEmpty, groupOutlivedChild: outlived, leftovers: leftovers, ports: ports,
            portsStillOpen: stillOpen, guarantees: guarantees)
    }

    /// `members` with the name of any that still carries this child's own command line (or no
    /// command line yet) read again a few times: such a member was forked and had not reached its `exec` yet when it was first
    /// named (`sh -c 'sleep 37 &'` names its `sleep` for a moment as the shell). One still unchanged
    /// after 200 ms keeps that name, marked as read before exec.
    func renamedAfterExec(_ members: [LeftoverProcess]) -> [LeftoverProcess] {
        var named = members
        // In the exec itself the command line reads empty, and the member is named `[sleep]`
        // from its kernel name: read again too.
        func isEarly(_ member: LeftoverProcess) -> Bool {
            member.pid != pid && (member.command == commandLine || (member.command.hasPrefix("[") && member.command.hasSuffix("]")))
        }
        for _ in 0..<10 {
            let early = named.indices.filter { isEarly(named[$0]) }
            guard !early.isEmpty else { return named }
            SystemCall.sleep(for: .milliseconds(20))
            guard let again = ProcessTable.members(ofGroup: processGroup) else { break }
            let byPID = Dictionary(again.map { ($0.pid, $0.command) }, uniquingKeysWith: { first, _ in first })
            for index in early {
                if let fresh = byPID[named[index].pid] { named[index].command = fresh }
            }
        }
        for index in named.indices where named[index].command == commandLine && named[index].pid != pid {
            named[index].command += " (read before exec)"
        }
        return named
    }
}
