//===----------------------------------------------------------------------===//
// SuiteDomainError.swift: why a suite's domain could not be prepared.
//===----------------------------------------------------------------------===//

import GateCore

/// Why a suite's domain could not be prepared. A run that meets one runs its suites as the gate's
/// own user and records the message as the isolation's reason.
package enum SuiteDomainError: GateFailure, Equatable, Sendable {
    /// The cache folder (or a folder in it) is not a plain folder owned by the gate's user and
    /// writable by it alone, so the suite's user could have planted something in it.
    case unsafeCache(path: String, why: String)
    /// A folder of the cache could not be created or given to the suite's user.
    case cacheFailed(path: String, call: String, errno: Int32)
    /// The suites' user does not exist here: a user namespace that maps only the gate's own user
    /// (rootless containers, `unshare -r`) has no other uid to give anything to.
    case userUnmapped(uid: UInt32)
    /// A suite's program could not be found or a build folder given to the suites' user.
    case cannotEnter(suite: String, reason: String)
    /// A suite's egress ledger (``SuiteEgressLedger``) is not what the domain writes.
    case egressLedger(path: String, why: String)

    /// One sentence: what went wrong and what to do.
    package var description: String {
        switch self {
        case let .unsafeCache(path, why):
            return
                "the suites' cache folder \(path) \(why): remove it, or point ACCEPTANCE_GATE_SUITE_CACHE at a folder only the gate's user can write"
        case let .userUnmapped(uid):
            return
                "this root cannot become another user: uid \(uid) is not mapped here (a user namespace that maps one user, as rootless containers and unshare -r make)"
        case let .cannotEnter(suite, reason):
            return "'\(suite)' could not be started in its domain: \(reason)"
        case let .egressLedger(path, why):
            return
                "the egress ledger \(path) cannot be read (\(why)): only the gate writes it, so check what else writes to the suites' cache root"
        case let .cacheFailed(path, call, errno):
            return
                "the suites' cache folder \(path) could not be prepared (\(call): \(String(cString: strerror(errno)))); check the disk and its permissions"
        }
    }

    /// The machine around the gate failed.
    package var exitStatus: GateExitStatus { .infrastructure }
}
