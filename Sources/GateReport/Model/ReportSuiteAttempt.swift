//===----------------------------------------------------------------------===//
// ReportSuiteAttempt.swift: one retry of a suite's failed tests.
//===----------------------------------------------------------------------===//

/// One more run of a suite's failed tests alone (`suites[].retry`), after its first run.
package struct ReportSuiteAttempt: Codable, Equatable, Sendable {
    /// The tests it was told to run (the previous run's failed tests), as the report names them.
    package var tests: [String]
    /// How its process ended, when it was reaped.
    package var exit: ReportExit?
    /// Its log, relative to the output folder (``ReportSuite/attemptLogPath(of:attempt:)``).
    package var log: String
    /// Wall time in seconds, rounded to milliseconds.
    package var durationSeconds: Double

    /// Creates an attempt record; `durationSeconds` is rounded to milliseconds.
    package init(tests: [String], exit: ReportExit?, log: String, durationSeconds: Double) {
        self.tests = tests
        self.exit = exit
        self.log = log
        self.durationSeconds = ReportDuration.rounded(durationSeconds)
    }
}
