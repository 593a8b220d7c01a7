// ChildProcess+Teardown.swift
//
// Stopping a child's whole process group: SIGTERM, a grace period, then SIGKILL.

import GateCore

extension ChildProcess {
    /// Stops the child's whole process group: SIGTERM (and SIGCONT, so stopped members see it) to
    /// the group, up to `grace` for it to empty, then SIGKILL to the group and up to `killWait` more.
    /// Exited members that are our children are reaped on the way.
    /// - Parameters:
    ///   - grace: how long the group may take to exit after SIGTERM.
    ///   - reason: why, for the record.
    ///   - killWait: how long to wait for the group to vanish after SIGKILL.
    /// - Returns: the record of what it took, with the platform's ``ExitGuarantees``, or `nil` when
    ///   the group was already gone.
    package func terminate(
        grace: Duration,
        reason: TeardownReason = .requested,
        killWait: Duration = .seconds(2)
    ) -> Teardown? {
        if isGroupEmpty() {
            return nil
        }
        var guarantees = ExitGuarantees.current
        // Named before they are asked to go; members that outlived the child may have been forked
        // a moment ago and not have reached their exec yet.
        let named = ProcessTable.members(ofGroup: processGroup)
        let members = reason == .strayProcesses ? named.map(renamedAfterExec) : named
        if named == nil { guarantees.descendantNaming = false }
        let start = ContinuousClock.now
        deliver(SIGTERM)
        deliver(SIGCONT)
        if waitForGroupEmpty(until: start + grace) {
            guarantees.groupEmptinessChecked = true
            return Teardown(
                reason: reason, endedBy: .terminate, grace: grace, duration: .now - start, groupEmpty: true,
                members: members ?? [], guarantees: guarantees)
        }
        // Name the members before they go, for the report.
        let killed = ProcessTable.members(ofGroup: processGroup)
        if killed == nil {
            guarantees.descendantNaming = false
        }
        deliver(SIGKILL)
        let empty = waitForGroupEmpty(until: .now + killWait)
        guarantees.groupEmptinessChecked = empty
        return Teardown(
            reason: reason, endedBy: .kill, grace: grace, duration: .now - start, groupEmpty: empty,
            members: members ?? [], killed: killed ?? [], remaining: empty ? [] : ProcessTable.members(ofGroup: processGroup) ?? [],
            guarantees: guarantees)
    }
}
