//===----------------------------------------------------------------------===//
// Repository.swift: an open libgit2 repository and the questions the stamp asks it.
//===----------------------------------------------------------------------===//

internal import CLibgit2

/// An open repository (owns its `git_repository`).
struct Repository {
    /// The libgit2 repository.
    let handle: Owned

    /// Opens the repository that contains `path`, searching upwards from it.
    ///
    /// - Throws: ``GitStampError/notARepository(path:)``, ``GitStampError/unsafeOwnership(path:message:)``
    ///   or ``GitStampError/libgit2(function:code:message:)``.
    static func discover(from path: String) throws(GitStampError) -> Repository {
        try Libgit2.initialise()
        var raw: OpaquePointer?
        let result = git_repository_open_ext(&raw, path, 0, nil)
        guard result >= 0, let raw else {
            let message = Libgit2.lastMessage()
            let code = result < 0 ? result : -1
            throw openError(code: code, message: message, path: path)
        }
        return Repository(handle: Owned(raw, free: git_repository_free))
    }

    /// The error for a failed open. `git_repository_discover` does not check ownership, so it finds the
    /// repository's folder for the `safe.directory` advice (and tells "no repository" from "refused").
    private static func openError(code: Int32, message: String, path: String) -> GitStampError {
        var repositoryPath: String?
        if code == GitStampError.ownerCode || code == GitStampError.notFoundCode {
            var buffer = git_buf()
            if git_repository_discover(&buffer, path, 0, nil) == 0, let text = buffer.ptr {
                var found = Libgit2.trimmingTrailingSlash(String(cString: text))
                if found.hasSuffix("/.git") {
                    found.removeLast(5)
                }
                repositoryPath = found
            }
            git_buf_dispose(&buffer)
        }
        return GitStampError.openFailure(code: code, message: message, path: path, repositoryPath: repositoryPath)
    }

    /// The work tree's root without a trailing slash, or `nil` for a bare repository.
    var workTree: String? {
        guard let raw = git_repository_workdir(handle.pointer) else { return nil }
        return Libgit2.trimmingTrailingSlash(String(cString: raw))
    }

    /// The git folder (`.git`, or the worktree's folder under it).
    var gitPath: String {
        guard let raw = git_repository_path(handle.pointer) else { return "" }
        return Libgit2.trimmingTrailingSlash(String(cString: raw))
    }

    /// Whether the repository is a shallow clone.
    func isShallow() throws(GitStampError) -> Bool {
        let result = git_repository_is_shallow(handle.pointer)
        try Libgit2.check(result, "git_repository_is_shallow")
        return result == 1
    }

    /// Whether HEAD is detached.
    func isHeadDetached() throws(GitStampError) -> Bool {
        let result = git_repository_head_detached(handle.pointer)
        try Libgit2.check(result, "git_repository_head_detached")
        return result == 1
    }

    /// The branch HEAD names when that branch has no commits yet, or `nil` when HEAD has a commit.
    func unbornBranch() throws(GitStampError) -> String? {
        let result = git_repository_head_unborn(handle.pointer)
        try Libgit2.check(result, "git_repository_head_unborn")
        guard result == 1 else { return nil }
        var raw: OpaquePointer?
        try Libgit2.check(git_reference_lookup(&raw, handle.pointer, "HEAD"), "git_reference_lookup")
        guard let raw else { return "HEAD" }
        let head = Owned(raw, free: git_reference_free)
        guard let target = git_reference_symbolic_target(head.pointer) else { return "HEAD" }
        let name = String(cString: target)
        let prefix = "refs/heads/"
        return name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
    }

    /// The short name of the branch HEAD is on (call only when HEAD is neither detached nor unborn).
    func headBranch() throws(GitStampError) -> String {
        var raw: OpaquePointer?
        try Libgit2.check(git_repository_head(&raw, handle.pointer), "git_repository_head")
        guard let raw else {
            throw .libgit2(function: "git_repository_head", code: -1, message: "no reference returned")
        }
        let head = Owned(raw, free: git_reference_free)
        guard let name = git_reference_shorthand(head.pointer) else {
            throw .libgit2(function: "git_reference_shorthand", code: -1, message: "no name returned")
        }
        return String(cString: name)
    }

