//===----------------------------------------------------------------------===//
// DarwinSuiteDomain.swift: a suite run on macOS as its own user, under its own sandbox profile.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess

/// How the gate runs a suite apart from itself on macOS, where there are no namespaces: as
/// ``DarwinSuiteUser`` (another uid, so the gate's files, memory and signals are the kernel's to
/// refuse) and under a ``SandboxProfile`` (writes only to the suite's folders, hidden paths
/// unreadable, no signal or process information outside the sandbox).
///
/// ``setUp(user:network:supervisor:)`` makes the account once (idempotently) and learns its
/// per-user folders; ``wrap(arguments:environment:layout:)`` turns a suite's command into
/// `sudo -n -u USER -- /usr/bin/env -i -- NAME=VALUE… /usr/bin/sandbox-exec -p PROFILE command…`
/// with SwiftPM's and xcodebuild's own sandboxes turned off (``SandboxNesting``).
///
/// The environment: sudo's `env_reset` keeps some of the caller's variables (macOS's sudoers keeps
/// `HOME`, `SSH_AUTH_SOCK`, `TZ`, `LANG`, …) and adds `SUDO_*`, and which ones depends on the
/// machine's sudoers. So sudo is started with `PATH` alone, and `env -i` gives the suite exactly
/// the variables the gate passes, whatever sudo kept; `HOME`, `TMPDIR`, `USER` and `LOGNAME` are the
/// suite user's. The price: the values are on sudo's command line, which sudo writes to the system
/// log; pass no secret to a separated suite through its environment.
package struct DarwinSuiteDomain: Equatable, Sendable {
    /// The account suites run as.
    package var user: DarwinSuiteUser
    /// The account's own temporary and cache folders (`DARWIN_USER_TEMP_DIR`, `DARWIN_USER_CACHE_DIR`).
    package var userFolders: [String]
    /// What the suites may reach.
    package var network: SandboxProfile.Network

    /// Creates a domain description; ``setUp(user:network:supervisor:)`` makes one that exists.
    package init(user: DarwinSuiteUser = .standard, userFolders: [String] = [], network: SandboxProfile.Network = .loopback) {
        self.user = user
        self.userFolders = userFolders
        self.network = network
    }

    /// The environment sudo itself starts with: nothing of the gate's.
    package static let sudoEnvironment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"]

    /// `sandbox-exec` with a profile that allows everything, on `true`: fails where the gate already
    /// runs inside a sandbox (a SwiftPM command plugin, another tool's sandbox), since sandboxes do
    /// not nest. Bazel's darwin-sandbox checks the same way.
    package static let sandboxProbe = [DarwinFacts.sandboxExec, "-p", "(version 1)\n(allow default)\n", DarwinFacts.true]

    // MARK: - Running a suite

    /// A suite's command and environment, wrapped to run as ``user`` under the profile `layout` gives.
    /// - Parameters:
    ///   - arguments: the suite's program and arguments, as the configuration gives them.
    ///   - environment: every variable the suite should have; nothing else reaches it.
    ///   - layout: what the suite may read, write and see (paths resolved here, as the sandbox
    ///     matches real paths).
    /// - Returns: the command to spawn (sudo's) and the environment to spawn it with.
    /// - Throws: ``DarwinSuiteDomainError`` for an invalid account, command, variable or path, or a
    ///   layout built for another user.
    package func wrap(
        arguments: [String], environment: [String: String], layout: SuiteDomainLayout
    ) throws(DarwinSuiteDomainError) -> (arguments: [String], environment: [String: String]) {
        try user.validate()
        guard layout.uid == user.uid, layout.gid == user.gid else {
            throw .layoutUserMismatch(layoutUID: layout.uid, layoutGID: layout.gid, userUID: user.uid, userGID: user.gid)
        }
        guard let program = arguments.first, !program.isEmpty, !program.hasPrefix("-") else {
            throw .invalidCommand(program: arguments.first ?? "")
        }
        let profile = try SandboxProfile(
            layout: Self.resolved(layout), userFolders: userFolders.map(Self.realPath), network: network)
        var suiteEnvironment = environment
        suiteEnvironment["HOME"] = layout.home
        suiteEnvironment["TMPDIR"] = layout.temporary
        suiteEnvironment["USER"] = user.name
        suiteEnvironment["LOGNAME"] = user.name
        var pairs: [String] = []
        for (name, value) in suiteEnvironment.sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, !name.contains("="), !name.contains("\0"), !value.contains("\0") else {
                throw .invalidEnvironment(name: name)
            }
            pairs.append(name + "=" + value)
        }
        let command = user.asSelf([DarwinFacts.env, "-i", "--"] + pairs + Self.confine(arguments, profile: profile))
        return (command, Self.sudoEnvironment)
    }

    /// `spec` (whose program is `executable`) wrapped by ``wrap(arguments:environment:layout:)``:
    /// sudo's command line and environment, no executable of its own, and the account's
    /// ``DarwinSuiteUser/signalRelay`` for the gate's teardown.
    func wrapped(_ spec: ProcessSpec, executable: String, layout: SuiteDomainLayout) throws(SuiteDomainError) -> ProcessSpec {
        let command: (arguments: [String], environment: [String: String])
        var environment = spec.environment
        SuiteDomain.trustTree(in: &environment)
        do {
            command = try wrap(arguments: [executable] + spec.arguments.dropFirst(), environment: environment, layout: layout)
        } catch {
            throw .cannotEnter(suite: spec.command, reason: error.description)
        }
        var wrapped = spec
        wrapped.arguments = command.arguments
        wrapped.environment = command.environment
        wrapped.executable = nil
        wrapped.signalRelay = user.signalRelay
        return wrapped
    }

    /// `sandbox-exec -p PROFILE` before `arguments`, rewritten so its tools do not try to sandbox
    /// themselves inside it (``SandboxNesting/rewrite(_:)``).
    package static func confine(_ arguments: [String], profile: SandboxProfile) -> [String] {
        [DarwinFacts.sandboxExec, "-p", profile.text] + SandboxNesting.rewrite(arguments)
    }

    // MARK: - Paths

    /// `layout` with every path resolved by ``realPath(_:)``.
    package static func resolved(_ layout: SuiteDomainLayout) -> SuiteDomainLayout {
        var layout = layout
        layout.readOnly = layout.readOnly.map(realPath)
        layout.hidden = layout.hidden.map(realPath)
        layout.writable = layout.writable.map(realPath)
        layout.home = realPath(layout.home)
        layout.temporary = realPath(layout.temporary)
        return layout
    }

    /// Where `path` really leads: its deepest existing ancestor resolved by `realpath(3)` (so
    /// `/tmp/x/new` is `/private/tmp/x/new` on a Mac, whether or not `new` exists yet), and the
    /// rest appended. A relative or unresolvable path comes back as given (the profile refuses it).
    package static func realPath(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        var existing = Substring(path)
        var rest: [Substring] = []
        while !existing.isEmpty {
            if let real = RealPath.of(String(existing)) {
                let base = real == "/" ? "" : real
                return rest.isEmpty ? real : base + "/" + rest.reversed().joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/") else { break }
            let component = existing[existing.index(after: slash)...]
            if !component.isEmpty { rest.append(component) }
            existing = existing[..<slash]
        }
        return path
    }

    // MARK: - Set-up

    /// The set-up commands still needed, given the output of ``DarwinSuiteUser/listUsers``.
    /// - Throws: ``DarwinSuiteDomainError`` for an invalid account or a collision.
    package func setUpCommands(listing: String) throws(DarwinSuiteDomainError) -> [[String]] {
        try user.setUpCommands(listing: listing)
    }

    /// Makes `user` (once; later calls find it), its home and cache folders, and learns its own
    /// temporary and cache folders: runs ``DarwinSuiteUser/listUsers``, the commands
    /// ``DarwinSuiteUser/setUpCommands(listing:)`` gives, and ``DarwinSuiteUser/userFolderQueries``,
    /// each through `supervisor` with `sudo -n` where it needs root.
    /// - Throws: ``DarwinSuiteDomainError/commandFailed(command:detail:)`` when a command fails
    ///   (no passwordless sudo, no `dscl`), and the account's own errors.
    package static func setUp(
        user: DarwinSuiteUser = .standard, network: SandboxProfile.Network = .loopback, supervisor: ProcessSupervisor = .standalone
    ) throws(DarwinSuiteDomainError) -> DarwinSuiteDomain {
        try setUp(user: user, network: network) { (command) throws(DarwinSuiteDomainError) in try run(command, supervisor: supervisor) }
    }

    /// ``setUp(user:network:supervisor:)`` with each command run by `run`, which returns its
    /// standard output or throws ``DarwinSuiteDomainError/commandFailed(command:detail:)``.
    package static func setUp(
        user: DarwinSuiteUser, network: SandboxProfile.Network, run: ([String]) throws(DarwinSuiteDomainError) -> String
    ) throws(DarwinSuiteDomainError) -> DarwinSuiteDomain {
        try user.validate()
        let listing = try run(DarwinSuiteUser.listUsers)
        for command in try user.setUpCommands(listing: listing) {
            _ = try run(command)
        }
        var folders: [String] = []
        for query in user.userFolderQueries {
            if let folder = DarwinSuiteUser.userFolder(fromGetconf: try run(query)) {
                folders.append(folder)
            }
        }
        return DarwinSuiteDomain(user: user, userFolders: folders, network: network)
    }

    /// Runs one set-up command to its end and returns its standard output.
    package static func run(
        _ command: [String], supervisor: ProcessSupervisor, workingDirectory: String? = nil
    ) throws(DarwinSuiteDomainError) -> String {
        let shown = command.joined(separator: " ")
        let result: ProcessResult
        do {
            result = try supervisor.run(
                ProcessSpec(arguments: command, environment: sudoEnvironment, workingDirectory: workingDirectory), timeout: .seconds(120))
        } catch {
            throw .commandFailed(command: shown, detail: error.description)
        }
        guard result.status.isSuccess else {
            let said = result.stderrText.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            throw .commandFailed(command: shown, detail: "\(result.status)\(said.isEmpty ? "" : ": " + said)")
        }
        return result.stdoutText
    }
}
