//===----------------------------------------------------------------------===//
// RealPath.swift: where the OS says a path leads, as a String.
//===----------------------------------------------------------------------===//

/// `realpath(3)` as a `String`: the one place the gate asks the OS where a path leads, every
/// symbolic link followed and each `..` taken from where the link before it really leads (which
/// no string operation can know). ``PathResolver`` in GateConfig adds its messages on top.
package enum RealPath {
    /// The real path of `path` (relative paths against the current folder), or `nil` with `errno`
    /// set by `realpath` (`ENOENT`, `ELOOP`, …) and untouched since.
    package static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
