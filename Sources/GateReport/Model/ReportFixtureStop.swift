//===----------------------------------------------------------------------===//
// ReportFixtureStop.swift: how the fixture was stopped.
//===----------------------------------------------------------------------===//

/// How the fixture was stopped and how long it took.
package struct ReportFixtureStop: Codable, Equatable, Sendable {
    /// The way it ended.
    package var how: ReportStopMethod
    /// Seconds from the first signal to its exit, rounded to milliseconds.
    package var seconds: Double

    /// Creates a stop record; `seconds` is rounded to milliseconds.
    package init(how: ReportStopMethod, seconds: Double) {
        self.how = how
        self.seconds = ReportDuration.rounded(seconds)
    }
}
