//===----------------------------------------------------------------------===//
// ReportTestAttempt.swift: one run of a test the gate retried.
//===----------------------------------------------------------------------===//

/// One run of a test the gate ran again (`suites[].retry`): how it ended in which log.
package struct ReportTestAttempt: Codable, Equatable, Sendable {
    /// How this run ended (a test that started and never finished, a crash, is `failed`).
    package var status: ReportTestStatus
    /// The log it ran in, relative to the output folder.
    package var log: String

    /// Creates an attempt record.
    package init(status: ReportTestStatus, log: String) {
        self.status = status
        self.log = log
    }
}
