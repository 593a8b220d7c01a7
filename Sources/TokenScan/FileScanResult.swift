//===----------------------------------------------------------------------===//
// FileScanResult.swift: what scanning one file found.
//===----------------------------------------------------------------------===//

/// What scanning one file (or one stream) found: findings sorted by line and column, the
/// suppressed candidates (the first ``suppressedLimit``; ``suppressedCount`` counts them all),
/// and notes.
package struct FileScanResult: Equatable, Sendable {
    /// How many suppressed candidates are kept per file.
    package static let suppressedLimit = 1000

    /// The file as displayed.
    package var file: String
    /// The reported secrets, sorted by line and column.
    package var findings: [ScanFinding] = []
    /// Candidates that were not reported, with their reasons, in the order found.
    package var suppressed: [SuppressedCandidate] = []
    /// How many candidates were suppressed in all.
    package var suppressedCount = 0
    /// Binary file, unreadable file, long lines.
    package var notes: [ScanNote] = []
    /// Bytes scanned (0 for a skipped binary file).
    package var byteCount = 0
    /// Lines seen.
    package var lineCount = 0

    /// An empty result for `file`.
    package init(file: String) {
        self.file = file
    }

    /// Whether the file was skipped as binary.
    package var isBinary: Bool { notes.contains { $0.kind == .binary } }
}
