// Teardown.swift
//
// What happened when a process group was stopped, recorded as data for reports.

/// The record of stopping a child's process group: SIGTERM to the group, a grace period, then
/// SIGKILL to the group if anything was left.
package struct Teardown: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Why the group was stopped.
    package var reason: TeardownReason
    /// The last step that was needed: `.terminate` when the group was gone within the grace period,
    /// `.kill` when SIGKILL had to be sent.
    package var endedBy: TeardownStep
    /// The grace period allowed between SIGTERM and SIGKILL.
    package var grace: Duration
    /// Time from sending SIGTERM until the group was gone (or until we gave up waiting).
    package var duration: Duration
    /// True when no process of the group was left at the end (`kill(-pgid, 0)` failed with ESRCH).
    package var groupEmpty: Bool
    /// The group's members when SIGTERM was sent, named where the platform can (the child itself
    /// among them unless it had exited).
    package var members: [LeftoverProcess]
    /// The members still alive when the grace period ran out, which SIGKILL then hit (empty when
    /// SIGTERM was enough, or where the process table cannot be read).
    package var killed: [LeftoverProcess]
    /// The members still present after SIGKILL's wait (empty when `groupEmpty`).
    package var remaining: [LeftoverProcess]
    /// What the platform let the teardown check (subreaper, naming, emptiness).
    package var guarantees: ExitGuarantees

    /// Creates a record.
    /// - Parameters:
    ///   - reason: why the group was stopped.
    ///   - endedBy: the last step that was needed.
    ///   - grace: the grace period allowed between SIGTERM and SIGKILL.
    ///   - duration: time from SIGTERM until the group was gone.
    ///   - groupEmpty: whether the group was verified empty.
    ///   - members: the members SIGTERM was sent to.
    ///   - killed: the members SIGKILL had to hit.
    ///   - remaining: the members left after SIGKILL's wait.
    ///   - guarantees: what the platform let the teardown check; by default everything, with the
    ///     emptiness check as `groupEmpty` says.
    package init(
        reason: TeardownReason, endedBy: TeardownStep, grace: Duration, duration: Duration, groupEmpty: Bool,
        members: [LeftoverProcess] = [], killed: [LeftoverProcess] = [], remaining: [LeftoverProcess] = [],
        guarantees: ExitGuarantees? = nil
    ) {
        self.members = members
        self.reason = reason
        self.endedBy = endedBy
        self.grace = grace
        self.duration = duration
        self.groupEmpty = groupEmpty
        self.killed = killed
        self.remaining = remaining
        self.guarantees = guarantees ?? .all(groupEmptinessChecked: groupEmpty)
    }

    /// A sentence fragment such as "deadline reached; ended by SIGKILL after 2.01 seconds".
    package var description: String {
        let rounded = (duration.inSeconds * 100).rounded() / 100
        var text = "\(reason); ended by \(endedBy) after \(rounded) seconds"
        if !killed.isEmpty {
            text += "; killed " + killed.map(\.description).joined(separator: ", ")
        } else if endedBy == .kill && !guarantees.descendantNaming {
            text += "; the members SIGKILL hit cannot be named on this platform"
        }
        if !groupEmpty {
            text +=
                remaining.isEmpty
                ? "; processes of the group may remain"
                : "; still running: " + remaining.map(\.description).joined(separator: ", ")
        }
        return text
    }
}
