//===----------------------------------------------------------------------===//
// SuiteDomainCommand.swift: the launcher's command line, written by the gate and read by the launcher.
//===----------------------------------------------------------------------===//

/// The command line the gate starts a suite with: its own executable, this hidden command, the
/// domain, then the suite's program and arguments.
///
/// ```
/// acceptance-gate __suite-domain namespaces --uid 65534 --gid 65534 --read-only /repo \
///     --bind /var/cache/…/build/repo-1a2b /repo/.build --hide /repo/.acceptance-gate \
///     --network loopback --forward 8080 --forward 8081 --egress-ledger /var/cache/…/egress-42-unit.txt \
///     --chdir /repo -- /usr/bin/swift swift test
/// ```
///
/// The gate writes it and the launcher reads it back (``init(parsing:)``), so the two cannot
/// drift. The code under test may run the command too; as another user it can set nothing up.
package struct SuiteDomainCommand: Equatable, Sendable {
    /// The hidden command's name.
    package static let name = "__suite-domain"

    /// How much of a domain to set up.
    package var mode: SuiteDomainMode
    /// What the suite may touch.
    package var layout: SuiteDomainLayout
    /// Set up, check the suite's user can enter ``workingDirectory`` and write the folder
    /// ``executable`` names (its home), and run nothing.
    package var probe: Bool
    /// Its network: ``SuiteDomainNetwork/loopback`` (namespaces only) gives it a network namespace of its own.
    package var network: SuiteDomainNetwork
    /// The host's 127.0.0.1 ports relayed into a loopback network (the fixture's).
    package var forwardedPorts: [Int]
    /// Where a loopback network's init appends the attempts out it refused.
    package var egressLedger: String?
    /// Where the suite starts.
    package var workingDirectory: String?
    /// The absolute path of the suite's program.
    package var executable: String
    /// The suite's arguments, its program's name first.
    package var arguments: [String]

    /// Creates a command.
    package init(
        mode: SuiteDomainMode, layout: SuiteDomainLayout, probe: Bool = false, network: SuiteDomainNetwork = .host,
        forwardedPorts: [Int] = [], egressLedger: String? = nil, workingDirectory: String?, executable: String, arguments: [String]
    ) {
        self.mode = mode
        self.layout = layout
        self.probe = probe
        self.network = network
        self.forwardedPorts = forwardedPorts
        self.egressLedger = egressLedger
        self.workingDirectory = workingDirectory
        self.executable = executable
        self.arguments = arguments
    }

    /// The prefix the suite's variables carry through the launcher's environment, where no loader
    /// or C library reads them (``carried(_:)``).
    package static let environmentPrefix = "ACCEPTANCE_GATE_SUITE_ENV_"

    /// `environment` as the launcher gets it: every variable renamed with ``environmentPrefix``, so
    /// the launcher, root until it drops, runs with none of the suite's variables.
    package static func carried(_ environment: [String: String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: environment.map { (environmentPrefix + $0.key, $0.value) })
    }

    /// The suite's environment entries (`NAME=value`) from the launcher's: the carried ones with
    /// their prefix removed; anything else in the launcher's environment is not the suite's.
    package static func suiteEnvironment(fromLauncher entries: [String]) -> [String] {
        entries.compactMap { entry in
            guard entry.hasPrefix(environmentPrefix) else { return nil }
            let rest = String(entry.dropFirst(environmentPrefix.count))
            return rest.hasPrefix("=") || !rest.contains("=") ? nil : rest
        }
    }

    /// The arguments after the launcher's own name.
    package var commandLine: [String] {
        var line = [Self.name, mode.rawValue, "--uid", String(layout.uid), "--gid", String(layout.gid)]
        if probe { line.append("--probe") }
        for path in layout.readOnly { line += ["--read-only", path] }
        for bind in layout.binds { line += ["--bind", bind.source, bind.target] }
        for path in layout.hidden { line += ["--hide", path] }
        line += ["--home", layout.home, "--temporary", layout.temporary]
        if network == .loopback {
            line += ["--network", network.rawValue]
            for port in forwardedPorts { line += ["--forward", String(port)] }
            if let egressLedger { line += ["--egress-ledger", egressLedger] }
        }
        if let workingDirectory { line += ["--chdir", workingDirectory] }
        return line + ["--", executable] + arguments
    }

    /// Reads `arguments` (after the launcher's own name); `nil` when they are not this command's.
    package init?(parsing arguments: [String]) {
        guard arguments.count >= 2, arguments[0] == Self.name, let mode = SuiteDomainMode(rawValue: arguments[1]) else { return nil }
        var uid: UInt32?
        var gid: UInt32?
        var probe = false
        var readOnly: [String] = []
        var binds: [SuiteDomainBind] = []
        var hidden: [String] = []
        var home: String?
        var temporary: String?
        var workingDirectory: String?
        var network = SuiteDomainNetwork.host
        var forwardedPorts: [Int] = []
        var egressLedger: String?
        var rest = arguments.dropFirst(2)
        func value() -> String? { rest.popFirst() }
        while let option = rest.popFirst() {
            switch option {
            case "--uid": uid = value().flatMap(UInt32.init)
            case "--gid": gid = value().flatMap(UInt32.init)
            case "--probe": probe = true
            case "--read-only":
                guard let path = value() else { return nil }
                readOnly.append(path)
            case "--bind":
                guard let source = value(), let target = value() else { return nil }
                binds.append(SuiteDomainBind(source: source, target: target))
            case "--hide":
                guard let path = value() else { return nil }
                hidden.append(path)
            case "--home": home = value()
            case "--temporary": temporary = value()
            case "--chdir": workingDirectory = value()
            case "--network":
                guard let named = value().flatMap(SuiteDomainNetwork.init(rawValue:)) else { return nil }
                network = named
            case "--forward":
                guard let port = value().flatMap(Int.init), (1...65535).contains(port) else { return nil }
                forwardedPorts.append(port)
            case "--egress-ledger":
                guard let path = value(), path.hasPrefix("/") else { return nil }
                egressLedger = path
            case "--":
                guard let uid, let gid, let home, let temporary, let executable = rest.popFirst() else { return nil }
                self.init(
                    mode: mode,
                    layout: SuiteDomainLayout(
                        uid: uid, gid: gid, readOnly: readOnly, hidden: hidden, writable: [home, temporary] + binds.map(\.source),
                        binds: binds, home: home,
                        temporary: temporary),
                    probe: probe, network: network, forwardedPorts: forwardedPorts, egressLedger: egressLedger,
                    workingDirectory: workingDirectory, executable: executable, arguments: Array(rest))
                return
            default: return nil
            }
        }
        return nil
    }
}
