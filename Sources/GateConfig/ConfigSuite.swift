//===----------------------------------------------------------------------===//
// ConfigSuite.swift: one entry of `suites` in `acceptance-gate.json`, as the run uses it.
//===----------------------------------------------------------------------===//

import GateProcess
import GateReport

/// One suite the gate runs (an element of `suites`). The run reads it as it is: its kind is the
/// report's, and the supervisor stops it by ``teardown``, built from ``timeout``.
package struct ConfigSuite: Equatable, Sendable {
    /// The decoder a frames suite checks.
    package enum FrameDecoder: Equatable, Sendable {
        /// `"builtin"`: the gate's own decoder.
        case builtin
        /// An argv that speaks `frames decode --batch`.
        case command([String])
    }

    /// Unique, `[a-z0-9._-]+`; names the suite's log file.
    package var name: String
    /// What it is (the report's `kind` too).
    package var kind: ReportSuiteKind
    /// The command: required for xctest and command suites, optional for frames.
    package var command: [String]?
    /// For frames suites: the decoder (default built-in).
    package var decoder: FrameDecoder
    /// For frames suites: the frame limit, 0...1,048,576, when not the default.
    package var limit: Int?
    /// For xctest suites: tests that must run (`Class.test`).
    package var expectTests: [String]
    /// Xctest suites: a result bundle the suite writes (`xcodebuild -resultBundlePath`), read with
    /// `xcrun xcresulttool` after the suite and reconciled with its console lines; `nil` for none.
    package var xcresult: String?
    /// Xctest suites: what a test that passed only after a failed attempt does.
    package var flaky: FlakyPolicy
    /// Xctest suites running `swift test`: what tests the package declares but that never ran do.
    package var unrunTests: UnrunTestsPolicy
    /// Xctest suites: how many times the tests that failed (or crashed) run again, alone, with the
    /// runner's own filter (`retry.failedTests`, 0...5; 0 for none).
    package var retryFailedTests: Int
    /// Xctest suites: known-failing tests whose failure does not reject until their entry expires.
    package var quarantine: [QuarantineEntry]
    /// How long it may run (`timeoutSeconds`, at most 86400 seconds).
    package var timeout: Duration
    /// The folder it runs in (relative paths resolve against the repository root); `nil` for the root.
    package var workingDirectory: String?
    /// Extra environment.
    package var environment: [String: String]
    /// `network: "host"`: a separated suite keeps the host's network instead of loopback only.
    package var hostNetwork = false

    /// Creates a suite; every default of a suite is written here and only here.
    package init(
        name: String, kind: ReportSuiteKind, command: [String]? = nil, decoder: FrameDecoder = .builtin, limit: Int? = nil,
        expectTests: [String] = [], xcresult: String? = nil, flaky: FlakyPolicy = .warn, unrunTests: UnrunTestsPolicy = .reject,
        quarantine: [QuarantineEntry] = [], retryFailedTests: Int = 0,
        timeout: Duration = .seconds(1800), workingDirectory: String? = nil, environment: [String: String] = [:]
    ) {
        self.name = name
        self.kind = kind
        self.command = command
        self.decoder = decoder
        self.limit = limit
        self.expectTests = expectTests
        self.xcresult = xcresult
        self.flaky = flaky
        self.unrunTests = unrunTests
        self.quarantine = quarantine
        self.retryFailedTests = retryFailedTests
        self.timeout = timeout
        self.workingDirectory = workingDirectory
        self.environment = environment
    }

    /// How the supervisor stops it: at ``timeout``, SIGTERM and 5 s before SIGKILL (xcodebuild
    /// needs time to stop its simulators); 2 s for whatever it left in its group; 2 s to finish
    /// reading its log.
    package var teardown: TeardownPolicy {
        TeardownPolicy(deadline: timeout, grace: .seconds(5), strayGrace: .seconds(2), outputDrain: .seconds(2))
    }

    /// The argv the suite runs: its command, or none for a frames suite (which runs in the gate).
    package var arguments: [String] { kind == .frames ? [] : (command ?? []) }
}
