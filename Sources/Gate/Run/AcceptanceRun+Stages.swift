//===----------------------------------------------------------------------===//
// AcceptanceRun+Stages.swift: the stages between the stamp and the report.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GateProcess
import GatePublishing
import GateReport
import GateSigning
import SuiteDomain

extension AcceptanceRun {
    /// Prints the run's first lines: in GitHub Actions, workflow commands go off until the gate's
    /// own annotations (nothing the children print may act as one); then what runs, and a warning
    /// when the change rewrites the policy it is judged by.
    /// - Returns: the token that turns workflow commands back on.
    func announceStart() -> String {
        let stopToken = GitHubActions.randomToken()
        if GitHubActions.isActive(environment: context.environment.variables) {
            context.progress.annotation("::stop-commands::\(stopToken)")
        }
        let configuration = context.configuration
        context.progress.line(
            "acceptance-gate \(context.environment.gateVersion): \(configuration.suites.count) suite(s) from "
                + "\(context.plan.loaded.source), report in \(configuration.report.dir)")
        let base = context.plan.configBase
        let policy = ReportConfig(path: context.plan.loaded.name, sha256: "", base: base?.base, changedFromBase: base?.changed)
        if let warning = policy.changeWarning {
            context.progress.note("warning: " + warning, important: true)
        }
        return stopToken
    }

    /// A key in the CI job that runs the code under test could be read by it: said before the suites.
    func warnIfTheKeySharesTheJob(_ key: SigningKey?) {
        guard key != nil, CIJob.isCI(environment: context.environment.variables) else { return }
        context.progress.note(
            "the signing key is in the CI job that runs the code under test, which could read it: run without a key "
                + "here and sign in a separate job with 'acceptance-gate sign' (see docs/signing.md)",
            important: true)
    }

    /// Starts the fixture, when the configuration has one and the earlier stages allow it.
    func startFixture(_ captures: RunCaptures, domain: SuiteDomain?, canRun: Bool, _ log: inout StageLog) -> RunningFixture? {
        guard canRun, !context.interrupted, let fixture = context.configuration.fixture, let capture = captures.fixtureLog else {
            return nil
        }
        return perform("fixture", &log) {
            FixtureStage.start(
                fixture, capture: capture, ledger: captures.fixtureLedger, domain: domain?.forSuite(network: .host), context: context)
        }
    }

    /// Runs every suite in order (each skipped when an earlier stage failed, the fixture is missing,
    /// or the run was interrupted), sweeping up what escaped each; with a domain, each suite's
    /// network and the attempts out it made.
    func runSuites(
        _ captures: RunCaptures, fixture: RunningFixture?, domain: SuiteDomain?, canRun: Bool, _ log: inout StageLog
    ) -> (suites: [ReportSuite], frames: ReportFrames?, networks: [ReportSuiteNetwork]) {
        var suites: [ReportSuite] = []
        var frames: ReportFrames?
        var networks: [ReportSuiteNetwork] = []
        // The fixture stays on the host's loopback: its ports are relayed into each suite's own.
        let forwarded = (fixture?.ports.map { [$0.origin, $0.foreign] } ?? []) + (fixture?.configuration.ready?.tcp ?? []).map(\.port)
        for (suite, captured) in zip(context.configuration.suites, captures.suites) {
            guard canRun, context.configuration.fixture == nil || fixture != nil, !context.interrupted else {
                skip("suite \(suite.name)", because: context.interrupted ? "interrupted" : "an earlier stage failed", &log)
                continue
            }
            let ledger = domain?.egressLedgerPath(for: suite.name)
            if let ledger { unlink(ledger) }
            let domain = domain?.forSuite(network: suite.hostNetwork ? .host : .loopback, forwarding: forwarded, egressLedger: ledger)
            let run = perform("suite \(suite.name)", &log) {
                let input = SuiteInput(
                    suite, captures: captured, fixture: fixture, testsFile: captures.testsFile, domain: domain, context: context)
                var result = SuiteStage.run(input, context: context)
                let escaped = sweep(after: .suite(suite.name), domain: domain)
                result.append(escaped)
                // The suite's record says so too: its stray is why the run is rejected.
                if !escaped.isEmpty && result.value.suite.status == .passed && !context.interrupted {
                    result.value.suite.status = .failed
                    result.value.suite.reasons += escaped.map(\.claim)
                }
                return result
            }
            suites.append(run.suite)
            frames = run.frames ?? frames
            if let domain, let ledger, suite.kind != .frames || suite.decoder != .builtin {
                var network = egress(of: suite.name, network: domain.network, ledger: ledger)
                // macOS's profile refuses attempts out without a record: none is not "nothing tried".
                if domain.mode == .sandbox && domain.network == .loopback {
                    network.egressUnread = "not recorded: macOS's sandbox refuses attempts out without a record of them"
                }
                network.fetch = run.fetch
                networks.append(network)
            }
        }
        return (suites, frames, networks)
    }

