//===----------------------------------------------------------------------===//
// SuitePlan.swift: one suite of a run, resolved from the configuration.
//===----------------------------------------------------------------------===//

/// One suite of a run, resolved from the configuration.
package struct SuitePlan: Equatable, Sendable {
    /// What the suite runs and how its result is read.
    package enum Kind: Equatable, Sendable {
        /// A test command whose console lines are parsed into test results (XCTest or Swift Testing).
        case xctest
        /// The frame conformance suite against the built-in decoder (`decoder == nil`) or a command
        /// that speaks `frames decode --batch`.
        case frames(decoder: [String]?, limit: Int?)
        /// A command judged by its exit code alone.
        case command
    }

    /// The suite's name: unique, used for its log file (`logs/<name>.log`).
    package var name: String
    /// What it runs.
    package var kind: Kind
    /// The command (empty for a frames suite).
    package var arguments: [String]
    /// Tests that must have run and passed (`Class.test`), for xctest suites.
    package var expectTests: [String]
    /// The longest the suite may run before its process group is stopped.
    package var timeout: Duration
    /// The folder it runs in; the repository root when `nil`.
    package var workingDirectory: String?
    /// Extra environment.
    package var environment: [String: String]
    /// The result bundle the suite writes (an absolute path), read after it with `xcresulttool`.
    package var xcresult: String?
    /// What a flaky test (passed after a failed attempt) does to the verdict.
    package var flaky: FlakyPolicy
    /// Known-failing tests whose failure does not reject until their entry expires.
    package var quarantine: [QuarantineEntry]

    /// Creates a plan.
    package init(
        name: String, kind: Kind, arguments: [String] = [], expectTests: [String] = [], timeout: Duration = .seconds(1800),
        workingDirectory: String? = nil, environment: [String: String] = [:], xcresult: String? = nil, flaky: FlakyPolicy = .warn,
        quarantine: [QuarantineEntry] = []
    ) {
        self.quarantine = quarantine
        self.xcresult = xcresult
        self.flaky = flaky
        self.name = name
        self.kind = kind
        self.arguments = arguments
        self.expectTests = expectTests
        self.timeout = timeout
        self.workingDirectory = workingDirectory
        self.environment = environment
    }

    /// The kind's name in reports: `xctest`, `frames` or `command`.
    package var kindName: String {
        switch kind {
        case .xctest: "xctest"
        case .frames: "frames"
        case .command: "command"
        }
    }
}
