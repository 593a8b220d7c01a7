//===----------------------------------------------------------------------===//
// ReportFixture.swift: the fixture's lifecycle and ledger.
//===----------------------------------------------------------------------===//

/// The redirect fixture's lifecycle: how it started, became ready, stopped, and what it saw.
package struct ReportFixture: Codable, Equatable, Sendable {
    /// The argv that started it (the gate's own for the built-in fixture).
    package var command: [String]
    /// Its process ID.
    package var pid: Int?
    /// The two listeners' ports.
    package var ports: ReportPorts?
    /// Seconds from spawn to ready, rounded to milliseconds.
    package var readySeconds: Double?
    /// How it was stopped.
    package var stop: ReportFixtureStop?
    /// The exit proof.
    package var exit: ReportFixtureExit?
    /// What each listener saw.
    package var ledger: ReportLedger?

    /// Creates a fixture record; `readySeconds` is rounded to milliseconds.
    package init(
        command: [String], pid: Int? = nil, ports: ReportPorts? = nil, readySeconds: Double? = nil,
        stop: ReportFixtureStop? = nil, exit: ReportFixtureExit? = nil, ledger: ReportLedger? = nil
    ) {
        self.command = command
        self.pid = pid
        self.ports = ports
        self.readySeconds = readySeconds.map(ReportDuration.rounded)
        self.stop = stop
        self.exit = exit
        self.ledger = ledger
    }
}
