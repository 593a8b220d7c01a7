//===----------------------------------------------------------------------===//
// ShardInput.swift: one folder given to `merge`, and what verifying it gave.
//===----------------------------------------------------------------------===//

/// One folder given to `merge` and the outcome of verifying it (``ArchivedReport/load(folder:publicKey:)``).
package struct ShardInput: Sendable {
    /// The folder as given on the command line.
    package var folder: String
    /// The verified report, or why the folder is not trusted.
    package var archive: Result<ArchivedReport, ArchivedReportError>

    /// Creates an input.
    package init(folder: String, archive: Result<ArchivedReport, ArchivedReportError>) {
        self.folder = folder
        self.archive = archive
    }
}
