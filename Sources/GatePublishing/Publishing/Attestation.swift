//===----------------------------------------------------------------------===//
// Attestation.swift: the signed in-toto statement, derived from the finished report.
//===----------------------------------------------------------------------===//

import GateDigest
import GateReport
import GateSigning

/// The in-toto Statement a run signs, derived from the finished report alone: subjects are the
/// commit (annotated with the dirty state and changed paths when the tree was dirty) and
/// `report.json`; the test-result predicate names every failed test module-qualified as
/// `<suite>/<Module.Class.method>`, every suite-level failure as `suite:<name>` and every other
/// problem as `acceptance-gate:<code>`, so no rejected run has an empty `failedTests`, and
/// `passedTests` never holds a name that also failed. A flaky test (passed after a failed attempt)
/// or a quarantined failure is in `warnedTests`, and an accepted run with one is `WARNED`.
enum Attestation {
    /// The statement for `report`, whose `report.json` bytes have SHA-256 `reportDigest`;
    /// `configurationName` is the configuration's repository-relative path; `extraSubjects` (a
    /// merged report's shard envelopes) follow the report.
    static func statement(
        for report: GateReport, reportDigest: String, configurationName: String, extraSubjects: [ResourceDescriptor] = []
    ) -> InTotoStatement {
        var subjects = [ResourceDescriptor.sha256(name: "report.json", hex: reportDigest)]
        var annotations: [String: String] = [:]
        if let shard = report.shard {
            annotations["shard"] = shard
        } else if let shards = report.shards {
            annotations["shards"] = shards.map(\.name).joined(separator: ",")
        }
        // How and where it was signed travels in the statement itself, so a reader of the envelope
        // alone (or of a keyless attestation) sees whether the key shared a job with the tests.
        if let signature = report.signature, signature.signed {
            annotations["signedBy"] = signature.method
            annotations["testJob"] = signature.testJob
            annotations["signingJob"] = signature.signingJob
            annotations["keySharedJob"] = signature.keySharedJob.map { $0 ? "true" : "false" }
        }
        subjects[0].annotations = annotations.isEmpty ? nil : annotations
        subjects += extraSubjects
        if let commit = report.commit {
            var descriptor = ResourceDescriptor.gitCommit(name: "commit", id: commit.id)
            if commit.dirty {
                descriptor.annotations = ["dirty": "true", "changedPaths": commit.changedPaths.joined(separator: "\n")]
                if let during = commit.changedDuringRun, !during.isEmpty {
                    descriptor.annotations?["changedDuringRun"] = during.joined(separator: "\n")
                }
            }
            subjects.insert(descriptor, at: 0)
        }
        let names = testNames(report)
        var configuration = ResourceDescriptor.sha256(name: configurationName, hex: report.config?.sha256 ?? "")
        if let config = report.config, let changed = config.changedFromBase {
            configuration.annotations = ["base": config.base ?? "", "changedFromBase": changed ? "true" : "false"]
        }
        // An accepted run with a warning (a flaky test, a quarantined failure, an entry that held
        // nothing) is WARNED, not PASSED. A pipeline the change defined is FAILED whatever its tests
        // said: a reader of the predicate alone (a keyless attestation) must not see PASSED for it.
        let pipeline = report.signature?.pipeline
        let result: GateSigning.TestResult =
            report.verdict != .accepted || pipeline?.definedByChange == true
            ? .failed : (names.warned.isEmpty && report.warnings.isEmpty ? .passed : .warned)
        return InTotoStatement(
            subjects: subjects, result: result, passedTests: names.passed, warnedTests: names.warned,
            failedTests: names.failed + (pipeline?.definedByChange == true ? ["acceptance-gate:pipeline-defined-by-change"] : []),
            configuration: [configuration] + predicateSources(report))
    }

