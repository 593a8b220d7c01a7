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

    /// Creates a record.
    /// - Parameters:
    ///   - reason: why the group was stopped.
    ///   - endedBy: the last step that was needed.
    ///   - grace: the grace period allowed between SIGTERM and SIGKILL.
    ///   - duration: time from SIGTERM until the group was gone.
    ///   - groupEmpty: whether the group was verified empty.
    package init(reason: TeardownReason, endedBy: TeardownStep, grace: Duration, duration: Duration, groupEmpty: Bool) {
        self.reason = reason
        self.endedBy = endedBy
        self.grace = grace
        self.duration = duration
        self.groupEmpty = groupEmpty
    }

    /// A sentence fragment such as "deadline reached; ended by SIGKILL after 2.01 seconds".
    package var description: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let rounded = (seconds * 100).rounded() / 100
        let tail = groupEmpty ? "" : "; processes of the group may remain"
        return "\(reason); ended by \(endedBy) after \(rounded) seconds\(tail)"
    }
}
