//===----------------------------------------------------------------------===//
// GroupOccupancy.swift: whether a process group still has a living member.
//===----------------------------------------------------------------------===//

import GateCore

/// Whether a process group still holds a living process, read from what `kill(-pgid, 0)` answered
/// with the platform's rules, and from the members' states where that answer is ambiguous.
///
/// Linux answers ESRCH once no member is left (a zombie still counts, which is why the supervisor
/// reaps first). Darwin answers EPERM, not ESRCH, while the group holds only zombies: XNU's
/// `killpg1` (`bsd/kern/kern_sig.c`) walks the zombie list too, counts its members as found and
/// signals none of them. Zombies leave the group only when reaped, and without a subreaper an
/// orphaned grandchild's zombie waits for launchd, so EPERM alone would read as a stray process
/// or a failed exit proof for a moment. There, EPERM is empty when every member libproc lists is
/// a zombie; while any is alive, or the members cannot be listed, the group is occupied and the
/// caller checks again.
package enum GroupOccupancy: Equatable, Sendable {
    /// No living process is left in the group.
    case empty
    /// At least one process of the group may still be alive.
    case occupied

    /// One member of a group, as the process table showed it.
    package struct Member: Equatable, Sendable {
        /// Its pid.
        package var pid: Int32
        /// It ended and was not reaped yet.
        package var zombie: Bool
    }

    /// Decides from one `kill(-pgid, 0)`.
    /// - Parameters:
    ///   - killResult: what `kill(-pgid, 0)` returned.
    ///   - error: `errno` right after it.
    ///   - platform: whose rules apply (``Platform/zombieGroupsAnswerEPERM``).
    ///   - members: lists the group's members with their states (`nil` where it cannot); called
    ///     only for Darwin's ambiguous EPERM.
    package static func decide(
        killResult: Int32, error: Int32, platform: Platform, members: () -> [Member]?
    ) -> GroupOccupancy {
        if killResult == 0 {
            return .occupied
        }
        if error == ESRCH {
            return .empty
        }
        if error == EPERM && platform.zombieGroupsAnswerEPERM, let listed = members(), listed.allSatisfy(\.zombie) {
            return .empty
        }
        return .occupied
    }

    /// Asks the system about `group` now, on ``Platform/current``.
    package static func probe(_ group: Int32) -> GroupOccupancy {
        let result = kill(-group, 0)
        let error = errno
        return decide(killResult: result, error: error, platform: .current) { ProcessTable.memberStates(ofGroup: group) }
    }
}
