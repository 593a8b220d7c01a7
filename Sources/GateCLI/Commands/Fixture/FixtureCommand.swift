//===----------------------------------------------------------------------===//
// FixtureCommand.swift: `acceptance-gate fixture [--ports A,B | --ports auto] [--ledger FILE]`.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess
import RedirectFixture

/// `fixture`: runs the redirect fixture until SIGTERM or SIGINT.
///
/// Prints `READY origin=http://127.0.0.1:A foreign=http://127.0.0.1:B` (flushed at once) when
/// both listeners accept, serves until SIGTERM or SIGINT, then stops, writes the ledger to
/// `--ledger` atomically and exits 0 with both ports free. A port already in use is exit 3.
package enum FixtureCommand: GateCommand {
    /// `--ports A,B` or `--ports auto`.
    package static let ports = OptionSpec.value(
        "ports", kind: .text, valueName: "A,B|auto", defaultValue: .text(FixturePorts.standard.description),
        help: "The origin and foreign ports on 127.0.0.1, or 'auto' for two free ephemeral ports.")

    /// `--ledger FILE`.
    package static let ledger = OptionSpec.value(
        "ledger", kind: .text, valueName: "file",
        help: "Write the ledger as JSON to this file on shutdown (atomically: temporary file, then rename); with '-', "
            + "print it as the last line of standard output, 'LEDGER <json>', and refuse inspection by other processes.")

    /// What `--ports` accepts, as usage errors say it.
    static let portsAllowed = "two different ports from 1 to 65535 as A,B (e.g. 8765,8766), or auto"

    /// `fixture`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "fixture", abstract: "Run the redirect fixture until SIGTERM or SIGINT.",
            discussion: "Serves two HTTP/1.1 listeners on 127.0.0.1 only. Origin: GET /same redirects "
                + "to /target, GET /start redirects to the foreign listener's /target, GET /target answers "
                + "200 'ok', GET /__ledger shows the live ledger. Foreign: GET /target answers 200 'ok'. "
                + "Anything else is 404. Prints 'READY origin=<url> foreign=<url>' once both listeners "
                + "accept. On SIGTERM or SIGINT it closes both ports, writes the ledger (request count, "
                + "paths and header names, never header values, per listener) and exits 0. A port "
                + "already in use exits 3.",
            options: [ports, ledger])
    }

    /// Runs the fixture until SIGTERM or SIGINT.
    ///
    /// - Returns: ``GateExitStatus/success`` once stopped and the ledger is written.
    /// - Throws: ``CommandLineError/invalidValue(option:value:allowed:command:)`` for a bad
    ///   `--ports` or `--ledger`; ``CommandLineError/unavailable(_:)`` (exit 3) when a port is
    ///   taken, the server cannot start, or the ledger cannot be written; a write failure of
    ///   standard output.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let portsText = arguments.text(ports) ?? FixturePorts.standard.description
        guard let requestedPorts = FixturePorts(parsing: portsText) else {
            throw .invalidValue(
                option: ports.spelling, value: portsText, allowed: portsAllowed, command: context.commandPath)
        }
        let ledgerPath = arguments.text(ledger)
        let ledgerToOutput = ledgerPath == "-"
        if ledgerToOutput {
            // The gate reads the ledger from this process's standard output, a pipe it holds: no
            // other process of the user may write into it through /proc/<pid>/fd/1 or ptrace.
            SecretHygiene.denyInspection()
        }
        if let ledgerPath, !ledgerToOutput, !Ledger.canWrite(toFile: ledgerPath) {
            throw .invalidValue(
                option: ledger.spelling, value: ledgerPath,
                allowed: "a file path in an existing, writable directory", command: context.commandPath)
        }

        // Blocked before the server's thread starts, so no thread can die of them by default.
        let signals = ShutdownSignals()
        let server = RedirectFixtureServer(configuration: FixtureConfiguration(ports: requestedPorts))
        let endpoints: FixtureEndpoints
        do throws(FixtureError) {
            endpoints = try server.start()
        } catch {
            signals.restore()
            throw CommandLineError(error)
        }
        context.console.output.writeLine(endpoints.readyLine)
        do {
            try context.console.output.flush()
        } catch {
            server.stop()
            signals.restore()
            throw error
        }

        // From here on the signals stay blocked: the process is on its way out, and a second
        // SIGTERM during shutdown must not turn exit 0 into 143.
        _ = signals.wait()
        server.stop()
        if ledgerToOutput {
            context.console.output.writeLine(Ledger.outputLinePrefix + server.ledger.json)
            try context.console.output.flush()
        } else if let ledgerPath {
            do throws(FixtureError) {
                try server.ledger.write(toFile: ledgerPath)
            } catch {
                throw CommandLineError(error)
            }
        }
        return .success
    }
}
