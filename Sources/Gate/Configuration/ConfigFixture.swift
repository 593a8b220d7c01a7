//===----------------------------------------------------------------------===//
// ConfigFixture.swift: the `fixture` section of `acceptance-gate.json`.
//===----------------------------------------------------------------------===//

/// The fixture the gate starts before the suites (`fixture`).
package struct ConfigFixture: Equatable, Sendable {
    /// Which fixture runs.
    package enum Launch: Equatable, Sendable {
        /// `"builtin": "redirect"`: the built-in redirect fixture; readiness is automatic.
        case builtinRedirect
        /// `"command": [argv]`: a team's own fixture.
        case command([String])
    }

    /// The two listener ports.
    package enum Ports: Equatable, Sendable {
        /// `[A, B]`: distinct ports in 1...65535 (origin, foreign).
        case fixed(origin: Int, foreign: Int)
        /// `"auto"`: free ephemeral ports.
        case auto
    }

    /// How a command fixture shows it is ready (`ready`).
    package struct Readiness: Equatable, Sendable {
        /// IPv4 loopback addresses (`127.0.0.1:8765`) that must accept a connection.
        package var tcp: [String]
        /// A line the fixture prints on standard output once ready, if any.
        package var line: String?
        /// How long readiness may take (default 30, at most 600).
        package var timeoutSeconds: Double

        /// Creates readiness settings.
        package init(tcp: [String] = [], line: String? = nil, timeoutSeconds: Double = 30) {
            self.tcp = tcp
            self.line = line
            self.timeoutSeconds = timeoutSeconds
        }
    }

    /// Which fixture runs.
    package var launch: Launch
    /// Its ports (default `[8765, 8766]`).
    package var ports: Ports
    /// Readiness for a command fixture; `nil` for the built-in one.
    package var ready: Readiness?
    /// SIGTERM's grace before SIGKILL, 0.1...60 seconds (default 5).
    package var stopGraceSeconds: Double
    /// `expect.foreignRequests`: the requests the foreign listener must have seen, when checked.
    package var expectForeignRequests: Int?
    /// `expect.originPaths`: paths the origin listener must have served (each at least once), when
    /// checked; proves the suites talked to the fixture at all (see ``missingOriginPaths(served:)``).
    package var expectOriginPaths: [String]?
    /// Extra environment for the fixture and the suites.
    package var environment: [String: String]

    /// Creates fixture settings with the documented defaults.
    package init(
        launch: Launch = .builtinRedirect, ports: Ports = .fixed(origin: 8765, foreign: 8766), ready: Readiness? = nil,
        stopGraceSeconds: Double = 5, expectForeignRequests: Int? = nil, expectOriginPaths: [String]? = nil,
        environment: [String: String] = [:]
    ) {
        self.launch = launch
        self.ports = ports
        self.ready = ready
        self.stopGraceSeconds = stopGraceSeconds
        self.expectForeignRequests = expectForeignRequests
        self.expectOriginPaths = expectOriginPaths
        self.environment = environment
    }
}
