//===----------------------------------------------------------------------===//
// FixturePlan.swift: which fixture a run starts, how it knows it is ready, how it stops.
//===----------------------------------------------------------------------===//

/// The fixture of one run, resolved from the configuration.
package struct FixturePlan: Equatable, Sendable {
    /// How the fixture is started.
    package enum Launch: Equatable, Sendable {
        /// The built-in redirect fixture (`acceptance-gate fixture`) on these ports, or on ephemeral
        /// ports when `nil`.
        case builtin(ports: PortPair?)
        /// A team's own fixture command, ready when every TCP address accepts (and its stdout printed
        /// a line containing `readyLine`, when given); `ports` are its origin and foreign ports.
        case command(arguments: [String], readyTCP: [TCPAddress], readyLine: String?, ports: PortPair?)
    }

    /// How the fixture is started.
    package var launch: Launch
    /// The longest the fixture may take to become ready.
    package var readyTimeout: Duration
    /// SIGTERM's grace period before SIGKILL (which counts as a failure).
    package var stopGrace: Duration
    /// The number of requests the foreign listener must have seen, when checked.
    package var expectForeignRequests: Int?
    /// The paths the origin listener must have served (`fixture.expect.originPaths`), so tests
    /// that never talked to the fixture cannot pass; `nil` when not checked.
    package var expectOriginPaths: [String]?
    /// Extra environment for the fixture and the suites.
    package var environment: [String: String]

    /// Creates a plan.
    package init(
        launch: Launch, readyTimeout: Duration = .seconds(30), stopGrace: Duration = .seconds(5),
        expectForeignRequests: Int? = 0, expectOriginPaths: [String]? = nil, environment: [String: String] = [:]
    ) {
        self.expectOriginPaths = expectOriginPaths
        self.launch = launch
        self.readyTimeout = readyTimeout
        self.stopGrace = stopGrace
        self.expectForeignRequests = expectForeignRequests
        self.environment = environment
    }
}
