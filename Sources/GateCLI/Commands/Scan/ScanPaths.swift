//===----------------------------------------------------------------------===//
// ScanPaths.swift: the scan root and the relative names findings show.
//===----------------------------------------------------------------------===//

/// How `scan` names files: relative to the scan root with `/` separators. The root is the
/// current folder when the path is inside it, else the given path's parent folder.
enum ScanPaths {
    /// `path` made absolute against `current`, with `.` components and doubled slashes removed.
    static func absolute(_ path: String, current: String) -> String {
        let joined = path.hasPrefix("/") ? path : current + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") where part != "." {
            if part == "..", !parts.isEmpty {
                parts.removeLast()
            } else if part != ".." {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

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
}
