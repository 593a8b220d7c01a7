//===----------------------------------------------------------------------===//
// IgnoreOracle.swift: what a work tree's own .gitignore files ignore, and nothing else.
//===----------------------------------------------------------------------===//

internal import CLibgit2
import GateCore

/// Answers "does the work tree's own `.gitignore` ignore this path?" with no other source of
/// ignore rules: no `core.excludesFile` from any configuration (the repository's `.git/config`,
/// `~/.gitconfig`, `/etc/gitconfig`), no `$XDG_CONFIG_HOME/git/ignore` (`~/.config/git/ignore`),
/// no `.git/info/exclude`. Everything but the committed `.gitignore` files is set-up the code
/// under test can write during a run, so anything else could hide a file it adds.
///
/// libgit2 reads every one of those for a real repository, and its search paths are process-wide;
/// so the oracle is a repository of its own, made in memory (`git_repository_new`: no git folder,
/// so no `info/exclude`), whose work tree is the real one and whose only configuration is a file
/// this type writes into a private temporary folder: `core.excludesFile` names a path that can
/// never exist (`/dev/null/…`), which also keeps libgit2 from falling back to the XDG file.
struct IgnoreOracle {
    /// The in-memory repository over the real work tree.
    private let repository: Owned
    /// Where ``isIgnored(_:)`` reads: the work tree's root with a trailing slash.
    private let root: String

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

    /// Runs `body` with an oracle over `workTree`; the configuration file is removed afterwards.
    ///
    /// - Throws: ``GitStampError/scratchUnwritable(what:)`` or
    ///   ``GitStampError/libgit2(function:code:message:)`` when the oracle cannot be made.
    static func with<Result>(workTree: String, _ body: (IgnoreOracle) throws(GitStampError) -> Result) throws(GitStampError) -> Result {
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
        return try body(IgnoreOracle(repository: repository, root: workTree.hasSuffix("/") ? workTree : workTree + "/"))
    }

    /// Whether the work tree's `.gitignore` files ignore `path` (relative, `/`-separated; a
    /// folder with or without its trailing `/`), or a folder above it.
    func isIgnored(_ path: String) throws(GitStampError) -> Bool {
        var ignored: Int32 = 0
        try Libgit2.check(git_ignore_path_is_ignored(&ignored, repository.pointer, path), "git_ignore_path_is_ignored")
        return ignored == 1
    }

    /// How many entries ``holdsVisibleFile(_:)`` looks at before it calls the folder visible: a
    /// folder the run fills with ignored files cannot make the check slow, only conservative.
    static let walkLimit = 10_000

    /// Whether the folder `folder` (relative, ending in `/`), which something other than the
    /// `.gitignore` files ignored, holds a file those files do not ignore: what `git status`
    /// would show as `folder/` without the other excludes. A `.gitignore` inside counts as
    /// visible whatever it says (a new `.gitignore` that ignores itself would hide its folder),
    /// and so does a nested `.git`.
    func holdsVisibleFile(_ folder: String) throws(GitStampError) -> Bool {
        var pending = [folder]
        var examined = 0
        while let current = pending.popLast() {
            guard let directory = opendir(root + current) else { continue }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != ".", name != "..", !name.isEmpty { names.append(name) }
            }
            closedir(directory)
            for name in names {
                examined += 1
                if examined > Self.walkLimit || name == ".gitignore" || name == ".git" { return true }
                let path = current + name
                var info = stat()
                guard lstat(root + path, &info) == 0 else { continue }
                let isFolder = info.st_mode & S_IFMT == S_IFDIR
                if try isIgnored(isFolder ? path + "/" : path) { continue }
                guard isFolder else { return true }
                pending.append(path + "/")
            }
        }
        return false
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
