//===----------------------------------------------------------------------===//
// ReportScan.swift: the token scan's outcome.
//===----------------------------------------------------------------------===//

/// The token scan of every captured log and rendered artifact.
package struct ReportScan: Codable, Equatable, Sendable {
    /// How many files were scanned.
    package var filesScanned: Int
    /// What was found, sorted by file, line, column; never the secret.
    package var findings: [ReportFinding]
    /// How many matches the allowlist suppressed.
    package var suppressed: Int

    /// Creates a scan record.
    package init(filesScanned: Int, findings: [ReportFinding], suppressed: Int) {
        self.filesScanned = filesScanned
        self.findings = findings
        self.suppressed = suppressed
    }
}
