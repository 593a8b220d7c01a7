//===----------------------------------------------------------------------===//
// ConfigFixture.swift: the `fixture` section of `acceptance-gate.json`, as the run uses it.
//===----------------------------------------------------------------------===//

import GateProcess
import RedirectFixture

/// The fixture the gate starts before the suites (`fixture`). The run reads it as it is: the
/// teardown the fixture stage hands to the supervisor is ``teardown`` itself, so `stopGraceSeconds`
/// reaches the signal without being copied on the way.
package struct ConfigFixture: Equatable, Sendable {
    /// Which fixture runs.
    package enum Launch: Equatable, Sendable {
        /// `"builtin": "redirect"`: the built-in redirect fixture; readiness is automatic.
        case builtinRedirect
        /// `"command": [argv]`: a team's own fixture.
        case command([String])
    }

    /// How a command fixture shows it is ready (`ready`).
    package struct Readiness: Equatable, Sendable {
        /// IPv4 loopback addresses (`127.0.0.1:8765`) that must accept a connection.
        package var tcp: [TCPAddress]
        /// A line the fixture prints on standard output once ready, if any.
        package var line: String?

        /// Creates readiness settings.
        package init(tcp: [TCPAddress] = [], line: String? = nil) {
            self.tcp = tcp
            self.line = line
        }
    }

    /// Which fixture runs.
    package var launch: Launch
    /// Its ports (`[A, B]` or `"auto"`).
    package var ports: FixturePorts
    /// Readiness for a command fixture; `nil` for the built-in one.
    package var ready: Readiness?
    /// How long readiness may take (`ready.timeoutSeconds`, at most 600 seconds).
    package var readyTimeout: Duration
    /// How the fixture is stopped: SIGTERM, then `grace` (`stopGraceSeconds`, 0.1...60) before
    /// SIGKILL, which counts as a failure.
    package var teardown: TeardownPolicy
    /// `expect.foreignRequests`: the requests the foreign listener must have seen, when checked.
    package var expectForeignRequests: Int?
    /// `expect.originPaths`: paths the origin listener must have served (each at least once), when
    /// checked; proves the suites talked to the fixture at all (see ``missingOriginPaths(served:)``).
    package var expectOriginPaths: [String]?
    /// Extra environment for a command fixture and for the suites.
    package var environment: [String: String]

    /// Creates fixture settings; every default of the `fixture` section is written here and only here.
    package init(
        launch: Launch = .builtinRedirect, ports: FixturePorts = .standard, ready: Readiness? = nil,
        readyTimeout: Duration = .seconds(30), teardown: TeardownPolicy = .service(stopGrace: .seconds(5)),
        expectForeignRequests: Int? = nil, expectOriginPaths: [String]? = nil, environment: [String: String] = [:]
    ) {
        self.launch = launch
        self.ports = ports
        self.ready = ready
        self.readyTimeout = readyTimeout
        self.teardown = teardown
        self.expectForeignRequests = expectForeignRequests
        self.expectOriginPaths = expectOriginPaths
        self.environment = environment
    }

    /// Whether this is the built-in fixture, whose ledger comes back on its standard output.
    package var isBuiltin: Bool { launch == .builtinRedirect }
}
