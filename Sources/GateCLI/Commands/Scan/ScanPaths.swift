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
        let base = current.hasSuffix("/") ? current : current + "/"
        if absolute.hasPrefix(base) { return current }
        guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex else { return "/" }
        return String(absolute[..<slash])
    }

    /// `absolute` relative to `root` (`absolute` itself when it is not inside).
    static func relative(_ absolute: String, to root: String) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }

    /// `path`, found by walking the folder `real`, under the name `named` gives that folder
    /// (`/ci/out/a.log` from `/ci/out` named `/repo/logs` is `/repo/logs/a.log`).
    static func renamed(_ path: String, from real: String, to named: String) -> String {
        let base = real.hasSuffix("/") ? real : real + "/"
        guard path.hasPrefix(base) else { return path == real ? named : path }
        let tail = path.dropFirst(base.count)
        return named.hasSuffix("/") ? named + tail : named + "/" + tail
    }
}
