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
                fixture, capture: capture, ledger: captures.fixtureLedger, workingDirectory: context.plan.loaded.root,
                environment: context.children, domain: domain)
        }
    }

    /// Runs every suite in order (each skipped when an earlier stage failed, the fixture is missing,
    /// or the run was interrupted), sweeping up what escaped each.
    func runSuites(
        _ captures: RunCaptures, fixture: RunningFixture?, domain: SuiteDomain?, canRun: Bool, _ log: inout StageLog
    ) -> (suites: [ReportSuite], frames: ReportFrames?) {
        var suites: [ReportSuite] = []
        var frames: ReportFrames?
        for (suite, captured) in zip(context.configuration.suites, captures.suites) {
            guard canRun, context.configuration.fixture == nil || fixture != nil, !context.interrupted else {
                skip("suite \(suite.name)", because: context.interrupted ? "interrupted" : "an earlier stage failed", &log)
                continue
            }
            let run = perform("suite \(suite.name)", &log) {
                var result = runSuite(suite, fixture: fixture, domain: domain, captures: captured, testsFile: captures.testsFile)
                let prefix = "suite '\(suite.name)': "
                let escaped = sweep(after: "suite '\(suite.name)'", subject: .suite(suite.name))
                result.append(escaped, prefix: prefix)
                // The suite's record says so too: its stray is why the run is rejected.
                if !escaped.isEmpty && result.value.suite.status == .passed && !context.interrupted {
                    result.value.suite.status = .failed
                    result.value.suite.reasons += escaped.map { String($0.sentence.dropFirst(prefix.count)) }
                }
                return result
            }
            suites.append(run.suite)
            frames = run.frames ?? frames
        }
        return (suites, frames)
    }

    /// Runs one suite with the fixture's URLs in its environment.
    private func runSuite(
        _ suite: ConfigSuite, fixture: RunningFixture?, domain: SuiteDomain?, captures: SuiteCaptures, testsFile: String?
    ) -> StageResult<FrameSuiteRun> {
        guard suite.kind != .frames else {
            let decoder: [String]? =
                switch suite.decoder {
                case .builtin: nil
                case .command(let arguments): arguments
                }
            return FrameSuiteStage.run(
                suite, decoder: decoder, limit: suite.limit, capture: captures.log, relativeLog: RunContext.logName(suite.name),
                environment: context.children, domain: decoder == nil ? nil : domain)
        }
        // A shard of a plan: the suite's runner runs the shard's tests only (its command as the report records it).
        var suite = suite
        if let selection = context.plan.shardAssignment?.selection {
            // The capture folder is hidden from a separated suite: it reads a copy the domain shares.
            var testsFile = testsFile
            if let domain, testsFile != nil { testsFile = domain.share(selection.testsFileBytes, name: "shard-tests") }
            let applied = selection.applied(to: suite.arguments, testsFile: testsFile)
            suite.command = applied.arguments
            suite.environment.merge(applied.environment) { _, new in new }
        }
        var variables = context.children.variables
        variables.merge(context.configuration.fixture?.environment ?? [:]) { _, new in new }
        variables.merge(fixture?.suiteEnvironment ?? [:]) { _, new in new }
        variables.merge(suite.environment) { _, new in new }
        variables[NestedRun.variable] = "1"  // the configuration cannot take it away
        return SuiteStage.run(suite, captures: captures, variables: variables, domain: domain, context: context).map {
            FrameSuiteRun(suite: $0)
        }
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
    func stopFixture(_ fixture: RunningFixture) -> StageResult<ReportFixture> {
        var result = FixtureStage.stop(fixture, environment: context.children)
        result.append(sweep(after: "the fixture", subject: .fixture))
        return result
    }

    /// The descendants that escaped the stage that just ended (left its process group with
    /// `setsid`, double-forked): named, stopped, and a problem of the change. The fixture, still
    /// supervised while the suites run, is spared.
    private func sweep(after owner: String, subject: ReportSubject) -> [ReportProblem] {
        // Interrupted, everything is being stopped anyway: no grace, so the 5 seconds hold.
        let outcome = context.environment.supervisor.sweep(grace: context.interrupted ? .zero : .seconds(2))
        guard !outcome.found.isEmpty else { return [] }
        let names = outcome.found.prefix(5).map(\.description).joined(separator: ", ") + (outcome.found.count > 5 ? ", …" : "")
        let killed = outcome.killed.isEmpty ? "" : " (\(outcome.killed.count) needed SIGKILL)"
        return [
            ReportProblem(
                .strayProcesses, subject: subject,
                "\(owner): \(outcome.found.count) process(es) escaped its process group and were still running: \(names); "
                    + "they were stopped\(killed)")
        ]
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
