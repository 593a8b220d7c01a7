//===----------------------------------------------------------------------===//
// ReportStage.swift: one pipeline stage.
//===----------------------------------------------------------------------===//

/// One stage of the pipeline (stamp, fixture start, readiness, suites, ...).
package struct ReportStage: Codable, Equatable, Sendable {
    /// The stage's name.
    package var name: String
    /// Its outcome.
    package var status: ReportStageStatus
    /// Wall time in seconds, rounded to milliseconds; absent for `render` and `sign`, which are
    /// recorded in the report before they happen (a report cannot hold the time it takes to write
    /// and sign itself; the progress output shows it).
    package var durationSeconds: Double?
    /// One sentence about what happened.
    package var detail: String?

    /// Creates a stage record; `durationSeconds` is rounded to milliseconds.
    package init(name: String, status: ReportStageStatus, durationSeconds: Double?, detail: String? = nil) {
        self.name = name
        self.status = status
        self.durationSeconds = durationSeconds.map(ReportDuration.rounded)
        self.detail = detail
    }
}
