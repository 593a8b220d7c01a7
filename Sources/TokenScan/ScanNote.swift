//===----------------------------------------------------------------------===//
// ScanNote.swift: something about a file worth telling, that is not a finding.
//===----------------------------------------------------------------------===//

/// Something about a scanned file worth telling that is not a finding: it was binary, unreadable,
/// or had a line too long to scan whole. Notes never contain file content.
package struct ScanNote: Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    package enum Kind: String, Equatable, Sendable {
        /// A NUL byte in the first 8 KiB: the file was skipped.
        case binary
        /// A NUL byte in the first 8 KiB, and the configuration scans such input: its text was scanned.
        case binaryScanned = "binary-scanned"
        /// The file could not be opened or read.
        case unreadable
        /// A line longer than the line bound was scanned in pieces.
        case longLine = "long-line"
        /// More suppressed candidates than are kept; only a count remains.
        case suppressedTruncated = "suppressed-truncated"
    }

    /// The file as displayed.
    package var file: String
    /// What happened.
    package var kind: Kind
    /// One sentence for people.
    package var message: String

    /// `file: message`.
    package var description: String { "\(file): \(message)" }
}
