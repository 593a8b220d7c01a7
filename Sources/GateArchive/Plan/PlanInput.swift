//===----------------------------------------------------------------------===//
// PlanInput.swift: one file a plan was made from, by digest.
//===----------------------------------------------------------------------===//

/// One file a plan was made from (a `report.json`, a JUnit file, the test list), named by its
/// SHA-256 so the plan says exactly which timings it balanced.
package struct PlanInput: Codable, Equatable, Sendable {
    /// What the file is: ``report``, ``signedReport``, ``junit`` or ``testList``.
    package var kind: String
    /// The path as given on the command line.
    package var path: String
    /// Lowercase hex SHA-256 of the bytes read.
    package var sha256: String
    /// How many test durations it gave (tests for a test list).
    package var tests: Int

    /// A `report.json` read without a key.
    package static let report = "report"
    /// An out folder verified with `--pubkey` (the digest is its `report.json`'s, as signed).
    package static let signedReport = "signed-report"
    /// A JUnit XML file.
    package static let junit = "junit"
    /// The `--tests` file.
    package static let testList = "test-list"

    /// Creates an input record.
    package init(kind: String, path: String, sha256: String, tests: Int) {
        self.kind = kind
        self.path = path
        self.sha256 = sha256
        self.tests = tests
    }
}
