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

    /// `path` made absolute: unchanged when it already is, ``base`` for `""` and `"."`.
    package func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.isEmpty || path == "." { return base }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// `path` relative to ``base`` when it lies below it, else `nil`.
    package func relative(_ path: String) -> String? {
        let absolute = absolute(path)
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }
}
