//===----------------------------------------------------------------------===//
// SuiteDomainEntry.swift: the launcher's side: enter the domain and run the suite.
//===----------------------------------------------------------------------===//

import CProcessShims
import GateCore

/// The launcher's side of a suite's domain. `main.swift` calls it first, while the process has one
/// thread, because entering the domain forks.
package enum SuiteDomainEntry {
    /// Enters the domain and runs the suite when `arguments` (the process's own, its name first)
    /// are ``SuiteDomainCommand``'s; returns the code to exit with then, and `nil` for any other
    /// command. A malformed domain command gets one line on standard error and 125.
    package static func enterIfRequested(_ arguments: [String]) -> Int32? {
        guard arguments.count > 1, arguments[1] == SuiteDomainCommand.name else { return nil }
        guard let command = SuiteDomainCommand(parsing: Array(arguments.dropFirst())) else {
            var line =
                "acceptance-gate: \(SuiteDomainCommand.name) is the gate's own way to start a suite, not a command to type; see acceptance-gate run --help\n"
            _ = line.withUTF8 { write(2, $0.baseAddress, $0.count) }
            return CPS_DOMAIN_SETUP_FAILED
        }
        return run(command)
    }

    /// This process's environment entries, as `NAME=value`.
    static func launcherEnvironment() -> [String] {
        var entries: [String] = []
        guard let start = cps_environment() else { return entries }
        var pointer = start
        while let entry = pointer.pointee {
            entries.append(String(cString: entry))
            pointer += 1
        }
        return entries
    }

    /// Runs `command`'s suite in its domain (``cps_domain_run``).
    static func run(_ command: SuiteDomainCommand) -> Int32 {
        let layout = command.layout
        // The strings live until exec or exit: the process never returns to Swift code that frees them.
        let readOnly = CStrings(layout.readOnly)
        let sources = CStrings(layout.binds.map(\.source))
        let targets = CStrings(layout.binds.map(\.target))
        let hidden = CStrings(layout.hidden)
        let argv = CStrings(command.arguments.isEmpty ? [command.executable] : command.arguments)
        let executable = CStrings([command.executable])
        let directory = command.workingDirectory.map { CStrings([$0]) }
        let ports = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, command.forwardedPorts.count))
        for (index, port) in command.forwardedPorts.enumerated() { ports[index] = Int32(port) }
        let ledger = command.egressLedger.map { CStrings([$0]) }
        let environment = CStrings(SuiteDomainCommand.suiteEnvironment(fromLauncher: launcherEnvironment()))
        var domain = cps_domain()
        domain.uid = layout.uid
        domain.gid = layout.gid
        domain.namespaces = command.mode == .namespaces ? 1 : 0
        domain.probe = command.probe ? 1 : 0
        domain.read_only = readOnly.constant
        domain.read_only_count = Int32(readOnly.count)
        domain.bind_sources = sources.constant
        domain.bind_targets = targets.constant
        domain.bind_count = Int32(sources.count)
        domain.hidden = hidden.constant
        domain.hidden_count = Int32(hidden.count)
        domain.loopback_network = command.mode == .namespaces && command.network == .loopback ? 1 : 0
        domain.forward_ports = UnsafePointer(ports)
        domain.forward_count = Int32(command.forwardedPorts.count)
        domain.egress_ledger = ledger?.first
        domain.working_directory = directory?.first
        domain.executable = executable.first
        domain.argv = argv.mutable
        domain.envp = environment.mutable
        return cps_domain_run(&domain)
    }
}