    /// What the suite named `name` tried to reach beyond its loopback, read from its ledger (then
    /// removed), and said on the console when it tried anything.
    private func egress(of name: String, network: SuiteDomainNetwork, ledger path: String) -> ReportSuiteNetwork {
        var record = ReportSuiteNetwork(suite: name, network: network.rawValue)
        defer { unlink(path) }
        do {
            let ledger = try SuiteEgressLedger.read(path)
            record.egress = ledger.attempts.map { ReportEgress(protocol: $0.protocol, destination: $0.destination, count: $0.count) }
            record.egressMore = ledger.more > 0 ? ledger.more : nil
        } catch {
            record.egressUnread = error.description
            context.progress.note("suite '\(name)': " + error.description, important: true)
        }
        if record.attempts > 0 {
            let shown = record.egress.prefix(5).map { "\($0.protocol) \($0.destination) ×\($0.count)" }.joined(separator: ", ")
            context.progress.note(
                "suite '\(name)': \(record.attempts) attempt(s) out of its loopback network refused (\(shown)\(record.egress.count > 5 ? ", …" : ""))",
                important: true)
        }
        return record
    }

    /// With a shard plan, whether the suites ran exactly the shard's tests (``ShardPlanCheck``), as
    /// the `plan` stage, and the report's record of the plan; `nil` without one.
    func checkShardPlan(_ suites: [ReportSuite], _ log: inout StageLog) -> ReportPlan? {
        guard let assignment = context.plan.shardAssignment else { return nil }
        // No suite ran (an earlier stage failed): that stage's problem says why.
        guard suites.contains(where: { $0.kind == .xctest }) else { return assignment.record() }
        return perform("plan", &log) { ShardPlanCheck.check(assignment, suites: suites, interrupted: context.interrupted) }
    }

    /// Stops the fixture, proves it gone, and sweeps up what escaped it.
    func stopFixture(_ fixture: RunningFixture, domain: SuiteDomain?) -> StageResult<ReportFixture> {
        var result = FixtureStage.stop(fixture, context: context)
        result.append(sweep(after: .fixture, owner: "the fixture", domain: domain))
        return result
    }

    /// The descendants that escaped the stage that just ended (left its process group with
    /// `setsid`, double-forked): named, stopped, and a problem of the change. The fixture, still
    /// supervised while the suites run, is spared.
    private func sweep(after subject: ReportSubject, owner: String? = nil, domain: SuiteDomain?) -> [ReportProblem] {
        let grace = context.sweepGrace
        var outcome = context.environment.supervisor.sweep(grace: grace)
        // Without a subreaper (macOS), what left the suite's group is found as its account's.
        if let swept = domain?.sweepAccount(supervisor: context.environment.supervisor, grace: grace) {
            outcome.found += swept.found
            outcome.killed += swept.killed
        }
        guard !outcome.found.isEmpty else { return [] }
        return [StrayProcesses.problem(.escaped, found: outcome.found, killed: outcome.killed.count, subject: subject, owner: owner)]
    }

    /// The problem of a CI channel file written during the suites (``CIChannels/restore()``).
    static func channelProblems(written: [String]) -> [ReportProblem] {
        guard !written.isEmpty else { return [] }
        return [
            ReportProblem(
                .ciChannelWritten, subject: .run,
                "something the change runs wrote to the CI runner's \(written.joined(separator: ", ")) (which no child is "
                    + "given): later steps would have read it, so it was put back as it was before the suites")
        ]
    }

    /// Who wrote each file the scan reads, by the path the report names it with.
    static func owners(of configuration: GateConfiguration, foreign: [OutFolder.ForeignFile]) -> [String: String] {
        var owners = Dictionary(uniqueKeysWithValues: configuration.suites.map { (RunContext.logName($0.name), "suite '\($0.name)'") })
        owners[RunContext.logName("fixture")] = "the fixture"
        for suite in configuration.suites where suite.kind == .xctest {
            owners[ReportSuite.fetchLogPath(of: suite.name)] = "suite '\(suite.name)' (dependency fetch)"
            for attempt in 0..<suite.retryFailedTests {
                owners[ReportSuite.attemptLogPath(of: suite.name, attempt: attempt + 1)] = "suite '\(suite.name)' (retry \(attempt + 1))"
            }
        }
        for file in foreign { owners[file.display] = "something the run started" }
        return owners
    }

    /// Scans every capture, the files in the out folder the gate did not write (a secret there is
    /// a leak like any other: CI uploads the folder), and `scan.paths`.
    func scan(_ captures: RunCaptures, foreign: [OutFolder.ForeignFile], owners: [String: String]) -> StageResult<ScanStage.Scanned> {
        let folder = context.folder
        let environment = context.environment
        return ScanStage.run(
            logs: captures.folder.files().map(ScanSource.capture)
                + foreign.filter(\.plain).map { ScanSource.path($0.path, display: $0.display, within: folder.path) },
            extraPaths: context.configuration.scan.paths, owners: owners, scanner: context.redactor.scanner,
            interrupted: { environment.interruption })
    }
}
