//===----------------------------------------------------------------------===//
// ReportTest.swift: one parsed test case.
//===----------------------------------------------------------------------===//

/// One test case parsed from a suite's console output.
package struct ReportTest: Codable, Equatable, Sendable {
    /// `Class.test` as the suite's configuration names it.
    package var name: String
    /// The outcome.
    package var status: ReportTestStatus
    /// Seconds as XCTest printed them, rounded to milliseconds.
    package var durationSeconds: Double
    /// The failure or skip message, when there was one.
    package var message: String?

    /// Creates a test record; `durationSeconds` is rounded to milliseconds.
    package init(name: String, status: ReportTestStatus, durationSeconds: Double, message: String? = nil) {
        self.name = name
        self.status = status
        self.durationSeconds = ReportDuration.rounded(durationSeconds)
        self.message = message
    }
}
