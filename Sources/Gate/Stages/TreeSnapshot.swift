//===----------------------------------------------------------------------===//
// TreeSnapshot.swift: the work tree as the run found it, to check it again after the suites.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateDigest
import GitStamp

/// The commit and the changed paths as the stamp read them before the suites, with what each
/// changed path held. The code under test can edit the tree while it runs (a test, a build
/// plugin, a macro): the report names a commit, so after the suites the tree is read again and
/// any difference is a change made during the run.
///
/// The status alone would miss an edit to a file that was already changed before the run, so
/// each such file's bytes are hashed (a link: its target; anything else: its type and size).
struct TreeSnapshot: Sendable {
    /// The stamp read before the suites (the out folder already left out).
    var commit: CommitStamp
    /// What each changed path held, by its path relative to the work tree.
    var contents: [String: String]
    /// What each of the repository's configuration files held (``GitStamp/configurationFiles(from:)``),
    /// by the name a change of it is reported with: `.git/config`, or its full path outside the work tree.
    var configuration: [String: String]
    /// Paths relative to the work tree that the run itself writes (the out folder, the suites'
    /// result bundles): never a change of the code under test.
    var excluded: [String]

    /// Takes the snapshot of `commit`'s changed paths.
    init(_ commit: CommitStamp, excluding excluded: [String]) {
        self.commit = commit
        self.excluded = excluded
        var contents: [String: String] = [:]
        var configuration: [String: String] = [:]
        if let workTree = commit.workTree {
            for path in commit.changedPaths where !path.hasSuffix("/") {
                contents[path] = Self.fingerprint(workTree + "/" + path)
            }
            for file in GitStamp.configurationFiles(from: workTree) {
                configuration[Self.name(of: file, in: workTree)] = Self.fingerprint(file)
            }
        }
        self.contents = contents
        self.configuration = configuration
    }

    /// `file` relative to `workTree` when it lies below it, else in full.
    private static func name(of file: String, in workTree: String) -> String {
        file.hasPrefix(workTree + "/") ? String(file.dropFirst(workTree.count + 1)) : file
    }

    /// The paths that differ in `after` (read after the suites): paths changed, added or
    /// restored since, changed paths whose bytes differ, and a configuration file of the
    /// repository whose bytes differ (`.git/config`: an exclude, a `core.worktree` or a filter
    /// written there changes what the status says). Sorted; `HEAD` first when the commit itself moved.
    func changes(in after: CommitStamp) -> [String] {
        let afterPaths = after.changedPaths.filter { !isExcluded($0) }
        let before = Set(commit.changedPaths.filter { !isExcluded($0) })
        var changed = before.symmetricDifference(afterPaths)
        if let workTree = after.workTree {
            for path in afterPaths where before.contains(path) && !path.hasSuffix("/") {
                if Self.fingerprint(workTree + "/" + path) != contents[path] { changed.insert(path) }
            }
        }
        if let workTree = commit.workTree { changed.formUnion(changedConfiguration(workTree)) }
        let sorted = changed.sorted()
        return after.id == commit.id ? sorted : ["HEAD (\(commit.id.prefix(12)) → \(after.id.prefix(12)))"] + sorted
    }

    /// The names of the repository's configuration files (stamped, or there now) whose bytes
    /// differ from the stamp's.
    private func changedConfiguration(_ workTree: String) -> [String] {
        let now = GitStamp.configurationFiles(from: workTree).map { Self.name(of: $0, in: workTree) }
        return Set(configuration.keys).union(now).filter { name in
            Self.fingerprint(name.hasPrefix("/") ? name : workTree + "/" + name) != configuration[name] ?? "absent"
        }
    }

    /// An excluded path covers what lies below it; one ending in `/` (an untracked folder as the
    /// status names it) only itself.
    private func isExcluded(_ path: String) -> Bool {
        excluded.contains { $0.hasSuffix("/") ? path == $0 : path == $0 || path == $0 + "/" || path.hasPrefix($0 + "/") }
    }

    /// What the file at `path` holds, without following a link and without opening anything
    /// but a regular file (a FIFO the code under test planted would block an open).
    static func fingerprint(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "absent" }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard let hashed = try? SHA256.hash(fileAtPath: path) else { return "unreadable \(info.st_size)" }
            return "file " + hashed.digest.hex
        case S_IFLNK:
            return "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
        default:
            return "mode \(info.st_mode & S_IFMT) size \(info.st_size)"
        }
    }
}
