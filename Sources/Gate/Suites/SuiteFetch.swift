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
/// host's network, bounded by the suite's timeout, its output in the suite's log. The
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

    /// Runs the fetch `input`'s suite needs in `directory` (its working directory), its output
    /// through `lines` into `log`; `nil` when it needs none (not an xctest suite run by SwiftPM
    /// or `xcodebuild`, not separated, a `host` network, no remote dependency).
    static func run(
        _ input: SuiteInput, directory: String, log: LogFile, lines: @escaping @Sendable ([UInt8]) -> Void, context: RunContext
    ) -> Outcome? {
        let plan = input.plan
        guard plan.kind == .xctest, let domain = input.domain, domain.network == .loopback, let command = SuiteFetchCommand(plan.arguments)
        else { return nil }
        let supervisor = context.environment.supervisor
        guard let remote = remoteDependencies(command, directory: directory, input: input, supervisor: supervisor, log: log),
            !remote.isEmpty
        else { return nil }
        let shown = remote.prefix(3).joined(separator: ", ") + (remote.count > 3 ? ", …" : "")
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

    /// The remote dependencies the suite's package declares: the first of its `Package.resolved`
    /// files that exists, read (`nil` when unreadable: SwiftPM decides, so the fetch runs); or,
    /// for SwiftPM without one, its manifest read as the suite runs (``SwiftPackageReader``).
    private static func remoteDependencies(
        _ command: SuiteFetchCommand, directory: String, input: SuiteInput, supervisor: ProcessSupervisor, log: LogFile
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
            log.writeLine("[acceptance-gate] no dependency fetch: the package's manifest was not read: \(error.description)")
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
