//===----------------------------------------------------------------------===//
// ReportLogs.swift: the only part of report.json the verifier reads, `logs[].path` and `.sha256`.
//===----------------------------------------------------------------------===//

/// The `logs` of a gate report (design.md: `logs[].path`, `logs[].sha256`, `logs[].size`); every other field
/// is ignored, so the verifier does not depend on the report model.
struct ReportLogs: Decodable {
    /// One archived log.
    struct Entry: Decodable {
        /// The path relative to the report folder, `/`-separated.
        var path: String
        /// The SHA-256 hex the report recorded.
        var sha256: String
        /// The size in bytes the report recorded: a file of another size is refused before it
        /// is read (a sparse 20 GB file would otherwise be hashed to its end).
        var size: UInt64?
    }

    /// The archived logs; a report without `logs` lists none.
    var logs: [Entry]?

    /// Whether `path` is relative, non-empty and free of `..` components and NUL, so joining it
    /// to the report folder cannot leave the folder.
    static func isContained(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.utf8.contains(0) else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
