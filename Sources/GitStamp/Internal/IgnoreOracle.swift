//===----------------------------------------------------------------------===//
// IgnoreOracle.swift: what a work tree's own .gitignore files ignore, and nothing else.
//===----------------------------------------------------------------------===//

internal import CLibgit2
import GateCore

/// Reads the work tree's untracked paths with the work tree's own `.gitignore` files as the only
/// source of ignore rules: no `core.excludesFile` from any configuration (the repository's `.git/config`,
/// `~/.gitconfig`, `/etc/gitconfig`), no `$XDG_CONFIG_HOME/git/ignore` (`~/.config/git/ignore`),
/// no `.git/info/exclude`. Everything but the committed `.gitignore` files is set-up the code
/// under test can write during a run, so anything else could hide a file it adds.
///
/// libgit2 reads every one of those for a real repository, and its search paths are process-wide;
/// so the oracle is a repository of its own, made in memory (`git_repository_new`: no git folder,
/// so no `info/exclude`), whose work tree is the real one, whose index is the real repository's,
/// and whose only configuration is a file this type writes into a private temporary folder:
/// `core.excludesFile` names a path that can never exist (`/dev/null/…`), which also keeps libgit2
/// from falling back to the XDG file. Its status is libgit2's own (a folder is named when it holds
/// a file the rules do not ignore), with one rule added: a `.gitignore` is never ignored, since a
/// new one that ignores itself would hide every file beside it.
enum IgnoreOracle {
    /// The configuration the oracle reads. `ignoreCase` as the platform's usual file system
    /// (case-insensitive APFS on a Mac) so a pattern matches as `git status` would there.
    static var configuration: String {
        #if canImport(Darwin)
            let ignoreCase = "true"
        #else
            let ignoreCase = "false"
        #endif
        return "[core]\n\texcludesfile = /dev/null/none\n\tattributesfile = /dev/null/none\n\tignorecase = \(ignoreCase)\n"
    }

    /// The untracked paths of the work tree `workTree` whose index is `index` (an untracked
    /// folder as `dir/`, as `git status` names it), by the `.gitignore` files alone.
    ///
    /// - Throws: ``GitStampError/scratchUnwritable(what:)`` or
    ///   ``GitStampError/libgit2(function:code:message:)`` when the oracle cannot be made or read.
    static func untrackedPaths(workTree: String, index: OpaquePointer) throws(GitStampError) -> [String] {
        let folder = try privateFolder()
        let file = folder + "/config"
        defer {
            unlink(file)
            rmdir(folder)
        }
        try writeFile(configuration, to: file)
        var configRaw: OpaquePointer?
        try Libgit2.check(git_config_new(&configRaw), "git_config_new")
        guard let configRaw else { throw .libgit2(function: "git_config_new", code: -1, message: "no configuration returned") }
        let config = Owned(configRaw, free: git_config_free)
        try Libgit2.check(
            git_config_add_file_ondisk(config.pointer, file, GIT_CONFIG_LEVEL_LOCAL, nil, 1), "git_config_add_file_ondisk")
        var repositoryRaw: OpaquePointer?
        try Libgit2.check(git_repository_new(&repositoryRaw), "git_repository_new")
        guard let repositoryRaw else { throw .libgit2(function: "git_repository_new", code: -1, message: "no repository returned") }
        let repository = Owned(repositoryRaw, free: git_repository_free)
        try Libgit2.check(git_repository_set_config(repository.pointer, config.pointer), "git_repository_set_config")
        try Libgit2.check(git_repository_set_workdir(repository.pointer, workTree, 0), "git_repository_set_workdir")
        try Libgit2.check(git_repository_set_index(repository.pointer, index), "git_repository_set_index")
        // libgit2 keeps a negation only when it negates an earlier rule of the same file: both, so the
        // internal rules (read before any .gitignore) say a `.gitignore` is never ignored.
        try Libgit2.check(git_ignore_add_rule(repository.pointer, ".gitignore\n!.gitignore\n"), "git_ignore_add_rule")

        var options = git_status_options()
        try Libgit2.check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_WORKDIR_ONLY
        // Submodules are the real status's to judge: the oracle has no git folder to open them from.
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
        var raw: OpaquePointer?
        try Libgit2.check(git_status_list_new(&raw, repository.pointer, &options), "git_status_list_new")
        guard let raw else { return [] }
        let list = Owned(raw, free: git_status_list_free)
        var paths: [String] = []
        for position in 0..<git_status_list_entrycount(list.pointer) {
            guard let entry = git_status_byindex(list.pointer, position),
                entry.pointee.status.rawValue & GIT_STATUS_WT_NEW.rawValue != 0,
                let delta = entry.pointee.index_to_workdir,
                let path = delta.pointee.new_file.path ?? delta.pointee.old_file.path
            else { continue }
            paths.append(String(cString: path))
        }
        return paths
    }

    /// A new folder only this user can enter, under `TMPDIR` (else `/tmp`).
    private static func privateFolder() throws(GitStampError) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("gate-ignore-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .scratchUnwritable(what: "mkdtemp under \(base) failed (errno \(errno))")
        }
        return String(cString: made)
    }

    /// Writes `text` to a new file at `path` (mode 0600).
    private static func writeFile(_ text: String, to path: String) throws(GitStampError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .scratchUnwritable(what: "open \(path) failed (errno \(errno))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw .scratchUnwritable(what: "write \(path) failed (errno \(errno))")
        }
    }
}
