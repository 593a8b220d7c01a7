//===----------------------------------------------------------------------===//
// ShardMergeRun.swift: verify every shard, merge, then render, scan and sign like a run.
//===----------------------------------------------------------------------===//

import Foundation
import GatePublishing
import GateReport
import GateSigning
import TokenScan

/// One `acceptance-gate merge`: every shard folder verified (``ArchivedReport``), merged
/// (``ShardMerge``), and the merged report written into a normal out folder by the same
/// ``ReportPublisher`` a run uses, so `verify` reads it like any report and the merged statement
/// names every shard envelope's SHA-256.
package struct ShardMergeRun {
    /// What to do.
    package let plan: MergePlan
    /// The gate's version, for the report.
    package let gateVersion: String
    /// The render and sign stages' record, as a run records them.
    private var plannedStages: [ReportStage] {
        let files = ([ReportFormat.json] + plan.formats).map(\.fileName)
        return [
            ReportStage(name: "render", status: .passed, durationSeconds: nil, detail: files.joined(separator: ", ")),
            plan.signingKey.map {
                ReportStage(name: "sign", status: .passed, durationSeconds: nil, detail: "report.dsse.json, keyid \($0.publicKey.keyID)")
            } ?? ReportStage(name: "sign", status: .skipped, durationSeconds: nil, detail: "no signing key"),
        ]
    }

    /// How the merged report's own files are scanned: with the allow list of the configuration the
    /// shards ran (``FolderSigning/scanAllow(_:)``, as `sign` scans a folder), never a list of merge's own.
    package static func scanConfiguration(for report: GateReport) -> ScanConfiguration {
        ScanConfiguration(
            allow: FolderSigning.scanAllow(report), fingerprintKey: ScanConfiguration.randomFingerprintKey(), scansBinaryContent: true)
    }

    /// The shards' pipeline record, carried into the merge only when every shard verified and
    /// has one: the pipeline files any of them found edited, so one shard whose pipeline the
    /// change defined marks the whole verdict. `nil` otherwise (`verify --require-protected-pipeline`
    /// refuses a merge that records none).
    static func pipeline(of inputs: [ShardInput]) -> ReportPipeline? {
        var records: [ReportPipeline] = []
        for input in inputs {
            guard case .success(let archive) = input.archive, let record = archive.report.signature?.pipeline else { return nil }
            records.append(record)
        }
        guard let first = records.first, records.allSatisfy({ $0.head == first.head }) else { return nil }
        let changed = Set(records.flatMap(\.changedPipelineFiles)).sorted()
        let differing =
            records.contains { $0.differingFromBase != nil } ? Set(records.flatMap { $0.differingFromBase ?? [] }).sorted() : nil
        // One shard that went into another branch than the default marks the whole merge.
        let elsewhere = records.first { ReportPipeline.targetsAnotherBranch($0.targetBranch, $0.defaultBranch) }
        let branches = elsewhere ?? records.first { $0.defaultBranch != nil } ?? first
        return ReportPipeline(
            event: first.event, workflow: first.workflow, workflowRef: first.workflowRef, head: first.head, base: first.base,
            mergeBase: first.mergeBase, changedPipelineFiles: changed, differingFromBase: differing, targetBranch: branches.targetBranch,
            defaultBranch: branches.defaultBranch)
    }

    /// Prepares a merge.
    package init(plan: MergePlan, gateVersion: String) {
        self.plan = plan
        self.gateVersion = gateVersion
    }

    /// Verifies every shard before the out folder is touched, merges and writes.
    ///
    /// - Returns: the merged report as written, its exit code (0, 1 or 3) and the files written.
    /// - Throws: ``GateRunError`` when the out folder cannot be used.
    package func execute() throws(GateRunError) -> RunOutcome {
        let inputs = plan.shardFolders.map { folder in
            do throws(ArchivedReportError) {
                return ShardInput(folder: folder, archive: .success(try ArchivedReport.load(folder: folder, publicKey: plan.publicKey)))
            } catch {
                return ShardInput(folder: folder, archive: .failure(error))
            }
        }
        var merged = ShardMerge.merge(
            inputs, expected: plan.expectedShards, gateVersion: gateVersion, requiredCommit: plan.requiredCommit,
            requiredConfig: plan.requiredConfig)
        if let shardPlan = plan.shardPlan {
            let checked = PlanMergeCheck.check(merged.report, plan: shardPlan.plan, sha256: shardPlan.sha256)
            merged.problems += checked.problems
            merged.report.plan = checked.record
            merged.report.stages.append(checked.stage)
        }
        merged.report.stages += plannedStages
        merged.report.signature =
            plan.signingKey.map {
                ReportSignature(
                    signed: true, keyid: $0.publicKey.keyID, envelope: ArchivedReport.envelopeName, method: ReportSignature.mergeMethod,
                    pipeline: Self.pipeline(of: inputs))
            }
            ?? ReportSignature(signed: false)
        let folder = OutFolder(plan.outDirectory)
        try folder.refuseForeign()
        let lock = try folder.lock()
        defer { close(lock) }
        try folder.prepare()
        let redactor = ReportRedactor(scanner: TokenScanner(configuration: Self.scanConfiguration(for: merged.report)))
        var publisher = ReportPublisher(
            formats: plan.formats, renderer: ReportRenderer(), redactor: redactor, key: plan.signingKey,
            configurationName: merged.configurationName)
        publisher.extraSubjects = merged.shardSubjects
        let published = try publisher.publish(merged.report, problems: merged.problems, into: folder)
        return RunOutcome(report: published.report, exitCode: Int32(published.report.exitCode ?? 3), files: published.files)
    }
}
