//===----------------------------------------------------------------------===//
// SuiteDomainSetup+Sandbox.swift: how far a Mac lets the gate separate its suites.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess

extension SuiteDomainSetup {
    /// macOS: the suites' domain is an account of their own under a sandbox profile, entered
    /// through `sudo -n`. Tries, in order, and lowers to none with the reason at the first the
    /// machine refuses: passwordless sudo, `sandbox-exec` (refused inside another sandbox), the
    /// account and its folders (made once, idempotently), the shared folder, and a probe that runs
    /// `true` as the account under its profile in the suite's folder.
    ///
    /// Runs every command through `run` (its standard output, or
    /// ``DarwinSuiteDomainError/commandFailed(command:detail:)``), so the decisions are tested on
    /// Linux; on a Mac it is ``DarwinSuiteDomain/run(_:supervisor:workingDirectory:)``.
    static func prepareSandbox(
        _ request: SuiteDomainRequest, user: DarwinSuiteUser = .standard, canListProcesses: Bool = Platform.current.namesGroupMembers,
        run: ([String], _ workingDirectory: String?) throws(DarwinSuiteDomainError) -> String
    ) -> SuiteDomainChoice {
        // Without a process table the gate could not find what the account left running.
        guard canListProcesses else {
            return SuiteDomainChoice(
                domain: nil, reason: "this build cannot list processes (a portable build), so it could not stop what a separated suite left"
            )
        }
        do {
            _ = try run(DarwinSuiteUser.sudoProbe, nil)
        } catch {
            return SuiteDomainChoice(
                domain: nil,
                reason:
                    "separating the suites on macOS needs passwordless sudo, and `sudo -n true` failed (\(error.description)); "
                    + "GitHub's macOS runners have it (see docs/isolation.md)")
        }
        do {
            _ = try run(DarwinSuiteDomain.sandboxProbe, nil)
        } catch {
            return SuiteDomainChoice(
                domain: nil,
                reason:
                    "sandbox-exec cannot start here (\(error.description)): the gate already runs in a sandbox, and sandboxes do not nest")
        }
        // An account that exists already was used by earlier runs, whose suites could have spoilt its
        // home (a file where a folder must be): a set-up that then fails is not the machine's doing.
        let existed = (try? run(DarwinSuiteUser.listUsers, nil)).flatMap { try? user.exists(inListing: $0) } ?? false
        let darwin: DarwinSuiteDomain
        do {
            darwin = try DarwinSuiteDomain.setUp(user: user, network: .loopback) { (command) throws(DarwinSuiteDomainError) in
                try run(command, nil)
            }
        } catch {
            return SuiteDomainChoice(
                domain: nil,
                reason: "the suites' account could not be set up: \(error.description)"
                    + (existed ? " (it exists: an earlier run's suite may have changed its home; remove \(user.home) with sudo)" : ""),
                blocking: existed)
        }
        // What an earlier run's suites arranged to run later goes before this run's start.
        for command in user.evictionCommands { _ = try? run(command, nil) }
        let cache = SuiteDomainCache(environment: request.environment, uid: user.uid, gid: user.gid, defaultRoot: DarwinFacts.cacheRoot)
        do {
            try cache.prepareRoot()
        } catch {
            return SuiteDomainChoice(domain: nil, reason: error.description)
        }
        let treePath = request.readOnly.first ?? request.directory
        guard let tree = RealPath.of(treePath) else {
            return SuiteDomainChoice(domain: nil, reason: "the repository \(treePath) cannot be resolved", blocking: true)
        }
        // Its LaunchAgents folder is not its to write: a job there would run outside the profile.
        let layout = SuiteDomainLayout(
            uid: user.uid, gid: user.gid, readOnly: request.readOnly + [user.home + "/Library/LaunchAgents"], hidden: request.hidden,
            writable: [user.home], home: user.home, temporary: user.home + "/tmp")
        let probe: (arguments: [String], environment: [String: String])
        do {
            probe = try darwin.wrap(arguments: [DarwinFacts.true], environment: [:], layout: layout)
        } catch {
            // A path the profile cannot hold: the key file and the out folder are the configuration's.
            return SuiteDomainChoice(
                domain: nil, reason: "the suites' sandbox profile cannot be written: \(error.description)", blocking: true)
        }
        do {
            _ = try run(probe.arguments, request.directory)
        } catch {
            return SuiteDomainChoice(
                domain: nil,
                reason:
                    "the suites' account (uid \(user.uid)) cannot run in \(request.directory) under its sandbox (\(error.description)): "
                    + "the folders down to it must be readable by group staff, as GitHub's /Users/runner is")
        }
        let domain = SuiteDomain(
            mode: .sandbox, layout: layout, launcher: request.launcher, image: request.image, cache: cache, tree: tree, darwin: darwin)
        return SuiteDomainChoice(domain: domain, reason: nil)
    }
}
