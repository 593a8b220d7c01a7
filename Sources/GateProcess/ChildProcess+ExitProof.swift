// ChildProcess+ExitProof.swift
//
// Proving that an ended child is gone: reaped, its group empty, its ports released.

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

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
                leftovers = members
            } else {
                guarantees.descendantNaming = false
            }
            _ = kill(-processGroup, SIGKILL)
            groupEmpty = waitForGroupEmpty(until: max(deadline, .now + .seconds(2)))
        }
        guarantees.groupEmptinessChecked = groupEmpty
        let stillOpen = PortProbe.waitUntilReleased(ports: ports, host: host, deadline: deadline)
        return ExitProof(
            status: status, groupEmpty: groupEmpty, groupOutlivedChild: outlived, leftovers: leftovers, ports: ports,
            portsStillOpen: stillOpen, guarantees: guarantees)
    }
}
