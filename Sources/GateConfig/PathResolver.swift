//===----------------------------------------------------------------------===//
// PathResolver.swift: the one place a relative path becomes absolute.
//===----------------------------------------------------------------------===//

import Foundation

/// Makes relative paths absolute against one folder. The configuration's paths resolve against
/// the repository root when it is loaded; the command line's against the current folder. Children
/// run elsewhere, so nothing relative is handed on.
package struct PathResolver: Equatable, Sendable {
    /// The folder relative paths are taken from.
    package var base: String

    /// A resolver for paths relative to `base`.
    package init(base: String) {
        self.base = base
    }

    /// A resolver for paths relative to the process's current folder (the command line's paths).
    package static var currentDirectory: PathResolver {
        PathResolver(base: FileManager.default.currentDirectoryPath)
    }

    /// `path` made absolute against ``base``, spelled one way: no empty or `.` components and no
    /// trailing `/` (`build/Tests.xcresult/` is `build/Tests.xcresult`, so a suffix check holds).
    /// `..` is kept: what it means depends on links, which a string cannot know.
    package func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        let components = joined.split(separator: "/").filter { $0 != "." }
        return "/" + components.joined(separator: "/")
    }

    /// `path` relative to ``base`` when it lies below it, else `nil`.
    package func relative(_ path: String) -> String? {
        let absolute = absolute(path)
        let root = self.absolute("")
        let prefix = root == "/" ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }
}
