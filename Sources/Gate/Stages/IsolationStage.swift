//===----------------------------------------------------------------------===//
// IsolationStage.swift: prepare the domain the suites run in, before any code of the change runs.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GatePublishing
import GateReport
import SuiteDomain

/// Prepares the suites' domain (``SuiteDomainSetup``) before any code of the change runs: the
/// tree and the gate's executable read-only, the out folder, the captures and a key file hidden.
/// Its record goes in the report whatever it found (`none` with the reason, too).
enum IsolationStage {
    /// The domain and its record.
    struct Prepared: Sendable {
        /// The domain every xctest and command suite starts in; `nil` when they run as the gate's user.
        var domain: SuiteDomain?
        /// What the report records.
        var record: ReportIsolation
    }

    /// Prepares the domain, as `context`'s plan asks (``RunPlan/isolation``), for a run whose
    /// captures live in `captures`, tree at `tree`.
    static func run(captures: String, tree: String, context: RunContext) -> StageResult<Prepared> {
        let setting = context.plan.isolation
        let choice: SuiteDomainChoice
        if setting == .off {
            choice = SuiteDomainChoice(domain: nil, reason: "turned off with --isolation off")
        } else {
            var hidden = [context.folder.path, captures]
            if let key = context.configuration.signing.keyFile, Self.isFile(key) { hidden.append(key) }
            // Each path resolved here, as root, never by the mount that hides it: a link the
            // repository committed (`gate.key -> /nowhere`) hides what it names, or nothing.
            hidden = hidden.compactMap(RealPath.of)
            let environment = context.environment
            let request = SuiteDomainRequest(
                launcher: environment.gateExecutable, image: environment.gateImage,
                readOnly: [tree] + (environment.gateExecutable.hasPrefix("/") ? [environment.gateExecutable] : []), hidden: hidden,
                directory: context.plan.loaded.root, environment: environment.variables)
            choice = SuiteDomainSetup.prepare(request, supervisor: environment.supervisor)
        }
        let record = Self.record(choice, root: tree)
        let prepared = Prepared(domain: choice.domain, record: record)
        var detail = String(record.summary.dropFirst("isolation: ".count))
        // macOS: what an earlier run's suites left running as the account goes before this run's start.
        let supervisor = context.environment.supervisor
        if let left = choice.domain?.sweepAccount(supervisor: supervisor, grace: RunContext.escapedGrace), !left.found.isEmpty {
            detail += "; stopped \(left.found.count) process(es) an earlier run's suites left"
        }
        guard choice.domain == nil, setting == .required || choice.blocking else { return StageResult(prepared, detail: detail) }
        let asked =
            choice.blocking
            ? "and only the machine, never the repository, may lower the separation" : "and --isolation required asks for it"
        return StageResult(
            prepared, detail: detail,
            problems: [
                ReportProblem(
                    .isolationUnavailable, subject: .stage("isolation"),
                    "the suites could not be separated from the gate (\(choice.reason ?? "no reason given")), \(asked)"
                )
            ])
    }

    /// Whether `path` is a regular file (after links): a key is one; a folder named as the key is not hidden.
    static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The report's record of `choice`; paths inside `root` relative to it.
    static func record(_ choice: SuiteDomainChoice, root: String) -> ReportIsolation {
        guard let domain = choice.domain else { return ReportIsolation(mechanism: .none, reason: choice.reason) }
        let layout = domain.layout
        let protected = (layout.readOnly + layout.hidden).map { path in
            path == root ? "." : path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }
        switch domain.mode {
        case .namespaces:
            return ReportIsolation(
                mechanism: .namespaces, uid: Int(layout.uid), gid: Int(layout.gid),
                namespaces: ["ipc", "mount", "net", "pid", "uts"], network: domain.network.rawValue, protectedPaths: protected,
                reason: choice.reason)
        case .user:
            return ReportIsolation(mechanism: .user, uid: Int(layout.uid), gid: Int(layout.gid), reason: choice.reason)
        case .sandbox:
            return ReportIsolation(
                mechanism: .sandbox, uid: Int(layout.uid), gid: Int(layout.gid), network: domain.darwin?.network.rawValue ?? "host",
                protectedPaths: protected, reason: choice.reason)
        }
    }
}
