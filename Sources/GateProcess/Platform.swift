// Platform.swift
//
// Every fact about the operating system that process supervision depends on, in one place.

internal import CProcessShims
import GateCore

/// What the operating system gives the supervisor, as data: which signals a child gets back at
/// their defaults, how descriptors are kept out of children, how a process group's members are
/// listed, whether orphans can be re-parented to us, and how descendants are found.
///
/// There is one value per platform the gate knows (``linux``, ``darwin``) and one for a platform
/// that has none of the extras (``portable``: no `/proc`, no subreaper, no `closefrom`, no
/// `pipe2`). ``current`` is the one this build runs with; a Linux build compiled with
/// `-DACCEPTANCE_GATE_PORTABLE` (Swift and C alike) runs with ``portable``, so those degraded
/// paths are tested on every landing rather than first met on a customer's Mac.
///
/// The values hold each platform's own signal numbers, so the Darwin facts can be checked on
/// Linux (and the other way round) without that platform's headers.
package struct Platform: Sendable, Hashable, CustomStringConvertible {
    /// How descriptors that a child should not have are kept from it.
    package enum CloseOnExec: String, Sendable, Hashable {
        /// `pipe2(O_CLOEXEC)`/`SOCK_CLOEXEC` make every descriptor close-on-exec atomically, and the
        /// spawn closes every descriptor from 3 up (`posix_spawn_file_actions_addclosefrom_np`).
        case closeFrom = "pipe2 and closefrom"
        /// `POSIX_SPAWN_CLOEXEC_DEFAULT`: the child inherits only the descriptors the file actions
        /// name (our dup2 onto 0, 1 and 2), whatever other threads or libraries left open.
        case spawnDefault = "POSIX_SPAWN_CLOEXEC_DEFAULT"
        /// Only `FD_CLOEXEC` set by `fcntl` after `pipe()`/`socket()`: a child spawned by another
        /// thread between the two calls can inherit the descriptor.
        case descriptorFlags = "fcntl(FD_CLOEXEC) after creation"
    }

    /// Where the members of a process group are listed from.
    package enum ProcessTableSource: String, Sendable, Hashable {
        /// `/proc/PID/stat` (group) and `/proc/PID/cmdline` (command line).
        case procfs = "/proc"
        /// libproc: `proc_listpids(PROC_PGRP_ONLY, pgid, …)` and `proc_pidpath`.
        case libproc = "libproc"
        /// Nothing: members cannot be named; only `kill(-pgid, 0)` says whether any is left.
        case none = "none"
    }

    /// How the descendants of a child are found after it ends.
    package enum DescendantSearch: String, Sendable, Hashable {
        /// By process group, with this process as subreaper: orphans are re-parented to us and
        /// reaped by `waitpid(-pgid)`, so a killed grandchild cannot linger as a zombie under PID 1.
        case groupWithSubreaper = "process group, orphans re-parented to the gate"
        /// By process group only: orphans go to PID 1 (launchd on macOS), which must reap them
        /// before the group reads as empty.
        case groupOnly = "process group only"
    }

    /// The platform's name, for reports and test names.
    package var name: String
    /// This platform's signal numbers for the signals the supervisor cares about.
    package var signals: SignalNumbers
    /// The signals a child gets back at their default action. Every signal the platform has
    /// (`sigfillset`), since an ignored disposition survives exec: a child must not inherit the
    /// SIG_IGN that `InterruptMonitor` and the SIGPIPE guard set here.
    package var resetSignals: Set<Int32>
    /// How descriptors are kept out of children.
    package var closeOnExec: CloseOnExec
    /// Where group members are listed from.
    package var processTable: ProcessTableSource
    /// Whether this process can become a child subreaper (`PR_SET_CHILD_SUBREAPER`).
    package var hasSubreaper: Bool
    /// How descendants are found.
    package var descendants: DescendantSearch
    /// Whether `kill(-pgid, 0)` answers EPERM rather than ESRCH for a group whose only members are
    /// zombies (Darwin; see ``GroupOccupancy``).
    package var zombieGroupsAnswerEPERM: Bool

    // MARK: - The platforms

    /// Linux with glibc 2.34 or later.
    package static let linux = Platform(
        name: "Linux", signals: .linux, resetSignals: SignalNumbers.linux.filledSet, closeOnExec: .closeFrom,
        processTable: .procfs, hasSubreaper: true, descendants: .groupWithSubreaper,
        zombieGroupsAnswerEPERM: false)

    /// macOS (and the other Darwin systems).
    package static let darwin = Platform(
        name: "Darwin", signals: .darwin, resetSignals: SignalNumbers.darwin.filledSet, closeOnExec: .spawnDefault,
        processTable: .libproc, hasSubreaper: false, descendants: .groupOnly,
        zombieGroupsAnswerEPERM: true)

    /// A POSIX system with none of the extras: no `/proc`, no subreaper, no `closefrom`, no `pipe2`.
    /// Its signal numbers are this build's own.
    package static let portable = Platform(
        name: "portable POSIX", signals: .native, resetSignals: SignalNumbers.native.filledSet,
        closeOnExec: .descriptorFlags, processTable: .none, hasSubreaper: false, descendants: .groupOnly,
        zombieGroupsAnswerEPERM: false)

    /// The platform this build runs with.
    package static let current: Platform = {
        #if ACCEPTANCE_GATE_PORTABLE
            return .portable
        #elseif os(Linux)
            return .linux
        #elseif canImport(Darwin)
            return .darwin
        #else
            return .portable
        #endif
    }()

    /// True when the C shims were compiled with `-DACCEPTANCE_GATE_PORTABLE`. A portable build
    /// needs both `-Xswiftc -DACCEPTANCE_GATE_PORTABLE` and `-Xcc -DACCEPTANCE_GATE_PORTABLE`; with
    /// only one, Swift and C would take different paths (tests check that they agree).
    package static var shimsBuiltPortable: Bool { cps_built_portable() == 1 }

    // MARK: - Derived facts

    /// True when the members of a group can be listed by pid and command.
    package var namesGroupMembers: Bool { processTable != .none }

    /// A path that names the file this process runs, whatever later happens to the path it was
    /// started from (`/proc/self/exe`; a child spawned through it runs the same file), or `nil`
    /// where there is none and the gate starts itself by its path.
    package var ownImage: String? { processTable == .procfs ? "/proc/self/exe" : nil }

    /// ``ownImage`` when this process can run it now: a chroot or build sandbox may have no
    /// `/proc`, and then the gate starts its children from its path, as on Darwin.
    package var runnableOwnImage: String? { ownImage.flatMap { access($0, X_OK) == 0 ? $0 : nil } }

    /// The guarantees an exit proof gets here before anything is checked: whether this process is
    /// a subreaper right now (``Subreaper/enable()`` was called and the kernel agreed) and whether
    /// members can be named. `groupEmptinessChecked` is set by the proof itself.
    package var baseGuarantees: ExitGuarantees {
        ExitGuarantees(
            subreaper: hasSubreaper && Subreaper.isEnabled, descendantNaming: namesGroupMembers,
            groupEmptinessChecked: false)
    }

    /// `Linux: closefrom …, /proc, subreaper`, for logs and reports.
    package var description: String {
        let reaping = hasSubreaper ? "subreaper" : "no subreaper"
        return "\(name): \(closeOnExec.rawValue), process table \(processTable.rawValue), \(reaping)"
    }
}
