//===----------------------------------------------------------------------===//
// FixtureError.swift: everything that can stop the redirect fixture.
//===----------------------------------------------------------------------===//

import GateCore

/// Everything that can stop the redirect fixture from starting or from writing its ledger.
///
/// Each ``description`` is one user-facing sentence that names the port, file or call involved
/// and says what to do; the command line prints it after `acceptance-gate: `.
package enum FixtureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another socket already listens on 127.0.0.1:`port`.
    case portInUse(port: Int)
    /// Binding 127.0.0.1:`port` was refused (a privileged port for an unprivileged user).
    case portNotPermitted(port: Int)
    /// The two ports are not two different ports from 1 to 65535.
    case invalidPorts(origin: Int, foreign: Int)
    /// ``RedirectFixtureServer/start()`` was called on a server that was already started.
    case alreadyStarted
    /// A system call needed to start the server failed; `call` names it.
    case systemCallFailed(call: String, errno: Int32)
    /// Writing the ledger to `path` failed in `call`.
    case ledgerWriteFailed(path: String, call: String, errno: Int32)
    /// Ledger JSON could not be read back; `detail` says what was wrong.
    case malformedLedger(detail: String)

    /// The message as one sentence, without the program-name prefix.
    package var description: String {
        switch self {
        case let .portInUse(port):
            return "port \(port) on 127.0.0.1 is already in use; stop what is using it or pass --ports auto"
        case let .portNotPermitted(port):
            return "port \(port) on 127.0.0.1 may not be bound by this user (permission denied); "
                + "pick a port from 1024 to 65535 or pass --ports auto"
        case let .invalidPorts(origin, foreign):
            return "the fixture needs two different ports from 1 to 65535, not \(origin) and \(foreign); "
                + "pass two such ports or --ports auto"
        case .alreadyStarted:
            return "the fixture server was already started; create a new server to start another"
        case let .systemCallFailed(call, code):
            return "the fixture could not start: \(call) failed: \(SystemError.message(code)); "
                + "check the system's limits on open files and sockets"
        case let .ledgerWriteFailed(path, call, code):
            return "could not write the ledger to '\(path)': \(call) failed: \(SystemError.message(code)); "
                + "check that the directory exists and is writable"
        case let .malformedLedger(detail):
            return "the ledger JSON is malformed: \(detail); expect the shape the fixture writes"
        }
    }
}

extension FixtureError: GateFailure {
    /// Exit 2 for ports the user gave that cannot work, 3 for the machine (a port in use, a
    /// system call, the ledger write).
    package var exitStatus: GateExitStatus {
        switch self {
        case .invalidPorts: .usage
        case .portInUse, .portNotPermitted, .alreadyStarted, .systemCallFailed, .ledgerWriteFailed, .malformedLedger: .infrastructure
        }
    }
}
