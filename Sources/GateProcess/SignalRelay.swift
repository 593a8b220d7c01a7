//===----------------------------------------------------------------------===//
// SignalRelay.swift: a command that signals a process group the gate may not signal itself.
//===----------------------------------------------------------------------===//

import GateCore

/// A command that sends a signal to a child's process group for the gate, where the group's
/// members belong to a user the gate may not signal: on macOS a separated suite runs as its own
/// account under `sudo`, and the kernel refuses the gate's `kill(-pgid, …)` for every member but
/// the ones it owns. The relay runs `kill` as that account (`sudo -n -u ACCOUNT -- /bin/kill`),
/// which may.
///
/// The gate still sends each signal itself first (it reaches whatever it may); the relay is run
/// after it, to its end, bounded by ``timeout``. The group's emptiness is still judged by the
/// gate's own `kill(-pgid, 0)`, which answers `EPERM`, not `ESRCH`, while another user's process
/// is left, so a relay that failed never makes a group look empty.
package struct SignalRelay: Equatable, Hashable, Sendable {
    /// The program and its leading arguments; `-s NAME TARGET…` is appended
    /// (BSD `kill` reads options from its first arguments only, so `-1234` after them is a target).
    package var command: [String]
    /// The relay's whole environment.
    package var environment: [String: String]
    /// How long one relay may take before it is killed and the signal counts as not relayed.
    package var timeout: Duration

    /// Creates a relay.
    package init(command: [String], environment: [String: String], timeout: Duration = .seconds(3)) {
        self.command = command
        self.environment = environment
        self.timeout = timeout
    }

    /// The command that sends `signal` to `targets` (a process group is a negative target), or
    /// `nil` for a signal the relay cannot name.
    package func arguments(signal: Int32, targets: [Int32]) -> [String]? {
        guard let name = Self.name(of: signal), !targets.isEmpty else { return nil }
        return command + ["-s", name] + targets.map(String.init)
    }

    /// The portable name of a signal the gate sends (`TERM`, `KILL`, `CONT`, `INT`, `HUP`), as
    /// `kill -s` takes it on Linux and Darwin alike; the numbers differ between them, the names do not.
    package static func name(of signal: Int32) -> String? {
        switch signal {
        case SIGTERM: "TERM"
        case SIGKILL: "KILL"
        case SIGCONT: "CONT"
        case SIGINT: "INT"
        case SIGHUP: "HUP"
        default: nil
        }
    }

    /// Runs the relay for `signal` to `targets`, to its end or ``timeout``; true when it exited 0.
    /// The relay leads a group of its own and is killed with it when it overruns.
    @discardableResult
    package func send(_ signal: Int32, to targets: [Int32]) -> Bool {
        guard let arguments = arguments(signal: signal, targets: targets) else { return false }
        let spec = ProcessSpec(arguments: arguments, environment: environment, stdout: .discard, stderr: .discard)
        guard let child = try? ChildProcess.spawn(spec) else { return false }
        if let status = try? child.wait(timeout: timeout) {
            _ = child.waitForGroupEmpty(until: .now + .milliseconds(200))
            return status.isSuccess
        }
        _ = child.terminate(grace: .zero, reason: .deadline, killWait: .seconds(1))
        return false
    }
}
