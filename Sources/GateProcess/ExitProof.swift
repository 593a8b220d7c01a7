// ExitProof.swift
//
// The evidence that a stopped child is really gone: its status, an empty group, released ports.

/// The evidence that a child is really gone, as the report records it (design.md: "exit proof").
///
/// Verified means all of: the child was reaped with a status, no process of its group is left
/// (none had to be killed after the child exited), and none of its TCP ports accepts a connection.
package struct ExitProof: Equatable, Sendable {
    /// How the child ended; `nil` when it could not be reaped before the deadline.
    package var status: ExitStatus?
    /// True when no process of the group was left at the end.
    package var groupEmpty: Bool
    /// Members of the group found alive after the child had exited; they were killed with SIGKILL.
    package var leftovers: [LeftoverProcess]
    /// The ports checked.
    package var ports: [Int]
    /// The ports that still accepted connections at the deadline.
    package var portsStillOpen: [Int]

    /// Creates a record.
    package init(status: ExitStatus?, groupEmpty: Bool, leftovers: [LeftoverProcess], ports: [Int], portsStillOpen: [Int]) {
        self.status = status
        self.groupEmpty = groupEmpty
        self.leftovers = leftovers
        self.ports = ports
        self.portsStillOpen = portsStillOpen
    }

    /// True when every port was released.
    package var portsReleased: Bool { portsStillOpen.isEmpty }

    /// True when the child was reaped, its group is empty with nothing left to kill, and its ports
    /// are released.
    package var verified: Bool { status != nil && groupEmpty && leftovers.isEmpty && portsReleased }

    /// Sentences saying what is not proven; empty when ``verified``.
    package var problems: [String] {
        var problems: [String] = []
        if status == nil {
            problems.append("the process was never reaped")
        }
        if !leftovers.isEmpty {
            let names = leftovers.map(\.description).joined(separator: ", ")
            problems.append("its process group outlived it: \(names) (killed)")
        }
        if !groupEmpty {
            problems.append("its process group is still not empty")
        }
        if !portsStillOpen.isEmpty {
            let list = portsStillOpen.map(String.init).joined(separator: ", ")
            problems.append("port(s) \(list) on 127.0.0.1 still accept connections")
        }
        return problems
    }
}
