//===----------------------------------------------------------------------===//
// SuiteFetch.swift: a loopback suite's remote dependencies fetched before it, with the host's network.
//===----------------------------------------------------------------------===//

import GateAdoption
import GateCore
import GateProcess
import GatePublishing
import GateReport
import SuiteDomain

/// The fetch phase of a hermetic CI, before an xctest suite that runs with a loopback network:
/// when its package has remote dependencies (a `Package.resolved` with remote pins, or, without
/// one, remote dependencies in its manifest as `dump-package` reads it), ``SuiteFetchCommand``
/// runs first in the suite's domain, with its environment and working directory, but with the
/// host's network, bounded by the suite's timeout, its output in a log of its own
/// (`logs/<suite>.fetch.log`), archived and scanned but never read for test results: what runs
/// with the network cannot speak for the tests. The
/// dependencies then sit in the cache's `.build`, bound over the package's, and the suite runs
/// with loopback only, as before. What this gives up: the manifest (the change's code) runs with
/// the network during the fetch, as it does under `network: "host"`; the tests do not.
enum SuiteFetch {
    /// What the fetch did.
    struct Outcome {
        /// Its record in `isolation.suites[].fetch`.
        var record: ReportSuiteFetch
        /// Why the suite cannot run after it (one line naming the step and what to do); `nil` when it passed.
        var failure: String?
    }

    /// The most bytes of a `Package.resolved` read (a large app's pins take a few hundred KiB).
    static let resolvedLimit = 4 << 20

    /// The fetch's own log, made when first written: only a suite that fetches, or says why not, has one.
    final class FetchLog: @unchecked Sendable {
        private let input: SuiteInput
        private var file: LogFile?
        init(_ input: SuiteInput) { self.input = input }
        /// The log, made on first use; `nil` when it cannot be made (the fetch then does not run).
        func writer() -> LogFile? {
            if file == nil { file = try? input.captures.folder.create(ReportSuite.fetchCaptureName(of: input.plan.name)).writer() }
            return file
        }
        func close() { file?.close() }
    }

    /// Runs the fetch `input`'s suite needs in `directory` (its working directory), its output
    /// through `lines` (the heartbeat and the tail; never the suite's test reading) into the
    /// fetch's own log; `nil` when it needs none (not an xctest suite that starts SwiftPM or
    /// `xcodebuild` itself, a program of the repository's own, not separated, a `host` network,
    /// no remote dependency).
    static func run(
        _ input: SuiteInput, directory: String, lines: @escaping @Sendable ([UInt8]) -> Void, context: RunContext
    ) -> Outcome? {
        let plan = input.plan
        guard plan.kind == .xctest, let domain = input.domain, domain.network == .loopback, let command = SuiteFetchCommand(plan.arguments),
            isToolchains(command, directory: directory, input: input, domain: domain)
        else { return nil }
        let supervisor = context.environment.supervisor
        let fetchLog = FetchLog(input)
        defer { fetchLog.close() }
        guard let remote = remoteDependencies(command, directory: directory, input: input, supervisor: supervisor, log: fetchLog),
            !remote.isEmpty
        else { return nil }
        guard let log = fetchLog.writer() else {
            return Outcome(
                record: ReportSuiteFetch(command: command.arguments, status: .failed, seconds: 0),
                failure: "its dependencies were not fetched: the fetch's log could not be made")
        }
        // Identities are the repository's text: a name that is not one is shown as `?`.
        let shown = remote.prefix(3).map(Self.shownIdentity).joined(separator: ", ") + (remote.count > 3 ? ", …" : "")
        log.writeLine("[acceptance-gate] fetching \(shown) with the host's network: \(command.arguments.joined(separator: " "))")
        context.progress.note("suite '\(plan.name)': fetching its dependencies with the host's network (\(shown))")
        let started = ContinuousClock.now
        let spec = ProcessSpec(
            arguments: command.arguments, environment: input.variables, workingDirectory: directory, stdin: .null,
            stdout: .log(to: log, lines: lines), stderr: .log(to: log, lines: lines))
        let step = "'\(command.arguments.joined(separator: " "))'"
        var status = ReportSuiteFetch.Status.failed
        var failure: String?
        do {
            let ended = try SupervisedSuite.run(spec, plan: plan, domain: domain.forSuite(network: .host), context: context)
            if ended.end.timedOut {
                status = .timedOut
                failure =
                    "its dependencies were not fetched: \(step) ran past the suite's timeout of "
                    + "\(ProgressReporter.seconds(plan.timeout.inSeconds)); raise timeoutSeconds, or check that the dependency URLs answer"
            } else if let exit = ended.end.status, exit.isSuccess, ended.problems.isEmpty {
                status = .passed
                // macOS: a process the fetch left outside its group would keep the fetch's network
                // through the suite; Linux's domain ends with its own namespace.
                if let left = domain.sweepAccount(supervisor: supervisor, grace: RunContext.escapedGrace), !left.found.isEmpty {
                    status = .failed
                    failure =
                        "its dependencies' fetch left \(left.found.count) process(es) running outside its group, which were stopped; "
                        + "the suite does not run after a fetch that could still reach the network"
                }
            } else {
                let how = ended.end.status.map(\.description) ?? "did not exit"
                failure =
                    "its dependencies were not fetched: \(step) \(how) (see its log); "
                    + (command.tool == .swiftPM && !hasResolvedFile(command, directory: directory)
                        ? "commit the package's Package.resolved (the tree is read-only to the suite), and check "
                        : "check ") + "that the dependency URLs are reachable from this machine"
            }
        } catch {
            failure = "its dependencies were not fetched: \(step) could not start: \(error.cause)"
        }
        let seconds = (.now - started).inSeconds
        log.writeLine("[acceptance-gate] fetch \(status.rawValue) after \(ProgressReporter.seconds(seconds))")
        return Outcome(record: ReportSuiteFetch(command: command.arguments, status: status, seconds: seconds), failure: failure)
    }

