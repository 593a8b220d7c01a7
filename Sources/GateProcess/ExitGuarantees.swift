// ExitGuarantees.swift
//
// Which guarantees the platform gave when a child's exit was proven or its group torn down.

/// What the platform let the supervisor check, recorded next to an ``ExitProof`` or a
/// ``Teardown`` so a reader of the report knows what "verified" covered.
package struct ExitGuarantees: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// This process was a child subreaper, so orphans of the group were re-parented to it and
    /// reaped by it; without one, a killed grandchild is reaped (or not) by PID 1.
    package var subreaper: Bool
    /// The group's members could be listed by pid and command (`/proc`, libproc); without it a
    /// leftover is known to exist but not named.
    package var descendantNaming: Bool
    /// `kill(-pgid, 0)` answered ESRCH once the group was expected to be empty: the emptiness of
    /// the group was checked, not assumed.
    package var groupEmptinessChecked: Bool

    /// Every guarantee, with the group's emptiness checked as `groupEmpty` says: what a proof or a
    /// teardown records when its caller names no guarantees.
    static func all(groupEmptinessChecked groupEmpty: Bool) -> ExitGuarantees {
        ExitGuarantees(subreaper: true, descendantNaming: true, groupEmptinessChecked: groupEmpty)
    }

    /// The guarantees this process has now on ``Platform/current``, before any check ran.
    package static var current: ExitGuarantees { Platform.current.baseGuarantees }

    /// What a run without a subreaper does not cover: the escape sweep (``DescendantSweep``) needs
    /// one, so on Darwin nothing looks for a process that left its group.
    package static let noSubreaper =
        "no subreaper (orphans were left to PID 1 to reap, and processes that left their process group "
        + "with setsid or a double fork were not searched for)"

    /// The guarantees that are missing, as short phrases ("no subreaper", …); empty when all held.
    package var missing: [String] {
        var missing: [String] = []
        if !subreaper {
            missing.append(Self.noSubreaper)
        }
        if !descendantNaming {
            missing.append("group members cannot be named on this platform")
        }
        if !groupEmptinessChecked {
            missing.append("the group was never seen empty")
        }
        return missing
    }

    /// `subreaper, descendant naming, group emptiness checked` or the missing ones.
    package var description: String {
        missing.isEmpty ? "subreaper, descendant naming, group emptiness checked" : missing.joined(separator: "; ")
    }
}
