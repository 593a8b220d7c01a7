//===----------------------------------------------------------------------===//
// ArchiveFinder.swift: every archived out folder under the folders given.
//===----------------------------------------------------------------------===//

import Foundation

/// Finds archived out folders for bulk `verify`: each folder holding `report.dsse.json` in any form
/// (a link or a FIFO there is found, and then fails verification, rather than skipped), or
/// holding a report or the gate's out-folder marker without one (an unsigned or stripped report
/// fails too): a bulk verify that skipped it would say "all verified" over a report it never read.
///
/// A folder given is itself one when it holds the envelope; otherwise its subfolders are
/// searched, at most ``maximumDepth`` deep, hidden ones too (the gate's default out folder is
/// `.acceptance-gate`) but for `.git`, `.build` and `.swiftpm`. Symbolic links to folders are never
/// followed (an archive is untrusted: a link could point anywhere, or make a cycle), `logs/`
/// folders are not searched, and an out folder's own subfolders are not searched further.
package enum ArchiveFinder {
    /// How many folders deep below a given folder the search goes (CI archives nest a few levels:
    /// `artifacts/<run>/<job>/out`).
    package static let maximumDepth = 6

    /// The out folders under `root`, sorted by path; empty when there is none.
    package static func outFolders(under root: String) -> [String] {
        var found: [String] = []
        search(root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root, depth: 0, into: &found)
        return found.sorted()
    }

    /// What marks a folder as an out folder besides its envelope.
    private static let reportMarkers = [ArchivedReport.envelopeName, "report.json", ".acceptance-gate-out"]
    /// Folders that hold no archive.
    private static let skipped: Set<String> = ["logs", ".git", ".build", ".swiftpm"]

    private static func search(_ folder: String, depth: Int, into found: inout [String]) {
        if reportMarkers.contains(where: { exists(folder + "/" + $0) }) {
            found.append(folder)
            return
        }
        guard depth < maximumDepth, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !skipped.contains(name) {
            let path = folder + "/" + name
            if isDirectory(path) { search(path, depth: depth + 1, into: &found) }
        }
    }

    /// Whether anything is at `path` (a link not followed).
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether `path` is a plain file, not a link.
    package static func isPlainFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` is a directory, not a link to one.
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
