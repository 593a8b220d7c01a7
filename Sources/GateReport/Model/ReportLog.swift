//===----------------------------------------------------------------------===//
// ReportLog.swift: one archived log and its digest.
//===----------------------------------------------------------------------===//

/// One archived log: its path relative to the output folder, size and SHA-256.
package struct ReportLog: Codable, Equatable, Sendable {
    /// The path relative to the output folder, with `/` separators (e.g. `logs/frames.log`).
    package var path: String
    /// Its size in bytes.
    package var size: Int
    /// Hex SHA-256 of its bytes; `verify` checks it.
    package var sha256: String

    /// Creates a log record.
    package init(path: String, size: Int, sha256: String) {
        self.path = path
        self.size = size
        self.sha256 = sha256
    }
}
