//===----------------------------------------------------------------------===//
// AcceptanceRun.swift: the pipeline of `acceptance-gate run`, as the list of its stages.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateProcess
import GatePublishing
import GateReport
import GateSigning
import TokenScan

/// One run of the gate: stamp → key → fixture → suites → stop and exit proof → tree → scan →
/// archive → report → verdict (design.md, "Stages"). Each stage returns its section of the report
/// and the problems it found (``StageResult``); the verdict and exit code are decided once, from
/// all problems (``ReportDecision``); the report is redacted once and rendered once
/// (``ReportPublisher``).
package struct AcceptanceRun {
    /// What every stage shares: the plan, the children's environment, the redactor, the out folder.
    let context: RunContext

    /// Prepares a run of `plan`.
    package init(plan: RunPlan, environment: RunEnvironment) {
        context = RunContext(plan: plan, environment: environment)
    }

    /// Runs every stage and writes the report.
    /// - Returns: the report as written, the exit code and the files written.
    /// - Throws: ``GateRunError/outDirectoryUnwritable(path:reason:)`` when not even the report can
    ///   be written (nothing else stops a run from reporting).
    package func execute() throws(GateRunError) -> RunOutcome {
        let startedAt = ReportTimestamp.string(secondsSince1970: context.environment.wallClock())
        try context.folder.refuseForeign()
        let lock = try context.folder.lock()
        defer { close(lock) }
        try context.folder.prepare()
        let captures = try RunCaptures(for: context.configuration, shardTests: context.plan.shardAssignment?.selection)
        let stopToken = announceStart()
        var log = StageLog()
        let stamps = perform("stamp", &log) { StampStage.run(context: context) }
        let key = perform("key", &log) { KeyStage.run(context: context) }
        warnIfTheKeySharesTheJob(key)
        let isolation = perform("isolation", &log) {
            IsolationStage.run(
                captures: captures.folder.path, tree: stamps.commit?.workTree ?? context.plan.loaded.root, context: context)
        }
        // No code of the change runs when the commit, the toolchain, the key or the separation it
        // asked for cannot be vouched for.
        let canRun = log.problems.isEmpty
        let channels = CIChannels(environment: context.environment.variables)
        let fixture = startFixture(captures, domain: isolation.domain, canRun: canRun, &log)
        let (suites, frames, networks) = runSuites(captures, fixture: fixture, domain: isolation.domain, canRun: canRun, &log)
        let plan = checkShardPlan(suites, &log)
        let fixtureReport = fixture.map { running in perform("fixture stop", &log) { stopFixture(running, domain: isolation.domain) } }
        log.add(Self.channelProblems(written: channels.restore()))
        var commit = stamps.commit
        if let snapshot = stamps.snapshot, !suites.isEmpty {
            commit = perform("tree", &log) { TreeStage.run(snapshot, context: context) }
        }
        let foreign = context.folder.foreignFiles()
        let owners = Self.owners(of: context.configuration, foreign: foreign)
        let scanned = perform("scan", &log) { scan(captures, foreign: foreign, owners: owners) }
        let archiving = key.map { context.redactor.adding(keyMaterial: $0.secretEncodings) } ?? context.redactor
        let archived = try ArchiveStage.run(
            scanned, captured: captures.folder.files(), foreign: foreign, owners: owners, redactor: archiving, context: context)
        log.add(archived.problems)
        var scanReport = scanned.report
        scanReport.findings += archived.value
        let renderer = loadRenderer(&log)
        if let signal = context.interruption {
            log.add([ReportProblem.interruption(by: signal)])
        }
        var report = makeReport(
            startedAt: startedAt, stamps: stamps, commit: commit, key: key, fixture: fixtureReport, suites: suites, frames: frames,
            scan: scanReport, stages: log.stages, isolation: isolation.record.with(suites: networks))
        report.plan = plan
        return try publish(report, problems: log.problems, renderer: renderer, redactor: archiving, key: key, stopToken: stopToken)
    }
}
