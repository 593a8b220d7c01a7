// ExitProof.swift
//
// The evidence that a stopped child is really gone: its status, an empty group, released ports.

/// The evidence that a child is really gone, as the report records it (design.md: "exit proof").
///
/// Verified means all of: the child was reaped with a status, no process of its group is left
/// (none had to be killed after the child exited, whether or not the platform could name it), the
/// group was actually seen empty (`kill(-pgid, 0)` said ESRCH), and none of its TCP ports accepts a
/// connection. ``guarantees`` says what the platform let the proof check: where members cannot be
/// named, a group that outlived its leader still fails the proof, only without names.
package struct ExitProof: Equatable, Sendable {
    /// How the child ended; `nil` when it could not be reaped before the deadline.
    package var status: ExitStatus?
    /// True when no process of the group was left at the end.
    package var groupEmpty: Bool
    /// True when the group still had members after the child itself had exited (they were
    /// killed with SIGKILL), named in ``leftovers`` where the platform can name them.
    package var groupOutlivedChild: Bool
    /// Members of the group found alive after the child had exited; they were killed with SIGKILL.
    /// Empty where the platform cannot name them (see ``guarantees``), even when
    /// ``groupOutlivedChild``.
    package var leftovers: [LeftoverProcess]
    /// The ports checked.
    package var ports: [Int]
    /// The ports that still accepted connections at the deadline.
    package var portsStillOpen: [Int]
    /// What the platform let this proof check.
    package var guarantees: ExitGuarantees

    /// Creates a record.
    /// - Parameters:
    ///   - status: how the child ended, if it was reaped.
    ///   - groupEmpty: whether the group was seen empty at the end.
    ///   - groupOutlivedChild: whether members were left after the child exited; by default,
    ///     whether any were named.
    ///   - leftovers: the members named.
    ///   - ports: the ports checked.
    ///   - portsStillOpen: the ports still accepting connections.
    ///   - guarantees: what the platform let the proof check; by default, everything, with the
    ///     emptiness check as `groupEmpty` says.
    package init(
        status: ExitStatus?, groupEmpty: Bool, groupOutlivedChild: Bool? = nil, leftovers: [LeftoverProcess],
        ports: [Int], portsStillOpen: [Int], guarantees: ExitGuarantees? = nil
    ) {
        self.status = status
        self.groupEmpty = groupEmpty
        self.groupOutlivedChild = groupOutlivedChild ?? !leftovers.isEmpty
        self.leftovers = leftovers
        self.ports = ports
        self.portsStillOpen = portsStillOpen
        self.guarantees = guarantees ?? .all(groupEmptinessChecked: groupEmpty)
    }

    /// True when every port was released.
    package var portsReleased: Bool { portsStillOpen.isEmpty }

    /// True when the child was reaped, its group was seen empty with nothing left to kill, and its
    /// ports are released.
    package var verified: Bool {
        status != nil && groupEmpty && guarantees.groupEmptinessChecked && !groupOutlivedChild && leftovers.isEmpty
            && portsReleased
    }

    /// Sentences saying what is not proven; empty when ``verified``.
    package var problems: [String] {
        var problems: [String] = []
        if status == nil {
            problems.append("the process was never reaped")
        }
        if !leftovers.isEmpty {
            let names = leftovers.map(\.description).joined(separator: ", ")
            problems.append("its process group outlived it: \(names) (killed)")
        } else if groupOutlivedChild {
            problems.append(
                "its process group outlived it: members were left and killed, but this platform cannot name them")
        }
        if !groupEmpty {
            problems.append("its process group is still not empty")
        } else if !guarantees.groupEmptinessChecked {
            problems.append("its process group was never seen empty")
        }
        if !portsStillOpen.isEmpty {
            let list = portsStillOpen.map(String.init).joined(separator: ", ")
            problems.append("port(s) \(list) on 127.0.0.1 still accept connections")
        }
        return problems
    }
}
