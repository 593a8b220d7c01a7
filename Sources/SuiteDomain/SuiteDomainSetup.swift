//===----------------------------------------------------------------------===//
// SuiteDomainSetup.swift: find out how far this machine lets the gate separate its suites.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess

/// Finds out, once per run, how far this machine lets the gate separate its suites, by trying:
/// the cache is prepared, then a probe (``SuiteDomainCommand/probe``) sets up the whole domain,
/// drops to the suites' user, enters the tree and exits. Namespaces first; where the kernel refuses
/// them (docker's default seccomp profile), another user only; where that fails too, or the gate
/// is not root, none, with the reason.
package enum SuiteDomainSetup {
    /// The domain `request` can have here.
    package static func prepare(_ request: SuiteDomainRequest, supervisor: ProcessSupervisor) -> SuiteDomainChoice {
        #if os(Linux)
            guard geteuid() == 0 else {
                return SuiteDomainChoice(
                    domain: nil,
                    reason:
                        "the gate runs as uid \(geteuid()), not root: separating the suites needs root (run the gate with sudo; see docs/proofs.md)"
                )
            }
            let cache = SuiteDomainCache(environment: request.environment, uid: request.uid, gid: request.gid)
            do {
                try cache.prepare()
            } catch {
                return SuiteDomainChoice(domain: nil, reason: error.description)
            }
            let layout = SuiteDomainLayout(
                uid: request.uid, gid: request.gid, readOnly: request.readOnly, hidden: request.hidden,
                writable: [cache.home, cache.temporary], home: cache.home, temporary: cache.temporary)
            let treePath = request.readOnly.first ?? request.directory
            guard let tree = RealPath.of(treePath) else {
                return SuiteDomainChoice(domain: nil, reason: "the repository \(treePath) cannot be resolved", blocking: true)
            }
            var refusal: String?
            for mode in [SuiteDomainMode.namespaces, .user] {
                let domain = SuiteDomain(
                    mode: mode, layout: layout, launcher: request.launcher, image: request.image, cache: cache, tree: tree)
                switch probe(domain, directory: request.directory, supervisor: supervisor) {
                case .entered:
                    return SuiteDomainChoice(
                        domain: domain,
                        reason: refusal.map {
                            "the kernel refused new namespaces (\($0)): the suites share the gate's process and mount namespaces"
                        })
                case .noNamespaces(let line):
                    refusal = line
                case .unreachable(let reason):
                    return SuiteDomainChoice(domain: nil, reason: reason)
                case .failed(let reason):
                    return SuiteDomainChoice(domain: nil, reason: reason, blocking: true)
                }
            }
            return SuiteDomainChoice(domain: nil, reason: "the suites' user could not be entered: \(refusal ?? "no reason given")")
        #else
            guard DarwinFacts.isCurrent else {
                return SuiteDomainChoice(domain: nil, reason: "suites are separated on Linux and macOS only (see docs/proofs.md)")
            }
            return prepareSandbox(request) { (command, directory) throws(DarwinSuiteDomainError) in
                try DarwinSuiteDomain.run(command, supervisor: supervisor, workingDirectory: directory)
            }
        #endif
    }

    /// What a probe found.
    enum Probe: Equatable {
        /// The domain was set up and entered.
        case entered
        /// The kernel refused new namespaces: the machine's doing.
        case noNamespaces(String)
        /// The suites' user cannot enter the tree or write its home: the machine's doing.
        case unreachable(String)
        /// Anything else, which the repository may have caused.
        case failed(String)
    }

    /// Sets up `domain` for a suite in `directory`, runs nothing, and reads how it went.
    static func probe(_ domain: SuiteDomain, directory: String, supervisor: ProcessSupervisor) -> Probe {
        let command = SuiteDomainCommand(
            mode: domain.mode, layout: domain.layout, probe: true, network: domain.network, workingDirectory: directory,
            executable: domain.layout.home, arguments: [])
        var spec = ProcessSpec(arguments: [domain.launcher] + command.commandLine, environment: [:], stdout: .collect(), stderr: .collect())
        spec.executable = domain.image
        let result: ProcessResult
        do {
            result = try supervisor.run(spec, timeout: .seconds(20))
        } catch {
            return .failed("the suites' domain could not be tried: \(error.description)")
        }
        let line =
            String(decoding: result.stderr.prefix(400), as: UTF8.self).split(separator: "\n").first.map {
                String($0.replacingOccurrences(of: "acceptance-gate: suite domain: ", with: ""))
            } ?? "exit status \(result.status.description)"
        switch result.status {
        case .exited(code: 0): return .entered
        case .exited(code: 124): return .noNamespaces(line)
        case .exited(code: 122):
            return .unreachable(
                "\(line): " + SuiteDomainError.userUnmapped(uid: domain.layout.uid).description)
        case .exited(code: 123) where !result.stderr.isEmpty:
            return .unreachable("\(line): make it and the folders above it passable for uid \(domain.layout.uid) (chmod o+x)")
        case .exited(code: 123):
            return .unreachable(
                "the suites' user (uid \(domain.layout.uid)) cannot enter \(directory): make it and the folders above it readable by others (chmod o+rx), or check it out where they are"
            )
        default: return .failed("the suites' domain could not be set up: \(line)")
        }
    }
}
