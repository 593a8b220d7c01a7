//===----------------------------------------------------------------------===//
// RunningFixture.swift: a started, ready fixture process and what the suites need to know of it.
//===----------------------------------------------------------------------===//

import GateConfig
import GateProcess

/// A fixture that was started and became ready.
package struct RunningFixture: Sendable {
    /// The configuration it was started from (its teardown and expectations).
    package var configuration: ConfigFixture
    /// The fixture's process (leading its own group), under the run's supervisor.
    package var process: SupervisedProcess
    /// The fixture's child process.
    package var child: ChildProcess { process.child }
    /// Its command line.
    package var command: [String]
    /// Its origin and foreign ports, when known.
    package var ports: PortPair?
    /// Seconds from spawning to ready.
    package var readySeconds: Double
    /// Its log (stdout and stderr).
    package var log: LogFile
    /// Whether it prints a ledger as its last line of output (the built-in fixture).
    package var printsLedger: Bool
    /// Its log's capture, where that line is read back from.
    var capture: CaptureFile?
    /// The capture the ledger is kept in once read (scanned and archived like every log).
    var ledger: CaptureFile?

    /// The variables the suites get: `ACCEPTANCE_GATE_ORIGIN_URL` and `ACCEPTANCE_GATE_FOREIGN_URL`.
    package var suiteEnvironment: [String: String] {
        guard let ports else { return [:] }
        return ["ACCEPTANCE_GATE_ORIGIN_URL": ports.originURL, "ACCEPTANCE_GATE_FOREIGN_URL": ports.foreignURL]
    }
}
