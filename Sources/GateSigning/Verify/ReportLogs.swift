//===----------------------------------------------------------------------===//
// ReportLogs.swift: the only part of report.json the verifier reads, `logs[].path` and `.sha256`.
//===----------------------------------------------------------------------===//

import GateCore

/// The `logs` of a gate report (design.md: `logs[].path`, `logs[].sha256`, `logs[].size`); every other field
/// is ignored, so the verifier does not depend on the report model.
struct ReportLogs {
    /// One archived log.
    struct Entry {
        /// The path relative to the report folder, `/`-separated.
        var path: String
        /// The SHA-256 hex the report recorded.
        var sha256: String
        /// The size in bytes the report recorded: a file of another size is refused before it
        /// is read (a sparse 20 GB file would otherwise be hashed to its end).
        var size: UInt64?
    }

    /// The archived logs listed in `report` (none when it has no `logs`), or `nil` when `logs`
    /// is not a list of `{"path", "sha256", "size"?}` objects.
    static func entries(in report: JSONValue) -> [Entry]? {
        guard let logs = report["logs"], logs != .null else { return [] }
        guard let elements = logs.array else { return nil }
        var entries: [Entry] = []
        for element in elements {
            guard let path = element["path"]?.string, let sha256 = element["sha256"]?.string else { return nil }
            var size: UInt64?
            if let recorded = element["size"], recorded != .null {
                guard let integer = recorded.integer, let exact = UInt64(exactly: integer) else { return nil }
                size = exact
            }
            entries.append(Entry(path: path, sha256: sha256, size: size))
        }
        return entries
    }

    /// Whether `path` is relative, non-empty and free of `..` components and NUL, so joining it
    /// to the report folder cannot leave the folder.
    static func isContained(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.utf8.contains(0) else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
