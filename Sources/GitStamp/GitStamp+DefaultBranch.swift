//===----------------------------------------------------------------------===//
// GitStamp+DefaultBranch.swift: the branch a repository's pipelines should trigger on.
//===----------------------------------------------------------------------===//

extension GitStamp {
    /// The repository's default branch, read through libgit2: the branch `origin`'s HEAD names
    /// (what a clone checks out, so what the hosting service calls default), else `main` or
    /// `master` when the repository has that branch, else the branch checked out (born or not).
    ///
    /// - Parameter directory: a folder inside the work tree; the repository is searched for upwards.
    /// - Returns: the branch's short name, or `nil` outside a repository or on a detached HEAD
    ///   with neither `origin/HEAD` nor a `main` or `master` branch.
    package static func defaultBranch(in directory: String) -> String? {
        guard let repository = try? Repository.discover(from: directory) else { return nil }
        let remotePrefix = "refs/remotes/origin/"
        if let target = repository.symbolicTarget(of: remotePrefix + "HEAD"), target.hasPrefix(remotePrefix),
            target.count > remotePrefix.count
        {
            return String(target.dropFirst(remotePrefix.count))
        }
        for name in ["main", "master"] where repository.hasReference("refs/heads/" + name) {
            return name
        }
        if let unborn = try? repository.unbornBranch() {
            return unborn == "HEAD" ? nil : unborn
        }
        guard (try? repository.isHeadDetached()) == false else { return nil }
        return try? repository.headBranch()
    }
}
