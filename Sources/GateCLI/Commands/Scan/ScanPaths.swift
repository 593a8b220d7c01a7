//===----------------------------------------------------------------------===//
// ScanPaths.swift: the scan root and the relative names findings show.
//===----------------------------------------------------------------------===//

/// How `scan` names files: relative to the scan root with `/` separators. The root is the
/// current folder when the path is inside it, else the given path's parent folder. The absolute
/// names come from ``PathResolver/named(_:)``, never from `..` removed as text: after a link,
/// `..` leads somewhere the text does not say.
enum ScanPaths {
    /// The current folder when `absolute` is inside it, else `absolute`'s parent.
    static func root(for absolute: String, current: String) -> String {
        if absolute.hasPrefix(withSlash(current)) { return current }
        guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex else { return "/" }
        return String(absolute[..<slash])
    }

    /// `absolute` relative to `root` (`absolute` itself when it is not inside).
    static func relative(_ absolute: String, to root: String) -> String {
        let base = withSlash(root)
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// `path`, found by walking the folder `real`, under the name `named` gives that folder
    /// (`/ci/out/a.log` from `/ci/out` named `/repo/logs` is `/repo/logs/a.log`).
    static func renamed(_ path: String, from real: String, to named: String) -> String {
        let base = withSlash(real)
        guard path.hasPrefix(base) else { return path == real ? named : path }
        return withSlash(named) + path.dropFirst(base.count)
    }

    /// `folder` ending in one `/`, so a prefix check does not take `/a/bc` to be inside `/a/b`.
    private static func withSlash(_ folder: String) -> String {
        folder.hasSuffix("/") ? folder : folder + "/"
    }
}
