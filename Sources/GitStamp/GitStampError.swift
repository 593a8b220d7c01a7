//===----------------------------------------------------------------------===//
// GitStampError.swift: everything that can stop reading the commit stamp.
//===----------------------------------------------------------------------===//

import GateCore

/// Why the commit stamp could not be read.
///
/// Every case carries what its message needs; ``description`` is one user-facing sentence that
/// says what went wrong and what to do. libgit2 failures keep the failing function's name and
/// libgit2's own message.
package enum GitStampError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither `path` nor any folder above it is inside a git repository.
    case notARepository(path: String)

    /// The repository at `path` belongs to another user and is not listed in `safe.directory`
    /// (libgit2's `GIT_EOWNER`); `message` is libgit2's text.
    case unsafeOwnership(path: String, message: String)

    /// HEAD names `branch`, which has no commits yet; `path` is the repository's work tree (or git
    /// folder when it is bare).
    case unbornBranch(branch: String, path: String)

    /// A libgit2 call failed: `function` is its name, `code` its return value, `message` libgit2's
    /// text (from `git_error_last`).
    case libgit2(function: String, code: Int32, message: String)
    /// A revision (`run --base`) that names no commit in the repository.
    case unknownRevision(revision: String, message: String)
    /// The private file the `.gitignore`-only reading of the tree needs could not be written
    /// (`what` names it and the C error).
    case scratchUnwritable(what: String)

    /// libgit2's `GIT_ENOTFOUND`.
    package static let notFoundCode: Int32 = -3

    /// libgit2's `GIT_EOWNER` (libgit2 1.5 and later): the repository is owned by another user.
    package static let ownerCode: Int32 = -36

    /// The error for a failed attempt to open the repository from `path`.
    ///
    /// - Parameters:
    ///   - code: the value `git_repository_open_ext` returned.
    ///   - message: libgit2's message for it.
    ///   - path: the folder the search started from.
    ///   - repositoryPath: the work tree (or git folder) `git_repository_discover` found there, if
    ///     any; used in the `safe.directory` advice.
    /// - Returns: ``notARepository(path:)``, ``unsafeOwnership(path:message:)`` or ``libgit2(function:code:message:)``.
    package static func openFailure(code: Int32, message: String, path: String, repositoryPath: String?) -> GitStampError {
        switch code {
        case ownerCode:
            return .unsafeOwnership(path: repositoryPath ?? path, message: message)
        case notFoundCode where message.contains("safe.directory"):
            // libgit2 1.5.x (Debian 12's) reports a refused owner this way when no safe.directory is
            // configured at all: "config value 'safe.directory' was not found".
            return .unsafeOwnership(path: repositoryPath ?? path, message: message)
        case notFoundCode where repositoryPath == nil:
            return .notARepository(path: path)
        default:
            return .libgit2(function: "git_repository_open_ext", code: code, message: message)
        }
    }

    /// A one-sentence, user-facing explanation that says what to do.
    package var description: String {
        switch self {
        case .notARepository(let path):
            return "'\(path)' is not inside a git repository; run the gate from a clone or pass --repo with a work tree folder"
        case .unsafeOwnership(let path, let message):
            return "the repository at '\(path)' is owned by another user, so git refuses it (\(message)); "
                + "trust it with: git config --global --add safe.directory \(path)"
        case .unbornBranch(let branch, let path):
            return "the branch '\(branch)' in '\(path)' has no commits yet; commit something before stamping"
        case .libgit2(let function, let code, let message):
            return "libgit2 failed in \(function) (error \(code)): \(message)"
        case .unknownRevision(let revision, let message):
            return "'\(revision)' names no commit in the repository (\(message)); fetch it first (a shallow clone needs "
                + "fetch-depth 2 for HEAD~1), or pass a branch, tag or commit id"
        case .scratchUnwritable(let what):
            return "cannot read the work tree with its own .gitignore files alone: \(what); make TMPDIR (or /tmp) writable"
        }
    }
}

extension GitStampError: GateFailure {
    /// Exit 3: no repository, another owner, libgit2 failed; 2 for a revision the user named
    /// that is not there.
    package var exitStatus: GateExitStatus {
        if case .unknownRevision = self { return .usage }
        return .infrastructure
    }
}
