//===----------------------------------------------------------------------===//
// TestResult.swift: one finished test case as the console reported it.
//===----------------------------------------------------------------------===//

/// One finished test case, as read from the console.
///
/// Names are normalised across formats: XCTest cases are `Class.method` (Linux, macOS
/// `-[Module.Class method]` and xcodebuild's `Class.method()` all become that, the module kept
/// apart in ``module``); Swift Testing cases are the function as printed (`fails()`,
/// `parameterised(value:)`) or the display name without quotes, because its lines do not name
/// the suite.
package struct TestResult: Sendable, Hashable {
    /// The normalised test name, e.g. `RedirectBoundaryTests.testSameOriginRedirectSucceeds`.
    package var name: String
    /// The module, when the line named one (macOS XCTest); otherwise `nil`.
    package var module: String?
    /// How the test ended.
    package var status: TestStatus
    /// The duration the line reported, in seconds, when it reported one.
    package var durationSeconds: Double?
    /// The failure messages (one per line, `File.swift:42: ` first), the skip reason, or why a
    /// test counts as failed without a line saying so; `nil` when there was nothing to say.
    package var message: String?
    /// Where the first failure with a location was (failed tests only).
    package var location: SourceLocation?
    /// Which framework reported it.
    package var framework: TestFramework = .xctest
    /// How many times the test ran: more than 1 when xcodebuild retried it
    /// (`-retry-tests-on-failure`, `-test-iterations`); the last attempt decided ``status``.
    package var attempts = 1
    /// A Swift Testing test's display name (`@Test("Simple string validation")`) when the
    /// source named it by its function (a result bundle does both); an expectation may use either.
    package var displayName: String?
    /// How many attempts before the last one failed (a retry after a failure, a relaunch after a
    /// crash): a test that passed after a failed attempt is ``flaky``.
    package var failedAttempts = 0
    /// A Swift Testing test's suite path (`SomeSuite`, `Outer/Inner`), which its console lines do
    /// not print: set by the gate from the package's sources when it can tell; `nil` otherwise.
    package var suite: String?

    /// True when the test ran more than once.
    package var retried: Bool { attempts > 1 }

    /// True when the test passed on its last attempt after an earlier one failed.
    package var flaky: Bool { status == .passed && failedAttempts > 0 }
}