    /// HEAD's commit ID as 40 hex digits.
    func headCommitID() throws(GitStampError) -> String {
        var oid = git_oid()
        try Libgit2.check(git_reference_name_to_id(&oid, handle.pointer, "HEAD"), "git_reference_name_to_id")
        var digits = [CChar](repeating: 0, count: 40)
        try Libgit2.check(git_oid_fmt(&digits, &oid), "git_oid_fmt")
        return String(decoding: digits.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The paths that differ between HEAD, the index and the work tree: staged, modified, deleted and
    /// untracked (an untracked folder as `dir/`), never what the work tree's own `.gitignore` files
    /// ignore. Empty for a bare repository.
    ///
    /// Only those files: the untracked paths are read by an ``IgnoreOracle`` that knows no other
    /// ignore rules, so `core.excludesFile` (in `.git/config` or any global configuration), the
    /// user's XDG ignore file and `.git/info/exclude`, which something the change runs can write,
    /// hide nothing; and an untracked `.gitignore` is never ignored.
    func changedPaths() throws(GitStampError) -> [String] {
        guard git_repository_is_bare(handle.pointer) == 0, let workTree else { return [] }
        var options = git_status_options()
        try Libgit2.check(
            git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue
        var raw: OpaquePointer?
        try Libgit2.check(git_status_list_new(&raw, handle.pointer, &options), "git_status_list_new")
        guard let raw else { return [] }
        let list = Owned(raw, free: git_status_list_free)
        var paths: Set<String> = []
        for index in 0..<git_status_list_entrycount(list.pointer) {
            guard let entry = git_status_byindex(list.pointer, index) else { continue }
            let status = entry.pointee.status.rawValue
            guard status != GIT_STATUS_CURRENT.rawValue, status & GIT_STATUS_IGNORED.rawValue == 0 else { continue }
            for delta in [entry.pointee.head_to_index, entry.pointee.index_to_workdir] {
                guard let delta, let path = delta.pointee.new_file.path ?? delta.pointee.old_file.path else { continue }
                paths.insert(String(cString: path))
            }
        }
        var indexRaw: OpaquePointer?
        try Libgit2.check(git_repository_index(&indexRaw, handle.pointer), "git_repository_index")
        guard let indexRaw else { throw .libgit2(function: "git_repository_index", code: -1, message: "no index returned") }
        let index = Owned(indexRaw, free: git_index_free)
        paths.formUnion(try IgnoreOracle.untrackedPaths(workTree: workTree, index: index.pointer))
        return paths.sorted()
    }

    /// The repository's own configuration files, as paths: the common git folder's `config`
    /// and a linked worktree's `config.worktree` (whether or not it exists). What the stamp reads
    /// besides the tree, so the run compares their bytes before and after the suites.
    var configurationFiles: [String] {
        var files: [String] = []
        if let common = git_repository_commondir(handle.pointer) {
            files.append(Libgit2.trimmingTrailingSlash(String(cString: common)) + "/config")
        }
        let own = gitPath + "/config.worktree"
        if !gitPath.isEmpty, !files.contains(own) { files.append(own) }
        return files
    }

    /// The bytes of the file at `path` (repository-relative, `/`-separated) in the commit
    /// `revision` names (anything `git rev-parse` takes: a branch, `origin/main`, `HEAD~1`, an id),
    /// or `nil` when that commit has no such file. At most `limit` bytes; a larger blob is refused.
    func blob(at revision: String, path: String, limit: Int) throws(GitStampError) -> [UInt8]? {
        var commit: OpaquePointer?
        let found = git_revparse_single(&commit, handle.pointer, revision + "^{commit}")
        guard found >= 0, let commit else {
            throw .unknownRevision(revision: revision, message: Libgit2.lastMessage())
        }
        git_object_free(commit)
        var raw: OpaquePointer?
        let result = git_revparse_single(&raw, handle.pointer, revision + "^{commit}:" + path)
        if result == GIT_ENOTFOUND.rawValue { return nil }
        try Libgit2.check(result, "git_revparse_single")
        guard let raw else { return nil }
        let object = Owned(raw, free: git_object_free)
        guard git_object_type(object.pointer) == GIT_OBJECT_BLOB else { return nil }
        let size = git_blob_rawsize(object.pointer)
        guard size >= 0, size <= limit else {
            throw .libgit2(function: "git_blob_rawsize", code: -1, message: "'\(path)' at \(revision) is over \(limit) bytes")
        }
        guard size > 0, let bytes = git_blob_rawcontent(object.pointer) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(size)))
    }

    /// The reference a symbolic reference points at (`refs/remotes/origin/main` for
    /// `refs/remotes/origin/HEAD`), or `nil` when there is no such reference or it is direct.
    func symbolicTarget(of name: String) -> String? {
        var raw: OpaquePointer?
        guard git_reference_lookup(&raw, handle.pointer, name) == 0, let raw else { return nil }
        let reference = Owned(raw, free: git_reference_free)
        return git_reference_symbolic_target(reference.pointer).map { String(cString: $0) }
    }

    /// Whether the reference `name` (`refs/heads/main`) exists.
    func hasReference(_ name: String) -> Bool {
        var raw: OpaquePointer?
        guard git_reference_lookup(&raw, handle.pointer, name) == 0, let raw else { return false }
        _ = Owned(raw, free: git_reference_free)
        return true
    }
}
