//===----------------------------------------------------------------------===//
// ReportSuite.swift: one suite's outcome.
//===----------------------------------------------------------------------===//

/// One suite's outcome: its command, status, exit, log and parsed tests.
package struct ReportSuite: Codable, Equatable, Sendable {
    /// The suite's name from the configuration.
    package var name: String
    /// What kind of suite it is.
    package var kind: ReportSuiteKind
    /// The argv it ran (empty for the built-in frames suite).
    package var command: [String]
    /// The outcome.
    package var status: ReportSuiteStatus
    /// How its process ended, when it was reaped.
    package var exit: ReportExit?
    /// Wall time in seconds, rounded to milliseconds.
    package var durationSeconds: Double
    /// Its log, relative to the output folder (`logs/NAME.log`).
    package var log: String?
    /// The parsed test cases (xctest suites), in the order they finished.
    package var tests: [ReportTest]
    /// Expected tests that did not run.
    package var missingTests: [String]
    /// Why it failed, as sentences (its problems' sentences, without the suite's name).
    package var reasons: [String]
    /// The last lines of its log (redacted like every free text), kept for failed suites only so
    /// JUnit's `system-out` can show them.
    package var logTail: [String]?
    /// The tests of unexpired quarantine entries that matched no test of this suite (misspelt or
    /// stale: they hide nothing and would tell nobody); absent when there were none.
    package var unmatchedQuarantine: [String]?
    /// Tests the suite's package declares that never ran (`swift test` suites; at most
    /// ``unrunTestLimit`` of them), with their likely cause; absent when every one ran or the
    /// package was not read.
    package var unrunTests: [ReportUnrunTest]?
    /// Whether ``unrunTests`` only warns (the suite's `unrunTests` policy is `warn`); absent otherwise.
    package var unrunTestsWarn: Bool?
    /// Lines that looked like test output but that the parser could not read (a format it does
    /// not know yet); absent when there were none.
    package var unreadTestLines: Int?

    /// The runs of its failed tests alone after the first run (`suites[].retry`), in order; absent
    /// when none ran. ``exit`` is then the last one's, ``log`` stays the first run's.
    package var attempts: [ReportSuiteAttempt]?

    /// The most never-run tests a suite records.
    package static let unrunTestLimit = 1000

    /// The path in the out folder of the log of the suite named `name`, as `run` archives it.
    package static func logPath(of name: String) -> String { "logs/\(name).log" }

    /// The path in the out folder of the log of retry `attempt` (from 1) of the suite named `name`.
    package static func attemptLogPath(of name: String, attempt: Int) -> String { "logs/\(name).retry-\(attempt).log" }

    /// Where a suite's dependency fetch (before a loopback suite) keeps its output, in the out folder.
    package static func fetchLogPath(of name: String) -> String { "logs/\(name).fetch.log" }

    /// The name of the capture behind ``fetchLogPath(of:)``.
    package static func fetchCaptureName(of name: String) -> String { "\(name).fetch.log" }

    /// The name of the capture behind ``attemptLogPath(of:attempt:)``.
    package static func attemptCaptureName(of name: String, attempt: Int) -> String { "\(name).retry-\(attempt).log" }

    /// Creates a suite record; `durationSeconds` is rounded to milliseconds.
    package init(
        name: String, kind: ReportSuiteKind, command: [String] = [], status: ReportSuiteStatus, exit: ReportExit? = nil,
        durationSeconds: Double, log: String? = nil, tests: [ReportTest] = [], missingTests: [String] = [],
        reasons: [String] = [], logTail: [String]? = nil, unreadTestLines: Int? = nil
    ) {
        self.unreadTestLines = unreadTestLines
        self.name = name
        self.kind = kind
        self.command = command
        self.status = status
        self.exit = exit
        self.durationSeconds = ReportDuration.rounded(durationSeconds)
        self.log = log
        self.tests = tests
        self.missingTests = missingTests
        self.reasons = reasons
        self.logTail = logTail
    }
}
