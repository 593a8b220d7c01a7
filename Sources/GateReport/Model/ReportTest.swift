//===----------------------------------------------------------------------===//
// ReportTest.swift: one parsed test case.
//===----------------------------------------------------------------------===//

/// One test case parsed from a suite's console output.
package struct ReportTest: Codable, Equatable, Sendable {
    /// `Class.test` as the suite's configuration names it.
    package var name: String
    /// The outcome.
    package var status: ReportTestStatus
    /// Seconds as the test framework printed them, rounded to milliseconds; absent when nothing
    /// measured this test alone (a crashed test, a frame acceptance point).
    package var durationSeconds: Double?
    /// The failure or skip message, when there was one.
    package var message: String?
    /// The module, when the log named it (macOS and xcodebuild lines do).
    package var module: String?
    /// The source file of the first failure, as the failure line gave it (an absolute path on the
    /// machine that ran the tests).
    package var file: String?
    /// The line of the first failure in ``file``.
    package var line: Int?
    /// `true` when it ran more than once (xcodebuild's `-retry-tests-on-failure`) and the last
    /// attempt decided; absent otherwise.
    package var retried: Bool?
    /// `true` when it passed on its last attempt after an earlier one failed (a retry, a relaunch
    /// after a crash); absent otherwise. ``message`` says which attempt passed and what failed.
    package var flaky: Bool?
    /// Every run of a test the gate ran again (`suites[].retry`), in order, the first run's
    /// included; absent for a test run once.
    package var attempts: [ReportTestAttempt]?
    /// For a failed test, the quarantine entry that kept its failure from rejecting the run.
    package var quarantine: ReportQuarantine?
    /// ``swiftTesting`` for a Swift Testing test, whose name is whatever display name the test
    /// chose; absent for XCTest (and a frame point), whose name is its class and method.
    package var framework: String?
    /// A Swift Testing test's suite path (`SomeSuite`, `Outer/Inner`) when the package's sources
    /// told it (its console lines do not); absent otherwise. Not part of ``name``: `sign` and
    /// `verify` re-derive the names from the log alone.
    package var suite: String?

    /// The ``framework`` of a Swift Testing test.
    package static let swiftTesting = "swift-testing"

    /// Creates a test record; `durationSeconds` is rounded to milliseconds.
    package init(
        name: String, status: ReportTestStatus, durationSeconds: Double?, message: String? = nil, module: String? = nil,
        file: String? = nil, line: Int? = nil, retried: Bool? = nil, flaky: Bool? = nil,
        quarantine: ReportQuarantine? = nil, framework: String? = nil, suite: String? = nil
    ) {
        self.suite = suite
        self.framework = framework
        self.quarantine = quarantine
        self.retried = retried
        self.flaky = flaky
        self.name = name
        self.module = module
        self.file = file
        self.line = line
        self.status = status
        self.durationSeconds = durationSeconds.map(ReportDuration.rounded)
        self.message = message
    }

    /// `Module.Class.method` when the module is known, else ``name``.
    package var qualifiedName: String {
        module.map { "\($0).\(name)" } ?? name
    }

    /// How a signed statement names it: ``qualifiedName``, marked `swift-testing:` for a Swift
    /// Testing test, so a display name chosen to read like an XCTest name is never signed as one.
    package var signedName: String {
        framework == Self.swiftTesting ? "\(Self.swiftTesting):\(qualifiedName)" : qualifiedName
    }
}
