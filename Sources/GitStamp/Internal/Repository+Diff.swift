//===----------------------------------------------------------------------===//
// Repository+Diff.swift: a tree-to-tree diff of two commits, with their merge base.
//===----------------------------------------------------------------------===//

internal import CLibgit2

extension Repository {
    /// The paths `head` changes since it left `base` (``CommitDiff``).
    ///
    /// - Throws: ``GitStampError/unknownRevision(revision:message:)`` when either names no
    ///   commit; ``GitStampError/libgit2(function:code:message:)``.
    func diff(base: String, head: String) throws(GitStampError) -> CommitDiff {
        var baseID = try commitID(base)
        var headID = try commitID(head)
        var mergeID = git_oid()
        let merged = git_merge_base(&mergeID, handle.pointer, &baseID, &headID)
        if merged != GIT_ENOTFOUND.rawValue { try Libgit2.check(merged, "git_merge_base") }
        let hasMergeBase = merged == 0
        let baseTree = try tree(of: baseID)
        let fromTree = hasMergeBase ? try tree(of: mergeID) : baseTree
        let toTree = try tree(of: headID)
        let paths = try changedPaths(from: fromTree, to: toTree)
        let pathsFromBase = try changedPaths(from: baseTree, to: toTree)
        // A changed file's folders that hold an action: checked in every tree the change is compared across.
        var folders: Set<String> = []
        for path in Set(paths + pathsFromBase) {
            // The root's action.yml (an action's own repository) would make every file a pipeline file: folders only.
            var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            while !parts.isEmpty {
                let folder = parts.joined(separator: "/") + "/"
                if !folders.contains(folder) {
                    for tree in [baseTree, fromTree, toTree] where try Self.holdsAction(tree, folder) {
                        folders.insert(folder)
                        break
                    }
                }
                parts = parts.dropLast()
            }
        }
        return CommitDiff(
            base: try Self.hex(baseID), head: try Self.hex(headID), mergeBase: hasMergeBase ? try Self.hex(mergeID) : nil,
            paths: paths, pathsFromBase: pathsFromBase, actionFolders: folders)
    }

    /// The paths (old and new of each delta) whose blob, mode or presence differs between two trees, sorted.
    private func changedPaths(from fromTree: Owned, to toTree: Owned) throws(GitStampError) -> [String] {
        var options = git_diff_options()
        try Libgit2.check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "git_diff_options_init")
        var raw: OpaquePointer?
        try Libgit2.check(git_diff_tree_to_tree(&raw, handle.pointer, fromTree.pointer, toTree.pointer, &options), "git_diff_tree_to_tree")
        guard let raw else { throw .libgit2(function: "git_diff_tree_to_tree", code: -1, message: "no diff returned") }
        let diff = Owned(raw, free: git_diff_free)
        var paths: Set<String> = []
        for index in 0..<git_diff_num_deltas(diff.pointer) {
            guard let delta = git_diff_get_delta(diff.pointer, index) else { continue }
            for path in [delta.pointee.old_file.path, delta.pointee.new_file.path] {
                if let path { paths.insert(String(cString: path)) }
            }
        }
        return paths.sorted()
    }

    /// Whether `folder` (`/`-terminated, `""` for the root) of `tree` holds an `action.yml` or `action.yaml`.
    private static func holdsAction(_ tree: Owned, _ folder: String) throws(GitStampError) -> Bool {
        for name in ["action.yml", "action.yaml"] {
            var entry: OpaquePointer?
            let found = git_tree_entry_bypath(&entry, tree.pointer, folder + name)
            if let entry { git_tree_entry_free(entry) }
            if found == 0 { return true }
            if found != GIT_ENOTFOUND.rawValue { try Libgit2.check(found, "git_tree_entry_bypath") }
        }
        return false
    }

    /// The commit `revision` names (anything `git rev-parse` takes).
    private func commitID(_ revision: String) throws(GitStampError) -> git_oid {
        var raw: OpaquePointer?
        let found = git_revparse_single(&raw, handle.pointer, revision + "^{commit}")
        guard found >= 0, let raw else { throw .unknownRevision(revision: revision, message: Libgit2.lastMessage()) }
        let object = Owned(raw, free: git_object_free)
        guard let id = git_object_id(object.pointer) else {
            throw .unknownRevision(revision: revision, message: "no object id")
        }
        return id.pointee
    }

    /// The root tree of the commit `id`.
    private func tree(of id: git_oid) throws(GitStampError) -> Owned {
        var id = id
        var commitRaw: OpaquePointer?
        try Libgit2.check(git_commit_lookup(&commitRaw, handle.pointer, &id), "git_commit_lookup")
        guard let commitRaw else { throw .libgit2(function: "git_commit_lookup", code: -1, message: "no commit returned") }
        let commit = Owned(commitRaw, free: git_commit_free)
        var treeRaw: OpaquePointer?
        try Libgit2.check(git_commit_tree(&treeRaw, commit.pointer), "git_commit_tree")
        guard let treeRaw else { throw .libgit2(function: "git_commit_tree", code: -1, message: "no tree returned") }
        return Owned(treeRaw, free: git_tree_free)
    }

    /// 40 hex digits of `id`.
    private static func hex(_ id: git_oid) throws(GitStampError) -> String {
        var id = id
        var digits = [CChar](repeating: 0, count: 40)
        try Libgit2.check(git_oid_fmt(&digits, &id), "git_oid_fmt")
        return String(decoding: digits.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
