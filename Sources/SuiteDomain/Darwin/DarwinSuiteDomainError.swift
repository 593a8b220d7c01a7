//===----------------------------------------------------------------------===//
// DarwinSuiteDomainError.swift: what can go wrong building or setting up a suite's domain on macOS.
//===----------------------------------------------------------------------===//

import GateCore

/// Everything that can stop the gate from confining a suite on macOS. Each description is one
/// sentence that names the thing and what to do.
package enum DarwinSuiteDomainError: GateFailure, Equatable, Sendable {
    /// A path the profile would name is not absolute, or holds a `.` or `..` component, which the
    /// sandbox (matching real paths) would never match.
    case pathNotAbsolute(path: String)
    /// A path holds a control character (a newline, a NUL, …) or a bidirectional override: it
    /// could end the profile's string literal or mislead a reader, so it is refused, not escaped.
    case controlCharacterInPath(path: String)
    /// The root folder was given as writable: such a profile would confine nothing.
    case writableRoot
    /// An environment variable's name is empty, holds `=` or a NUL, or a value holds a NUL.
    case invalidEnvironment(name: String)
    /// The suite's command is empty or its program starts with `-` (which a wrapper would read as an option).
    case invalidCommand(program: String)
    /// The layout names another user or group than the suite user's: the record would say one uid
    /// while the suite ran as another.
    case layoutUserMismatch(layoutUID: UInt32, layoutGID: UInt32, userUID: UInt32, userGID: UInt32)
    /// The suite user's name is not a short lower-case account name.
    case invalidUserName(name: String)
    /// The suite user's id is outside the range the login window hides.
    case userIDOutsideHiddenRange(uid: UInt32)
    /// Another account already has the suite user's id.
    case userIDTaken(uid: UInt32, by: String)
    /// The suite user's name exists with another id than the one configured.
    case userExistsWithOtherID(name: String, uid: UInt32)
    /// A set-up or probe command failed (`detail` is its status and what it printed last).
    case commandFailed(command: String, detail: String)

    /// A one-line, user-facing explanation that names the thing and what to do.
    package var description: String {
        switch self {
        case .pathNotAbsolute(let path):
            return
                "cannot confine the suites: '\(Self.printable(path))' is not an absolute path without '.' or '..'; give the real path (as realpath prints it)"
        case .controlCharacterInPath(let path):
            return
                "cannot confine the suites: the path '\(Self.printable(path))' holds a control character; rename it, or leave it out of the suite's writable, read-only and hidden paths"
        case .writableRoot:
            return "cannot confine the suites: '/' is listed as writable, which would confine nothing; list the suite's own folders instead"
        case .invalidEnvironment(let name):
            return
                "cannot start a suite as its own user: the environment variable '\(Self.printable(name))' has an empty name, an '=' or a NUL byte; remove it from the suite's environment"
        case .invalidCommand(let program):
            return
                "cannot start a suite as its own user: its command '\(Self.printable(program))' is empty or starts with '-'; name the program by its path"
        case .layoutUserMismatch(let layoutUID, let layoutGID, let userUID, let userGID):
            return
                "cannot start a suite as its own user: its layout says uid \(layoutUID), gid \(layoutGID), but the suite user is uid \(userUID), gid \(userGID); build the layout from the suite user"
        case .invalidUserName(let name):
            return
                "cannot set up the suite user '\(Self.printable(name))': an account name is 1 to 31 characters of a-z, 0-9, '_' and '-', starting with a letter or '_'; choose another"
        case .userIDOutsideHiddenRange(let uid):
            return
                "cannot set up the suite user with uid \(uid): it must be from \(DarwinFacts.hiddenUserIDs.lowerBound) to \(DarwinFacts.hiddenUserIDs.upperBound), where macOS keeps hidden service accounts; choose another"
        case .userIDTaken(let uid, let other):
            return
                "cannot set up the suite user: uid \(uid) already belongs to '\(Self.printable(other))'; choose a free uid (dscl . -list /Users UniqueID lists them)"
        case .userExistsWithOtherID(let name, let uid):
            return
                "cannot set up the suite user: '\(Self.printable(name))' already exists with uid \(uid); configure that uid, or choose another name"
        case .commandFailed(let command, let detail):
            return
                "'\(Self.printable(command))' failed (\(Self.printable(detail))); check that sudo -n works for this user, then run the gate again"
        }
    }

    /// Bad input from the configuration is a usage error; a command that failed is the machine's.
    package var exitStatus: GateExitStatus {
        switch self {
        case .commandFailed: return .infrastructure
        default: return .usage
        }
    }

    /// `text` as one printable line: the very characters that make a path unusable are shown.
    private static func printable(_ text: String) -> String { PrintableLine.make(text, limit: 300) }
}
