//===----------------------------------------------------------------------===//
// GitStamp.swift: reads the commit stamp through libgit2.
//===----------------------------------------------------------------------===//

/// Reads the commit under test through libgit2 (design.md, "Report and signature": `commit.*`).
package enum GitStamp {
    /// Reads HEAD, the branch, the work tree's state and the CI system's commit.
    ///
    /// Works from any folder inside a work tree, including a linked worktree, a submodule, a
    /// shallow clone and a detached HEAD.
    ///
    /// - Parameters:
    ///   - directory: a folder inside the work tree; the repository is searched for upwards.
    ///   - environment: the environment to read the CI system's commit variables from.
    /// - Returns: the stamp.
    /// - Throws: ``GitStampError/notARepository(path:)`` outside a repository,
    ///   ``GitStampError/unsafeOwnership(path:message:)`` for another user's repository,
    ///   ``GitStampError/unbornBranch(branch:path:)`` before the first commit, or
    ///   ``GitStampError/libgit2(function:code:message:)``.
    package static func read(from directory: String, environment: [String: String] = [:]) throws(GitStampError)
        -> CommitStamp
    {
        let repository = try Repository.discover(from: directory)
        let workTree = repository.workTree
        if let branch = try repository.unbornBranch() {
            throw .unbornBranch(branch: branch, path: workTree ?? repository.gitPath)
        }
        let detached = try repository.isHeadDetached()
        let changedPaths = try repository.changedPaths()
        return CommitStamp(
            id: try repository.headCommitID(),
            branch: detached ? nil : try repository.headBranch(),
            detached: detached,
            dirty: !changedPaths.isEmpty,
            changedPaths: changedPaths,
            shallow: try repository.isShallow(),
            workTree: workTree,
            ciCommit: CICommit.detect(in: environment))
    }

    /// The repository's own configuration files (the git folder's `config`, and a linked
    /// worktree's `config.worktree`), as paths, whether or not each exists; empty outside a
    /// repository. The stamp reads them besides the tree (a `core.worktree`, a filter, an
    /// exclude), so a run compares their bytes before and after the suites.
    package static func configurationFiles(from directory: String) -> [String] {
        (try? Repository.discover(from: directory))?.configurationFiles ?? []
    }

    /// The bytes of `path` (relative to the work tree's root) in the commit `revision` names, or
    /// `nil` when that commit has no such file: what `run --base` compares the configuration with.
    ///
    /// - Throws: ``GitStampError/unknownRevision(revision:message:)`` when `revision` names no
    ///   commit, or the errors of ``read(from:environment:)`` for the repository itself.
    package static func file(_ path: String, at revision: String, in directory: String, limit: Int = 1 << 20) throws(GitStampError)
        -> [UInt8]?
    {
        try Repository.discover(from: directory).blob(at: revision, path: path, limit: limit)
    }
}

extension GitStamp {
    /// The paths `head` changes since it left `base`, read from the repository at `directory`
    /// (a work tree or a bare clone) as data: trees and blobs' ids only, nothing checked out or run.
    ///
    /// - Throws: ``GitStampError/unknownRevision(revision:message:)`` when `base` or `head` names
    ///   no commit there, or the errors of opening the repository.
    package static func diff(base: String, head: String, in directory: String) throws(GitStampError) -> CommitDiff {
        try Repository.discover(from: directory).diff(base: base, head: head)
    }
}
