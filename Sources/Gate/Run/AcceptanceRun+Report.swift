//===----------------------------------------------------------------------===//
// AcceptanceRun+Report.swift: the report of a run, published, and the verdict printed.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateProcess
import GatePublishing
import GateReport
import GateSigning
import GitStamp

extension AcceptanceRun {
    /// The report from every stage's section; its verdict is settled when it is published.
    func makeReport(
        startedAt: String, stamps: StampStage.Stamps, commit: CommitStamp?, key: SigningKey?, fixture: ReportFixture?,
        suites: [ReportSuite], frames: ReportFrames?, scan: ReportScan, stages: [ReportStage], isolation: ReportIsolation
    ) -> GateReport {
        let loaded = context.plan.loaded
        let job = CIJob.identifier(environment: context.environment.variables)
        let keySharedJob = key != nil && CIJob.isCI(environment: context.environment.variables)
        var report = GateReport(
            gateVersion: context.environment.gateVersion, verdict: .rejected, shard: context.plan.shard, startedAt: startedAt,
            commit: commit, toolchain: stamps.toolchain,
            config: ReportConfig(
                path: loaded.name, sha256: loaded.sha256.hex,
                json: loaded.bytes.isEmpty ? nil : String(decoding: loaded.bytes, as: UTF8.self),
                base: context.plan.configBase?.base, changedFromBase: context.plan.configBase?.changed),
            fixture: fixture, suites: suites, frames: frames, scan: scan, logs: context.folder.archivedLogs(),
            stages: stages + Self.plannedStages(formats: formats, key: key),
            signature: key.map {
                ReportSignature(
                    signed: true, keyid: $0.publicKey.keyID, envelope: "report.dsse.json", method: ReportSignature.runMethod,
                    testJob: job, signingJob: job, keySharedJob: keySharedJob)
            } ?? ReportSignature(signed: false, testJob: job))
        report.finishedAt = ReportTimestamp.string(secondsSince1970: context.environment.wallClock())
        report.isolation = isolation
        return report
    }

    /// Redacts, renders, signs and writes `report` (``ReportPublisher``), prints the render and
    /// sign stages, then the annotations and the verdict.
    func publish(
        _ report: GateReport, problems: [ReportProblem], renderer: ReportRenderer, redactor: ReportRedactor, key: SigningKey?,
        stopToken: String
    ) throws(GateRunError) -> RunOutcome {
        let environment = context.environment
        let publisher = ReportPublisher(
            formats: formats, renderer: renderer, redactor: redactor, key: key, configurationName: context.plan.loaded.name,
            interruption: { environment.interruption })
        let published = try publisher.publish(report, problems: problems, into: context.folder)
        context.progress.stage(
            "render", passed: !published.renderInterrupted, seconds: published.renderSeconds,
            detail: published.files.filter { $0 != "report.dsse.json" }.joined(separator: ", "))
        if let key {
            context.progress.stage(
                "sign", passed: true, seconds: published.signSeconds, detail: "report.dsse.json, keyid \(key.publicKey.keyID.prefix(16))…")
        } else {
            context.progress.stage("sign", passed: nil, seconds: 0, detail: "skipped: no signing key (see 'acceptance-gate keygen')")
        }
        // After a signal mid-render, the job summary (another render) would outlast the 5 seconds.
        announce(published.report, renderer: renderer, stopToken: stopToken, summary: !published.renderInterrupted)
        return RunOutcome(report: published.report, exitCode: Int32(published.report.exitCode ?? 3), files: published.files)
    }

    /// The renderer with the configured templates; unusable templates are a problem, and the
    /// built-in ones are used.
    func loadRenderer(_ log: inout StageLog) -> ReportRenderer {
        guard let directory = context.configuration.report.templates else { return ReportRenderer() }
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
        let variables = context.environment.variables
        let outDirectory = context.configuration.report.dir
        if GitHubActions.isActive(environment: variables) {
            context.progress.annotation("::\(stopToken)::")
            let root = report.commit?.workTree ?? context.plan.loaded.root
            for annotation in GitHubActions.annotations(for: report, repositoryRoot: root) {
                context.progress.annotation(annotation)
            }
            if summary {
                let markdown = GitHubActions.jobSummary(renderer.markdown(report), reportFolder: outDirectory, environment: variables)
                _ = try? GitHubActions.appendSummary(markdown, environment: variables)
            }
            _ = try? GitHubActions.appendOutputs(report, reportFolder: outDirectory, environment: variables)
        }
        // The further reasons first, so the verdict is the last line (CI shows the tail).
        if report.verdict != .accepted {
            for reason in report.reasons.dropFirst().prefix(9) {
                context.progress.note(reason, important: true)
            }
        }
        context.progress.verdict(Self.verdictLine(report, outDirectory: outDirectory), accepted: report.verdict == .accepted)
    }

    /// The last line a run prints (and the only one with `--quiet`): the verdict, the most specific
    /// problem first (``ReportDecision/ordered(_:)``), the counts, and where the report is.
    static func verdictLine(_ report: GateReport, outDirectory: String) -> String {
        let tests = report.suites.reduce(0) { $0 + $1.tests.count }
        guard report.verdict != .accepted else {
            let commit = report.commit.map { " at \($0.id.prefix(12))" } ?? ""
            let warnings = report.warnings
            let warned = warnings.isEmpty ? "" : " with warnings: " + ReportWarning.summary(warnings) + ";"
            return
                "accepted\(warned.isEmpty ? ":" : warned) \(report.suites.count) suite(s), \(tests) test(s)\(commit); report in \(outDirectory)"
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
    func perform<Value>(_ name: String, _ log: inout StageLog, _ body: () -> StageResult<Value>) -> Value {
        let started = ContinuousClock.now
        let result = body()
        let seconds = (.now - started).inSeconds
        log.record(name, result, seconds: seconds)
        // A stage a signal cut short was interrupted, not failed: '-', like a skipped one.
        let passed: Bool? = result.status == .aborted ? nil : result.status == .passed
        let redactor = context.redactor
        context.progress.stage(name, passed: passed, seconds: seconds, detail: redactor.text(result.detail))
        for line in result.notes {
            context.progress.note(redactor.text(line), important: true)
        }
        for problem in result.problems where problem.code == .fixtureExitUnproven || problem.code == .fixtureIgnoredSIGTERM {
            context.progress.note(redactor.text(problem.sentence), important: true)
        }
        return result.value
    }

    /// Records a stage that did not run, and prints it.
    func skip(_ name: String, because reason: String, _ log: inout StageLog) {
        log.skip(name, because: reason, aborted: context.interrupted)
        context.progress.stage(name, passed: nil, seconds: 0, detail: "skipped: \(reason)")
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

    /// The formats besides JSON, in the order configured (the configuration holds each once).
    private var formats: [ReportFormat] {
        context.configuration.report.formats.filter { $0 != .json }
    }
}
