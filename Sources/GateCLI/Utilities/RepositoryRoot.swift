//===----------------------------------------------------------------------===//
// RepositoryRoot.swift: the work tree root above a folder (where acceptance-gate.json lives).
//===----------------------------------------------------------------------===//

import Foundation

/// Finds the work tree root: the nearest folder at or above a start folder that holds `.git` (a
/// folder, or the file a linked worktree or submodule has).
enum RepositoryRoot {
    /// The root above `directory`, or `nil` outside a work tree.
    static func find(from directory: String) -> String? {
        var current = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(".git").path) {
                return current.path
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }
}
