//===----------------------------------------------------------------------===//
// AcceptanceRun.swift: the pipeline of `acceptance-gate run`, as the list of its stages.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateProcess
import GateReport
import GateSigning
import TokenScan

/// One run of the gate: stamp → key → fixture → suites → stop and exit proof → scan → report →
/// verdict (design.md, "Stages"). Each stage returns its section of the report and the problems it
/// found (``StageResult``); the verdict and exit code are decided once, from all problems
/// (``ReportDecision``); the report is redacted once and rendered once (``ReportPublisher``).
package struct AcceptanceRun {
    /// What to do.
    package let plan: RunPlan
    /// What the run takes from the process around it.
    package let environment: RunEnvironment

    private let redactor: ReportRedactor
    private let folder: OutFolder
    /// The environment every child gets: the gate's own without the signing key's (and the
    /// fingerprint key's) variable and without any other variable holding key material
    /// (``SecretVariables``), so the code under test can never sign a forged report with it.
    private let children: RunEnvironment

    /// Prepares a run.
    package init(plan: RunPlan, environment: RunEnvironment) {
        self.plan = plan
        self.environment = environment
        let keyText = environment.variables[plan.keyEnvironmentVariable].map { [$0] } ?? []
        self.redactor = ReportRedactor(
            scanner: TokenScanner(
                configuration: ScanConfiguration(allow: plan.scanAllow, fingerprintKey: plan.fingerprintKey, scansBinaryContent: true)),
            keyMaterial: KeyMaterial(keyText))
        self.folder = OutFolder(plan.outDirectory)
        var children = environment
        for name in SecretVariables.names(plan: plan, environment: environment.variables) { children.variables[name] = nil }
        for name in CIChannels.variables { children.variables[name] = nil }
        self.children = children
    }

    private var progress: ProgressReporter { environment.progress }
    private var interrupted: Bool { environment.supervisor.interruption != nil }

    /// Runs every stage and writes the report.
    /// - Returns: the report as written, the exit code and the files written.
    /// - Throws: ``GateRunError/outDirectoryUnwritable(path:reason:)`` when not even the report can
    ///   be written (nothing else stops a run from reporting).
    package func execute() throws(GateRunError) -> RunOutcome {
        let startedAt = ReportTimestamp.string(secondsSince1970: environment.wallClock())
        try folder.refuseForeign()
        let lock = try folder.lock()
        defer { close(lock) }
        try folder.prepare()
        // Every capture is made now, before any code of the change runs, in a fresh folder: a
        // FIFO or a link planted for a later suite's log is impossible, not just refused.
        let capture = try CaptureFolder()
        let fixtureLog = try plan.fixture.map { _ throws(GateRunError) in try capture.create("fixture.log") }
        let fixtureLedger = try plan.fixture.map { _ throws(GateRunError) in try capture.create("fixture-ledger.json") }
        var suiteCaptures: [(log: CaptureFile, xcresult: CaptureFile?)] = []
        for suite in plan.suites {
            let xcresult = try suite.xcresult.map { _ throws(GateRunError) in try capture.create("\(suite.name).xcresult.json") }
            suiteCaptures.append((try capture.create("\(suite.name).log"), xcresult))
        }
        let stopToken = GitHubActions.randomToken()
        // In GitHub Actions nothing the children print may act as a workflow command: commands
        // stay off until the gate's own annotations.
        if GitHubActions.isActive(environment: environment.variables) {
            progress.annotation("::stop-commands::\(stopToken)")
        }
        progress.line(
            "acceptance-gate \(environment.gateVersion): \(plan.suites.count) suite(s) from \(plan.configSource), report in \(plan.outDirectory)"
        )

        // At the top, before any suite's output: a change that rewrites the policy it is judged by.
        let policy = ReportConfig(
            path: configurationName, sha256: "", base: plan.configBase?.base, changedFromBase: plan.configBase?.changed)
        if let warning = policy.changeWarning {
            progress.note("warning: " + warning, important: true)
        }
        var log = StageLog()
        let stamps = perform("stamp", &log) { StampStage.run(plan, environment: children) }
        let key = perform("key", &log) { KeyStage.run(plan, environment: environment) }
        let job = CIJob.identifier(environment: environment.variables)
        let keySharedJob = key != nil && CIJob.isCI(environment: environment.variables)
        if keySharedJob {
            progress.note(
                "the signing key is in the CI job that runs the code under test, which could read it: run without a key "
                    + "here and sign in a separate job with 'acceptance-gate sign' (see docs/signing.md)",
                important: true)
        }
        let canRun = log.problems.isEmpty
        let channels = CIChannels(environment: environment.variables)
        var fixture: RunningFixture?
        if canRun, !interrupted, let fixturePlan = plan.fixture, let fixtureLog {
            fixture = perform("fixture", &log) {
                FixtureStage.start(
                    fixturePlan, capture: fixtureLog, ledger: fixtureLedger,
                    workingDirectory: plan.repositoryDirectory, environment: children)
            }
        }
        var suites: [ReportSuite] = []
        var frames: ReportFrames?
        for (suite, captures) in zip(plan.suites, suiteCaptures) {
            guard canRun, plan.fixture == nil || fixture != nil, !interrupted else {
                skip("suite \(suite.name)", because: interrupted ? "interrupted" : "an earlier stage failed", &log)
                continue
            }
            let run = perform("suite \(suite.name)", &log) {
                var result = runSuite(suite, fixture: fixture, captures: captures)
                result.problems += sweep(after: "suite '\(suite.name)'", subject: .suite(suite.name))
                return result
            }
            suites.append(run.suite)
            frames = run.frames ?? frames
        }
        var fixtureReport: ReportFixture?
        if let fixture, let fixturePlan = plan.fixture {
            fixtureReport = perform("fixture stop", &log) {
                var result = FixtureStage.stop(fixture, plan: fixturePlan, environment: children)
                result.problems += sweep(after: "the fixture", subject: .fixture)
                return result
            }
        }
        let written = channels.restore()
        if !written.isEmpty {
            log.add([
                ReportProblem(
                    .ciChannelWritten, subject: .run,
                    "something the change runs wrote to the CI runner's \(written.joined(separator: ", ")) (which no child is "
                        + "given): later steps would have read it, so it was put back as it was before the suites")
            ])
        }
        // Before the scan, so the paths are known before anything is published.
        var commit = stamps.commit
        if let snapshot = stamps.snapshot, !suites.isEmpty {
            commit = perform("tree", &log) { StampStage.recheck(snapshot, environment: children) }
        }
        var owners = Dictionary(uniqueKeysWithValues: plan.suites.map { ("logs/\($0.name).log", "suite '\($0.name)'") })
        owners["logs/fixture.log"] = "the fixture"
        let captured = capture.files()
        // Scanned with the logs (a secret there is a leak like any other), then removed: CI
        // uploads the out folder, and the report lists what it holds.
        let foreign = folder.foreignFiles()
        for file in foreign { owners[file.display] = "something the run started" }
        let supervisor = environment.supervisor
        let scanned = perform("scan", &log) {
            ScanStage.run(
                logs: captured.map(ScanSource.capture)
                    + foreign.filter(\.plain).map { ScanSource.path($0.path, display: $0.display, within: folder.path) },
                extraPaths: plan.scanPaths,
                owners: owners, scanner: redactor.scanner,
                interrupted: { supervisor.interruption })
        }
        if let first = foreign.first {
            folder.removeForeign(foreign)
            log.add([
                ReportProblem(
                    .foreignOutput, subject: .file(first.display),
                    "\(foreign.count) file(s) the gate did not write were in its out folder, first \(first.display): the "
                        + "folder CI uploads holds only the report, so they were scanned and removed (keep other files elsewhere)")
            ])
        }
        var scan = scanned.report
        // Only redacted copies reach the out folder, which CI uploads; whatever else appeared in
        // its logs/ (a link a suite planted there) goes first. A log the scan did not finish (it
        // was interrupted) has no findings to redact with, so it is not archived at all.
        folder.clearLogs()
        let archiving = key.map { redactor.adding(keyMaterial: $0.secretEncodings) } ?? redactor
        for captureFile in captured {
            let file = ScanSource.capture(captureFile)
            guard let findings = scanned.byFile[file.display] else { continue }
            let archived = try LogArchive.archive(
                captureFile.contents(limit: LogArchive.redactionLimit), to: folder.path + file.display, findings: findings,
                redactor: archiving, displayPath: file.display)
            let owner = owners[file.display].map { " (written by \($0))" } ?? ""
            if !archived.archived {
                log.add([
                    ReportProblem(
                        .incompleteLog, subject: .file(file.display),
                        "\(file.display)\(owner) was scanned but cannot be archived (over "
                            + "\(LogArchive.redactionLimit >> 30) GiB, or no longer a plain file), so the report's evidence "
                            + "is incomplete")
                ])
            }
            if let first = archived.lateFindings.first {
                scan.findings += archived.lateFindings.map(ScanStage.reportFinding)
                log.add([
                    ReportProblem(
                        .leak, subject: .file(file.display, line: first.line),
                        "\(archived.lateFindings.count) token-like string(s) were written into \(file.display)\(owner) after it was "
                            + "scanned, first at line \(first.line) (rule \(first.rule.rawValue)); something still running wrote "
                            + "them, and the archived copy is redacted")
                ])
            }
            if let line = archived.keyLines.first {
                log.add([
                    ReportProblem(
                        .leak, subject: .file(file.display, line: line),
                        "part of the signing key was printed into \(file.display)\(owner), first at line \(line); "
                            + "it is redacted in the archived copy, and the key should be replaced")
                ])
            }
        }
        let logs = folder.archivedLogs()
        let renderer = loadRenderer(&log)
        if let signal = environment.supervisor.interruption {
            log.add([Self.interruption(by: signal)])
        }

        let formats = Self.formats(plan.formats)
        var report = GateReport(
            gateVersion: environment.gateVersion, verdict: .rejected, shard: plan.shard, startedAt: startedAt, commit: commit,
            toolchain: stamps.toolchain,
            config: ReportConfig(
                path: plan.configSource, sha256: SHA256.hash(plan.configBytes).hex,
                json: plan.configBytes.isEmpty ? nil : String(decoding: plan.configBytes, as: UTF8.self), base: plan.configBase?.base,
                changedFromBase: plan.configBase?.changed),
            fixture: fixtureReport, suites: suites, frames: frames, scan: scan, logs: logs,
            stages: log.stages + Self.plannedStages(formats: formats, key: key),
            signature: key.map {
                ReportSignature(
                    signed: true, keyid: $0.publicKey.keyID, envelope: "report.dsse.json", method: ReportSignature.runMethod,
                    testJob: job, signingJob: job, keySharedJob: keySharedJob)
            } ?? ReportSignature(signed: false, testJob: job))
        report.finishedAt = ReportTimestamp.string(secondsSince1970: environment.wallClock())
        let publisher = ReportPublisher(
            formats: formats, renderer: renderer, redactor: archiving, key: key, configurationName: configurationName,
            interruption: { supervisor.interruption })
        let published = try publisher.publish(report, problems: log.problems, into: folder)
        progress.stage(
            "render", passed: !published.renderInterrupted, seconds: published.renderSeconds,
            detail: published.files.filter { $0 != "report.dsse.json" }.joined(separator: ", "))
        if let key {
            progress.stage(
                "sign", passed: true, seconds: published.signSeconds, detail: "report.dsse.json, keyid \(key.publicKey.keyID.prefix(16))…")
        } else {
            progress.stage("sign", passed: nil, seconds: 0, detail: "skipped: no signing key (see 'acceptance-gate keygen')")
        }
        // After a signal mid-render, the job summary (another render) would outlast the 5 seconds.
        announce(published.report, renderer: renderer, stopToken: stopToken, summary: !published.renderInterrupted)
        return RunOutcome(report: published.report, exitCode: Int32(published.report.exitCode ?? 3), files: published.files)
    }

    // MARK: - Stages

    /// Runs one suite with the fixture's URLs in its environment.
    private func runSuite(
        _ suite: SuitePlan, fixture: RunningFixture?, captures: (log: CaptureFile, xcresult: CaptureFile?)
    ) -> StageResult<FrameSuiteRun> {
        let logName = "logs/\(suite.name).log"
        switch suite.kind {
        case .frames(let decoder, let limit):
            return FrameSuiteStage.run(
                suite, decoder: decoder, limit: limit, capture: captures.log, relativeLog: logName, environment: children)
        case .xctest, .command:
            var variables = children.variables
            variables.merge(plan.fixture?.environment ?? [:]) { _, new in new }
            variables.merge(fixture?.suiteEnvironment ?? [:]) { _, new in new }
            variables.merge(suite.environment) { _, new in new }
            let redactor = self.redactor
            let result = SuiteStage.run(
                suite, capture: captures.log, relativeLog: logName, variables: variables,
                workingDirectory: plan.repositoryDirectory, environment: children, xcresultArchive: captures.xcresult,
                redact: { redactor.text($0) })
            return result.map { FrameSuiteRun(suite: $0) }
        }
    }

    /// The descendants that escaped the stage that just ended (left its process group with
    /// `setsid`, double-forked): named, stopped, and a problem of the change. The fixture, still
    /// supervised while the suites run, is spared.
    private func sweep(after owner: String, subject: ReportSubject) -> [ReportProblem] {
        // Interrupted, everything is being stopped anyway: no grace, so the 5 seconds hold.
        let outcome = environment.supervisor.sweep(grace: interrupted ? .zero : .seconds(2))
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

    /// The renderer with the configured templates; unusable templates are a problem, and the
    /// built-in ones are used.
    private func loadRenderer(_ log: inout StageLog) -> ReportRenderer {
        guard let directory = plan.templatesDirectory else { return ReportRenderer() }
        do {
            return ReportRenderer(templates: try ReportTemplates.load(from: directory))
        } catch {
            log.add([
                ReportProblem(
                    .templatesUnusable, subject: .stage("render"),
                    "the report templates in '\(directory)' cannot be used: \(error.description)")
            ])
            return ReportRenderer()
        }
    }

    /// GitHub Actions annotations and job summary, then the verdict as the last line.
    private func announce(_ report: GateReport, renderer: ReportRenderer, stopToken: String, summary: Bool) {
        if GitHubActions.isActive(environment: environment.variables) {
            progress.annotation("::\(stopToken)::")
            for annotation in GitHubActions.annotations(for: report, repositoryRoot: report.commit?.workTree ?? plan.repositoryDirectory) {
                progress.annotation(annotation)
            }
            if summary {
                let markdown = GitHubActions.jobSummary(
                    renderer.markdown(report), reportFolder: plan.outDirectory, environment: environment.variables)
                _ = try? GitHubActions.appendSummary(markdown, environment: environment.variables)
            }
        }
        // The further reasons first, so the verdict is the last line (CI shows the tail).
        if report.verdict != .accepted {
            for reason in report.reasons.dropFirst().prefix(9) {
                progress.note(reason, important: true)
            }
        }
        progress.verdict(Self.verdictLine(report, outDirectory: plan.outDirectory), accepted: report.verdict == .accepted)
    }

    /// The last line a run prints (and the only one with `--quiet`): the verdict, the most specific
    /// problem first (``ReportDecision/ordered(_:)``), the counts, and where the report is.
    static func verdictLine(_ report: GateReport, outDirectory: String) -> String {
        let tests = report.suites.reduce(0) { $0 + $1.tests.count }
        guard report.verdict != .accepted else {
            let commit = report.commit.map { " at \($0.id.prefix(12))" } ?? ""
            return "accepted: \(report.suites.count) suite(s), \(tests) test(s)\(commit); report in \(outDirectory)"
        }
        let failed = report.suites.reduce(0) { $0 + $1.tests.filter { $0.status == .failed }.count }
        var counts: [String] = []
        if failed > 0 { counts.append("\(failed) of \(tests) test(s) failed") }
        counts.append("\(report.problems.count) problem(s)")
        return "\(report.verdict.rawValue): \(report.reasons.first ?? "see the report") (\(counts.joined(separator: ", "))); "
            + "report in \(outDirectory)"
    }

    // MARK: - Stage bookkeeping

    /// Runs one stage, records it in `log` and prints its progress line (redacted).
    private func perform<Value>(_ name: String, _ log: inout StageLog, _ body: () -> StageResult<Value>) -> Value {
        let started = ContinuousClock.now
        let result = body()
        let seconds = (.now - started).inSeconds
        log.record(name, result, seconds: seconds)
        // A stage a signal cut short was interrupted, not failed: '-', like a skipped one.
        let passed: Bool? = result.status == .aborted ? nil : result.status == .passed
        progress.stage(name, passed: passed, seconds: seconds, detail: redactor.text(result.detail))
        for line in result.notes {
            progress.note(redactor.text(line), important: true)
        }
        for problem in result.problems where problem.code == .fixtureExitUnproven || problem.code == .fixtureIgnoredSIGTERM {
            progress.note(redactor.text(problem.sentence), important: true)
        }
        return result.value
    }

    private func skip(_ name: String, because reason: String, _ log: inout StageLog) {
        log.skip(name, because: reason, aborted: interrupted)
        progress.stage(name, passed: nil, seconds: 0, detail: "skipped: \(reason)")
    }

    /// The render and sign stages as the report records them: before they happen, so with their
    /// outcome but without a duration.
    private static func plannedStages(formats: [ReportFormat], key: SigningKey?) -> [ReportStage] {
        let files = ([ReportFormat.json] + formats).map(\.fileName)
        return [
            ReportStage(name: "render", status: .passed, durationSeconds: nil, detail: files.joined(separator: ", ")),
            key.map {
                ReportStage(name: "sign", status: .passed, durationSeconds: nil, detail: "report.dsse.json, keyid \($0.publicKey.keyID)")
            }
                ?? ReportStage(name: "sign", status: .skipped, durationSeconds: nil, detail: "no signing key"),
        ]
    }

    /// The formats besides JSON, each once, in the order configured.
    private static func formats(_ names: [String]) -> [ReportFormat] {
        var formats: [ReportFormat] = []
        for name in names {
            if let format = try? ReportFormat.parse(name), format != .json, !formats.contains(format) {
                formats.append(format)
            }
        }
        return formats
    }

    /// The configuration's path relative to the repository (never the runner's absolute path).
    private var configurationName: String {
        let root = plan.repositoryDirectory.hasSuffix("/") ? plan.repositoryDirectory : plan.repositoryDirectory + "/"
        return plan.configSource.hasPrefix(root) ? String(plan.configSource.dropFirst(root.count)) : plan.configSource
    }

    /// The problem that makes an interrupted run `aborted` (exit 128 + `signal`).
    static func interruption(by signal: Int32) -> ReportProblem {
        let name = ExitStatus.signalName(signal) ?? "signal \(signal)"
        // Ctrl-C is how a person sends SIGINT; CI sends it too, but a person reads this line first.
        let cause = signal == SIGINT ? "Ctrl-C (\(name))" : name
        return ReportProblem(
            .interrupted, subject: .run, "the run was interrupted by \(cause); every child was stopped", signal: Int(signal))
    }
}
