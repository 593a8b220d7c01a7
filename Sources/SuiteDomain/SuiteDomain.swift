//===----------------------------------------------------------------------===//
// SuiteDomain.swift: a prepared domain, which starts each suite inside it.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateProcess

/// A domain the gate prepared (``SuiteDomainSetup``): every suite it wraps starts through the
/// gate's own executable (``SuiteDomainCommand``), as the suites' user, with its home and temporary
/// folder in the cache and, with namespaces, its package's `.build` mounted from the cache.
package struct SuiteDomain: Sendable {
    /// How much of a domain the kernel gave.
    package let mode: SuiteDomainMode
    /// What every suite may touch (before its own `.build`).
    package let layout: SuiteDomainLayout
    /// The gate's executable, the launcher's name.
    package let launcher: String
    /// The file the launcher is started from (``ProcessSpec/executable``), when not ``launcher``.
    package let image: String?
    /// The suites' cache.
    package let cache: SuiteDomainCache
    /// The repository's work tree, resolved: every folder a suite builds in is inside it.
    package let tree: String
    /// With ``SuiteDomainMode/sandbox``: the account and its profile's network.
    package let darwin: DarwinSuiteDomain?
    /// The network of the suites it wraps: ``SuiteDomainNetwork/loopback`` by default with
    /// namespaces, always ``SuiteDomainNetwork/host`` without (``forSuite(network:forwarding:egressLedger:)``).
    package private(set) var network: SuiteDomainNetwork
    /// The host's 127.0.0.1 ports relayed into a loopback network: the fixture's.
    package private(set) var forwardedPorts: [Int] = []
    /// Where a loopback network's refused attempts out are recorded (``SuiteEgressLedger``).
    package private(set) var egressLedger: String?

    /// Creates a domain.
    package init(
        mode: SuiteDomainMode, layout: SuiteDomainLayout, launcher: String, image: String?, cache: SuiteDomainCache, tree: String,
        darwin: DarwinSuiteDomain? = nil
    ) {
        self.mode = mode
        self.darwin = darwin
        self.tree = tree
        self.layout = layout
        self.launcher = launcher
        self.image = image
        self.cache = cache
        self.network = mode == .user ? .host : .loopback
    }

    /// This domain for one suite (or a fixture command): its network (``SuiteDomainNetwork/host``
    /// without namespaces, whatever is asked), the fixture's ports relayed into it, and its
    /// egress ledger's path (``egressLedgerPath(for:)``).
    package func forSuite(network: SuiteDomainNetwork, forwarding ports: [Int] = [], egressLedger: String? = nil) -> SuiteDomain {
        var domain = self
        // A network of its own needs namespaces; macOS's profile allows loopback only, or not.
        domain.network = mode == .user ? .host : network
        domain.forwardedPorts = domain.network == .loopback ? Array(Set(ports)).sorted() : []
        domain.egressLedger = domain.network == .loopback ? egressLedger : nil
        return domain
    }

    /// Where the suite named `name` has its egress ledger: the cache's root, which only the gate's
    /// user writes (the suites' user cannot plant a link there), named for this run.
    package func egressLedgerPath(for name: String) -> String {
        cache.root + "/egress-\(getpid())-"
            + String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" }.prefix(100))
            + ".txt"
    }

    /// `spec` started inside the domain: its program resolved on its own PATH, its working
    /// directory's `.build` its own, HOME and TMPDIR the cache's.
    package func wrap(_ spec: ProcessSpec, supervisor: ProcessSupervisor) throws(SuiteDomainError) -> ProcessSpec {
        let name = spec.command
        var executable = spec.executable ?? name
        do throws(GateProcessError) {
            if spec.executable == nil {
                executable = try ExecutableLocator.resolve(
                    name, searchPath: spec.environment["PATH"], workingDirectory: spec.workingDirectory)
            }
        } catch {
            throw .cannotEnter(suite: name, reason: error.description)
        }
        var layout = layout
        // Every folder the suite builds in is the tree's, resolved: never a link out of it, where
        // the gate, as root, would make or give away a `.build`.
        var directories: [String] = []
        if let directory = spec.workingDirectory { directories.append(directory) }
        if let package = Self.packagePath(in: spec.arguments) {
            directories.append(package.hasPrefix("/") ? package : (spec.workingDirectory ?? tree) + "/" + package)
        }
        for directory in directories {
            guard let resolved = Self.resolvedInside(tree, directory) else {
                throw .cannotEnter(suite: name, reason: "\(directory) is not a folder inside the repository (\(tree))")
            }
            switch mode {
            case .namespaces:
                if let bind = try buildBind(resolved), !layout.binds.contains(bind) {
                    layout.binds.append(bind)
                    layout.writable.append(bind.source)
                }
            case .user:
                try refuseWritableAncestors(of: resolved, suite: name)
                try giveBuildFolder(resolved, supervisor: supervisor)
            case .sandbox:
                try refuseWritableAncestors(of: resolved, suite: name)
                try grantBuildFolder(resolved, supervisor: supervisor)
                // The profile lets the account write nothing of the tree but its build folders.
                layout.writable.append(resolved + "/.build")
            }
        }
        if mode == .sandbox, var darwin {
            darwin.network = network
            return try darwin.wrapped(spec, executable: executable, layout: layout)
        }
        let command = SuiteDomainCommand(
            mode: mode, layout: layout, network: network, forwardedPorts: forwardedPorts, egressLedger: egressLedger,
            workingDirectory: spec.workingDirectory, executable: executable, arguments: spec.arguments)
        var environment = spec.environment
        environment["HOME"] = layout.home
        environment["TMPDIR"] = layout.temporary
        Self.trustTree(in: &environment)
        var wrapped = spec
        wrapped.arguments = [launcher] + command.commandLine
        wrapped.executable = image
        // The launcher is root until it drops: none of the suite's variables (LD_PRELOAD, GCONV_PATH,
        // …) may reach its loader, so they travel inert and become the suite's at its exec only.
        wrapped.environment = SuiteDomainCommand.carried(environment)
        return wrapped
    }

    /// macOS: lets the account write `directory/.build` without root changing any owner. The gate,
    /// which owns the folder (it made it, or an earlier run as the gate's user did), adds an
    /// inherited access entry for the account to the folder itself (`chmod -h +a`), never
    /// recursively: a `chown -R` or `chmod -R` as root or as the gate could be turned, by a hard
    /// link the suites planted inside, onto a file of the gate's (its key) or of root's. What an
    /// earlier unseparated run left inside stays the gate's; the build then fails to overwrite it
    /// and says so (docs/troubleshooting.md: remove `.build`).
    func grantBuildFolder(_ directory: String, supervisor: ProcessSupervisor) throws(SuiteDomainError) {
        let (target, status) = try Self.buildFolder(in: directory)
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(), let darwin else { return }
        let result: ProcessResult
        do {
            result = try supervisor.run(
                ProcessSpec(arguments: darwin.user.grantCommand(target), environment: DarwinSuiteDomain.sudoEnvironment),
                timeout: .seconds(30))
        } catch {
            throw .cannotEnter(suite: directory, reason: "its .build could not be opened to the suites' account: \(error.description)")
        }
        guard result.status.isSuccess else {
            throw .cannotEnter(
                suite: directory,
                reason: "its .build could not be opened to the suites' account: "
                    + String(decoding: result.stderr.prefix(200), as: UTF8.self))
        }
    }

    /// Refuses a suite's folder that the suites' user may change on the way to it from the tree:
    /// there, between the gate's check and its use, a suite could swap the `.build` the gate
    /// prepares for one of its own (the repository chose the folder, so this is its doing).
    func refuseWritableAncestors(of directory: String, suite: String) throws(SuiteDomainError) {
        var path = directory
        while true {
            var status = stat()
            guard lstat(path, &status) == 0 else { throw .cannotEnter(suite: suite, reason: "\(path) cannot be read") }
            let groupWrites = status.st_gid == layout.gid && status.st_mode & 0o020 != 0
            if status.st_uid == layout.uid || status.st_mode & 0o002 != 0 || groupWrites {
                throw .cannotEnter(
                    suite: suite,
                    reason:
                        "\(path) may be written by the suites' user (uid \(layout.uid)), who could swap the build folder the gate prepares "
                        + "below it: run the suite from a folder of the repository itself, not one a suite wrote")
            }
            guard path != tree, path.count > tree.count, let slash = path.lastIndex(of: "/") else { return }
            path = String(path[..<slash])
        }
    }

    /// macOS: ends what the suites' account may have left to run later (its launchd jobs, its
    /// crontab), then stops every process it still runs outside the supervised groups
    /// (``ProcessSupervisor/sweep(account:relay:grace:)``): where no subreaper sees what escaped a
    /// group, everything the account runs is a suite's. `nil` for a domain without an account.
    package func sweepAccount(supervisor: ProcessSupervisor, grace: Duration) -> DescendantSweep.Outcome? {
        guard mode == .sandbox, let darwin else { return nil }
        for command in darwin.user.evictionCommands {
            // Either may find nothing to remove, and says so with a failure: only what it stops matters.
            _ = try? supervisor.run(ProcessSpec(arguments: command, environment: DarwinSuiteDomain.sudoEnvironment), timeout: .seconds(10))
        }
        return supervisor.sweep(account: darwin.user.uid, relay: darwin.user.signalRelay, grace: grace)
    }

    /// A file the suites may read but not change (a list of tests to run), written where only the
    /// gate's user may write, the cache's root: never into the suites' own folders, where a link
    /// a fixture planted would turn the gate's write into one elsewhere. Its path, or `nil`.
    package func share(_ bytes: [UInt8], name: String) -> String? {
        let path = cache.root + "/" + name + "-\(getpid()).txt"
        return FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o644]) ? path : nil
    }

    /// `directory` resolved (links and `..` followed), when it is a folder inside `tree`.
    static func resolvedInside(_ tree: String, _ directory: String) -> String? {
        guard let path = RealPath.of(directory) else { return nil }
        var status = stat()
        guard path == tree || path.hasPrefix(tree == "/" ? "/" : tree + "/"), stat(path, &status) == 0,
            status.st_mode & S_IFMT == S_IFDIR
        else { return nil }
        return path
    }

    /// The value of `--package-path` in a `swift` command's arguments.
    static func packagePath(in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: "--package-path"), arguments.indices.contains(index + 1) else { return nil }
        return arguments[index + 1]
    }

    /// git refuses a repository another user owns ("dubious ownership"): the suites' user reads
    /// the tree through git too (SwiftPM, plugins, tests), so it is told the tree is safe, after
    /// whatever the suite's own `GIT_CONFIG_COUNT` already says.
    static func trustTree(in environment: inout [String: String]) {
        let count = environment["GIT_CONFIG_COUNT"].flatMap { Int($0) }.map { max(0, $0) } ?? 0
        environment["GIT_CONFIG_KEY_\(count)"] = "safe.directory"
        environment["GIT_CONFIG_VALUE_\(count)"] = "*"
        environment["GIT_CONFIG_COUNT"] = String(count + 1)
    }

    /// The cache's build folder mounted on `directory/.build`, which the gate creates when missing
    /// (git keeps no empty folder, so the tree's status does not change); `nil` when `.build` is a
    /// link or a file, which the gate never mounts over: the suite then cannot write it and says so.
    func buildBind(_ directory: String) throws(SuiteDomainError) -> SuiteDomainBind? {
        let (target, status) = try Self.buildFolder(in: directory)
        guard status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return SuiteDomainBind(source: try cache.buildFolder(for: directory), target: target)
    }

    /// `directory/.build`, made (as an empty folder) when missing, and what it is, never followed.
    static func buildFolder(in directory: String) throws(SuiteDomainError) -> (path: String, status: stat) {
        let target = directory + "/.build"
        var status = stat()
        if lstat(target, &status) != 0 {
            guard errno == ENOENT, mkdir(target, 0o755) == 0 || errno == EEXIST, lstat(target, &status) == 0 else {
                throw .cacheFailed(path: target, call: "mkdir", errno: errno)
            }
        }
        return (target, status)
    }

    /// Without namespaces the tree cannot be overlaid: `.build` (a real folder, never a link) is
    /// given to the suites' user, once, without following the links inside it.
    func giveBuildFolder(_ directory: String, supervisor: ProcessSupervisor) throws(SuiteDomainError) {
        let (target, status) = try Self.buildFolder(in: directory)
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid != layout.uid else { return }
        let spec = ProcessSpec(arguments: ["chown", "-R", "-P", "\(layout.uid):\(layout.gid)", "--", target], environment: [:])
        let result: ProcessResult
        do {
            result = try supervisor.run(spec, timeout: .seconds(120))
        } catch {
            throw .cannotEnter(suite: directory, reason: "chown of its .build could not run: \(error.description)")
        }
        guard result.status.isSuccess else {
            throw .cannotEnter(
                suite: directory, reason: "chown of its .build failed: " + String(decoding: result.stderr.prefix(200), as: UTF8.self))
        }
    }
}