    /// What the predicate says of where the run came from, beside its configuration, so a reader
    /// of the predicate alone (`gh attestation verify --jq`) can check it: the commit tested, how
    /// the suites were kept from the gate (``isolationSource(_:)``), and the signer's pipeline
    /// record (`protected`, head, base, the files and branches it read).
    /// A run without a signature has no signer's record; its statement keeps the commit as a subject.
    static func predicateSources(_ report: GateReport) -> [ResourceDescriptor] {
        guard report.signature?.signed == true else { return [] }
        var sources: [ResourceDescriptor] = []
        if let commit = report.commit { sources.append(.gitCommit(name: "commit", id: commit.id)) }
        if let isolation = report.isolation { sources.append(isolationSource(isolation)) }
        guard let pipeline = report.signature?.pipeline else { return sources }
        var descriptor = ResourceDescriptor.gitCommit(name: "pipeline", id: pipeline.base)
        var annotations = [
            "protected": pipeline.definedByChange ? "false" : "true", "head": pipeline.head, "base": pipeline.base,
            "changedPipelineFiles": pipeline.changedPipelineFiles.joined(separator: "\n"),
        ]
        let optional: [(String, String?)] = [
            ("mergeBase", pipeline.mergeBase), ("event", pipeline.event), ("workflow", pipeline.workflow),
            ("workflowRef", pipeline.workflowRef), ("targetBranch", pipeline.targetBranch), ("defaultBranch", pipeline.defaultBranch),
            ("differingFromBase", pipeline.differingFromBase?.joined(separator: "\n")),
        ]
        for case let (key, value?) in optional { annotations[key] = value }
        descriptor.annotations = annotations
        sources.append(descriptor)
        return sources
    }

    /// The `isolation` entry: how the suites were kept from the gate (mechanism, uid, namespaces,
    /// network, and the reason when it gave something up), as annotations a reader of the
    /// predicate alone can require; its digest is the SHA-256 of those annotations, one
    /// `key=value` line each in key order, so the entry is a resource descriptor like the others.
    static func isolationSource(_ isolation: ReportIsolation) -> ResourceDescriptor {
        var annotations = [
            "mechanism": isolation.mechanism.rawValue, "namespaces": isolation.namespaces.joined(separator: ","),
            "network": isolation.network,
        ]
        if let uid = isolation.uid { annotations["uid"] = String(uid) }
        if let reason = isolation.reason { annotations["reason"] = reason }
        let lines = annotations.keys.sorted().map { "\($0)=\(annotations[$0] ?? "")\n" }.joined()
        return ResourceDescriptor(name: "isolation", digest: ["sha256": SHA256.hash(Array(lines.utf8)).hex], annotations: annotations)
    }

    /// The predicate's passed, warned (flaky: passed after a failed attempt) and failed names,
    /// each once, in the order they first appear; a name is in one list only, failed first.
    static func testNames(_ report: GateReport) -> (passed: [String], warned: [String], failed: [String]) {
        var failed: [String] = []
        var passed: [String] = []
        var warned: [String] = []
        for suite in report.suites {
            for test in suite.tests {
                let name = "\(suite.name)/\(test.signedName)"
                switch test.status {
                case .failed where test.quarantine != nil: warned.append(name)
                case .failed: failed.append(name)
                case .passed where test.flaky == true: warned.append(name)
                case .passed: passed.append(name)
                case .skipped: break
                }
            }
        }
        for problem in report.problems {
            switch problem.subject.type {
            case .test where problem.code != .testFailed && problem.code != .framePointFailed:
                failed.append("\(problem.subject.suite ?? "?")/\(problem.subject.qualifiedName ?? "?")")
            case .suite:
                failed.append("suite:\(problem.subject.name ?? "?")")
            case .test:
                break
            default:
                failed.append("acceptance-gate:\(problem.code.rawValue)")
            }
        }
        let failedOnce = unique(failed)
        let failedSet = Set(failedOnce)
        let warnedOnce = unique(warned).filter { !failedSet.contains($0) }
        let warnedSet = Set(warnedOnce)
        return (unique(passed).filter { !failedSet.contains($0) && !warnedSet.contains($0) }, warnedOnce, failedOnce)
    }

    /// `names` without repeats, first occurrence kept.
    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