    /// A package identity as the gate's own log line shows it: SwiftPM's characters, at most 100
    /// of them, else `?` (a `Package.resolved` is the change's file).
    static func shownIdentity(_ identity: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        return !identity.isEmpty && identity.count <= 100 && identity.allSatisfy(allowed.contains) ? identity : "?"
    }

    /// Whether the fetch's program is the toolchain's: resolved on the suite's PATH, outside the
    /// repository and the suites' cache, where the change cannot have put its own `swift`.
    static func isToolchains(_ command: SuiteFetchCommand, directory: String, input: SuiteInput, domain: SuiteDomain) -> Bool {
        guard let program = command.arguments.first,
            let found = try? ExecutableLocator.resolve(program, searchPath: input.variables["PATH"], workingDirectory: directory),
            let path = RealPath.of(found)
        else { return false }
        let inside = [domain.tree, RealPath.of(domain.cache.root) ?? domain.cache.root].contains { root in
            path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
        }
        return !inside
    }

    /// The remote dependencies the suite's package declares: the first of its `Package.resolved`
    /// files that exists, read (`nil` when unreadable: SwiftPM decides, so the fetch runs); or,
    /// for SwiftPM without one, its manifest read as the suite runs (``SwiftPackageReader``).
    private static func remoteDependencies(
        _ command: SuiteFetchCommand, directory: String, input: SuiteInput, supervisor: ProcessSupervisor, log: FetchLog
    ) -> [String]? {
        for file in resolvedPaths(command, directory: directory) {
            let bytes: [UInt8]
            do {
                bytes = try SafeFile.contents(ofFile: file, within: input.domain?.tree, limit: resolvedLimit)
            } catch {
                if case .missing = error { continue }
                return ["(\(file) unreadable)"]
            }
            return SuiteFetchCommand.remotePins(in: bytes) ?? ["(\(file) unreadable)"]
        }
        guard command.tool == .swiftPM, let swift = command.arguments.firstIndex(of: "package").map({ Array(command.arguments[..<$0]) })
        else { return [] }
        let root = command.packagePath.map { $0.hasPrefix("/") ? $0 : directory + "/" + $0 } ?? directory
        do {
            let manifest = try SwiftPackageReader.read(
                directory: root, swiftCommand: swift, timeout: min(.seconds(120), input.plan.timeout), supervisor: supervisor,
                confine: { spec in
                    var spec = spec
                    spec.environment = input.variables
                    return try? spec.confined(to: input.domain, supervisor: supervisor)
                })
            return manifest.remoteDependencies
        } catch {
            log.writer()?.writeLine("[acceptance-gate] no dependency fetch: the package's manifest was not read: \(error.description)")
            return []
        }
    }

    /// The command's `Package.resolved` files as paths.
    private static func resolvedPaths(_ command: SuiteFetchCommand, directory: String) -> [String] {
        command.resolvedFiles.map { $0.hasPrefix("/") ? $0 : directory + "/" + $0 }
    }

    /// Whether one of the command's `Package.resolved` files exists.
    private static func hasResolvedFile(_ command: SuiteFetchCommand, directory: String) -> Bool {
        resolvedPaths(command, directory: directory).contains { access($0, F_OK) == 0 }
    }
}
