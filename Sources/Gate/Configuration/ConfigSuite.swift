//===----------------------------------------------------------------------===//
// ConfigSuite.swift: one entry of `suites` in `acceptance-gate.json`.
//===----------------------------------------------------------------------===//

/// One suite the gate runs (an element of `suites`).
package struct ConfigSuite: Equatable, Sendable {
    /// What the suite is.
    package enum Kind: String, Equatable, Sendable, CaseIterable {
        /// A test command whose console lines are parsed into test results.
        case xctest
        /// The frame conformance suite.
        case frames
        /// A command judged by its exit code alone.
        case command
    }

    /// The decoder a frames suite checks.
    package enum FrameDecoder: Equatable, Sendable {
        /// `"builtin"`: the gate's own decoder.
        case builtin
        /// An argv that speaks `frames decode --batch`.
        case command([String])
    }

    /// Unique, `[a-z0-9._-]+`; names the suite's log file.
    package var name: String
    /// What it is.
    package var kind: Kind
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
    /// Xctest suites: what a test that passed only after a failed attempt does (default warn).
    package var flaky: FlakyPolicy = .warn
    /// Xctest suites: known-failing tests whose failure does not reject until their entry expires.
    package var quarantine: [QuarantineEntry] = []
    /// The longest the suite may run (default 1800, at most 86400 seconds).
    package var timeoutSeconds: Double
    /// The folder it runs in, relative to the configuration file's folder; `nil` for that folder.
    package var workingDirectory: String?
    /// Extra environment.
    package var environment: [String: String]

    /// Creates a suite with the documented defaults.
    package init(
        name: String, kind: Kind, command: [String]? = nil, decoder: FrameDecoder = .builtin, limit: Int? = nil,
        expectTests: [String] = [], timeoutSeconds: Double = 1800, workingDirectory: String? = nil,
        environment: [String: String] = [:]
    ) {
        self.name = name
        self.kind = kind
        self.command = command
        self.decoder = decoder
        self.limit = limit
        self.expectTests = expectTests
        self.timeoutSeconds = timeoutSeconds
        self.workingDirectory = workingDirectory
        self.environment = environment
    }
}
