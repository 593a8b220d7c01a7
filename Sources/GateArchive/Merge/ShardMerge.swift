//===----------------------------------------------------------------------===//
// ShardMerge.swift: verified shards in, one report out; every gap is a problem.
//===----------------------------------------------------------------------===//

import Foundation
import GatePublishing
import GateReport
import GateSigning
import GitStamp

/// Combines the verified shards of a CI matrix into one report. Only verified, named, distinct
/// shards are merged; everything else is a problem with its own sentence, and
/// ``ReportDecision`` decides from them as for a run: a rejected shard (`shard-rejected` and its
/// own problems) rejects (1); a missing, unverified, duplicated, unnamed or unexpected shard, a
/// shard that could not judge, and shards of different commits or configurations make the
/// evidence incomplete (3).
///
/// A shard without a name (its run had no `--shard`) is refused rather than named after its
/// folder: every name in the merged report then comes from signed bytes, and renaming a folder
/// cannot make one shard stand in for another.
package enum ShardMerge {
    /// Merges `inputs` (in the order given); `expected` is `--expect-shards`, or `nil` to take the
    /// shards given as the whole matrix.
    package static func merge(
        _ inputs: [ShardInput], expected: [String]?, gateVersion: String, requiredCommit: String? = nil, requiredConfig: String? = nil
    ) -> MergedShards {
        var problems: [ReportProblem] = []
        var shardProblems: [ReportProblem] = []
        var stages: [ReportStage] = []
        var merged: [ArchivedReport] = []
        var folderOf: [String: String] = [:]
        for input in inputs {
            let archive: ArchivedReport
            switch input.archive {
            case .failure(let error):
                problems.append(
                    ReportProblem(
                        .shardUnverified, subject: .shard(input.folder),
                        "shard folder '\(input.folder)' does not verify: \(error.description); nothing in it is counted"))
                stages.append(ReportStage(name: "shard \(input.folder)", status: .failed, durationSeconds: nil, detail: "not verified"))
                continue
            case .success(let verified):
                archive = verified
            }
            guard let name = archive.report.shard else {
                problems.append(
                    ReportProblem(
                        .shardUnnamed, subject: .shard(input.folder),
                        "shard folder '\(input.folder)' holds a report without a shard name; run each matrix job with "
                            + "'acceptance-gate run --shard NAME'"))
                stages.append(ReportStage(name: "shard \(input.folder)", status: .failed, durationSeconds: nil, detail: "no shard name"))
                continue
            }
            guard ShardName.isValid(name) else {
                // Only a hand-built report has such a name (`run` refuses it); it would make suite and
                // subject names that read as paths, so it is refused like a missing one.
                problems.append(
                    ReportProblem(
                        .shardUnnamed, subject: .shard(input.folder),
                        "shard folder '\(input.folder)' holds a report whose shard name is not one 'run --shard' accepts "
                            + "(\(ShardName.allowedText)); run each matrix job with 'acceptance-gate run --shard NAME'"))
                stages.append(
                    ReportStage(name: "shard \(input.folder)", status: .failed, durationSeconds: nil, detail: "invalid shard name"))
                continue
            }
            if let first = folderOf[name] {
                problems.append(
                    ReportProblem(
                        .shardDuplicated, subject: .shard(name),
                        "shard '\(name)' is given twice ('\(first)' and '\(input.folder)'); only the first is merged, so give each "
                            + "shard's folder once"))
                continue
            }
            folderOf[name] = input.folder
            merged.append(archive)
            let (stage, found) = judge(archive)
            stages.append(stage)
            shardProblems += found
        }
        if let expected {
            // A folder that did not verify may be the missing shard: its name cannot be trusted, so
            // the sentence points at those folders instead of only at the upload.
            let unread = problems.filter { $0.code == .shardUnverified || $0.code == .shardUnnamed }.count
            for name in expected where folderOf[name] == nil {
                let why =
                    unread > 0
                    ? "; \(unread) folder(s) could not be read as a shard (above), and it may be among them"
                    : "; did its matrix job upload its out folder?"
                problems.append(
                    ReportProblem(
                        .shardMissing, subject: .shard(name),
                        "shard '\(name)' is expected (--expect-shards) but none of the folders that verified holds it" + why))
            }
            for archive in merged {
                let name = archive.report.shard ?? ""
                if !expected.contains(name) {
                    problems.append(
                        ReportProblem(
                            .shardUnexpected, subject: .shard(name),
                            "shard '\(name)' ('\(folderOf[name] ?? "")') is not one of --expect-shards "
                                + "(\(expected.joined(separator: ", "))); add it there or leave its folder out"))
                }
            }
        }
        problems += mismatches(merged)
        if let requiredCommit {
            for archive in merged where archive.verification.commit.lowercased() != requiredCommit.lowercased() {
                problems.append(
                    problem(.shardCommitMismatch, about: archive) { name in
                        "shard '\(name)' is for commit \(archive.verification.commit.prefix(12)), not \(requiredCommit.prefix(12)) "
                            + "(--require-commit): a shard of another commit is no evidence for this one"
                    })
            }
        }
        if let requiredConfig {
            for archive in merged where archive.report.config?.sha256.lowercased() != requiredConfig {
                problems.append(
                    problem(.shardConfigurationMismatch, about: archive) { name in
                        "shard '\(name)' ran the configuration with sha256 \((archive.report.config?.sha256 ?? "none").prefix(12)), "
                            + "not the pinned \(requiredConfig.prefix(12)) (--require-config): the change may have edited the policy it is judged by"
                    })
            }
        }
        for archive in merged where archive.report.commit?.dirty == true {
            problems.append(
                problem(.shardCommitMismatch, about: archive) { name in
                    "shard '\(name)' ran on a dirty work tree (\(archive.report.commit?.changedPaths.count ?? 0) changed path(s)), "
                        + "so it is not the commit's own result; run every shard on a clean checkout"
                })
        }
        return MergedShards(
            report: report(of: merged, stages: stages, gateVersion: gateVersion), problems: problems + shardProblems,
            shardSubjects: merged.map(subject),
            configurationName: merged.first?.verification.statement.predicate.configuration.first?.name ?? "acceptance-gate.json")
    }

    // MARK: - Problems

    /// One problem when the shards are for more than one commit, one for more than one configuration.
    private static func mismatches(_ merged: [ArchivedReport]) -> [ReportProblem] {
        var problems: [ReportProblem] = []
        let commits = groups(merged) { $0.verification.commit.lowercased() }
        if commits.count > 1 {
            let listed = commits.map { "\($0.key.prefix(12)) (\($0.names.joined(separator: ", ")))" }.joined(separator: ", ")
            problems.append(
                ReportProblem(
                    .shardCommitMismatch, subject: .commit,
                    "the shards are for different commits: \(listed); merge the shards of one commit only"))
        }
        let configurations = groups(merged) { $0.report.config?.sha256.lowercased() ?? "(none)" }
        if configurations.count > 1 {
            let pathOf = Dictionary(merged.map { ($0.report.config?.sha256.lowercased() ?? "(none)", $0.report.config?.path ?? "") }) {
                first, _ in first
            }
            let listed = configurations.map { group in
                let path = pathOf[group.key].map { $0.isEmpty ? "" : "\(($0 as NSString).lastPathComponent), " } ?? ""
                return "\(path)sha256 \(group.key.prefix(12)) (\(group.names.joined(separator: ", ")))"
            }
            .joined(separator: ", ")
            problems.append(
                ReportProblem(
                    .shardConfigurationMismatch, subject: .stage("merge"),
                    "the shards ran with different configurations: \(listed); run every shard with the same acceptance-gate.json"))
        }
        return problems
    }

    /// A problem about `archive`'s shard; `message` gets the shard's name (`?` when its report
    /// names none).
    private static func problem(
        _ code: ReportProblemCode, about archive: ArchivedReport, _ message: (String) -> String
    ) -> ReportProblem {
        let name = archive.report.shard ?? "?"
        return ReportProblem(code, subject: .shard(name), message(name))
    }

    /// The shards by `key`, in the order each key first appears.
    private static func groups(_ merged: [ArchivedReport], by key: (ArchivedReport) -> String) -> [(key: String, names: [String])] {
        var result: [(key: String, names: [String])] = []
        for archive in merged {
            let value = key(archive)
            let name = archive.report.shard ?? "?"
            if let index = result.firstIndex(where: { $0.key == value }) {
                result[index].names.append(name)
            } else {
                result.append((value, [name]))
            }
        }
        return result
    }

    /// A merged shard's stage and problems: none when accepted; otherwise the shard's verdict as
    /// one problem, then its own problems, named by shard (an interruption of the shard's run is
    /// the shard's `shard-incomplete`, not an interruption of the merge).
    private static func judge(_ archive: ArchivedReport) -> (ReportStage, [ReportProblem]) {
        let report = archive.report
        let name = report.shard ?? "?"
        let tests = report.suites.reduce(0) { $0 + $1.tests.count }
        let detail =
            "verified: \(report.verdictText), \(report.suites.count) suite(s), \(tests) test(s), "
            + "commit \(archive.verification.commit.prefix(12)), envelope sha256 \(archive.envelopeSHA256.prefix(16))…"
        guard report.verdict != .accepted else {
            return (ReportStage(name: "shard \(name)", status: .passed, durationSeconds: nil, detail: detail), [])
        }
        let first = report.reasons.first ?? report.problems.first?.sentence ?? "see its report"
        let headline =
            report.verdict == .rejected
            ? ReportProblem(.shardRejected, subject: .shard(name), "shard '\(name)' was rejected: \(first)")
            : ReportProblem(
                .shardIncomplete, subject: .shard(name), "shard '\(name)' could not judge (verdict \(report.verdict.rawValue)): \(first)")
        let own = report.problems.filter { $0.kind != .interrupted }.map { prefixed($0, shard: name) }
        return (ReportStage(name: "shard \(name)", status: .failed, durationSeconds: nil, detail: detail), [headline] + own)
    }

    /// `problem` as the merged report holds it: its suite named `<shard>/<suite>`, its sentence
    /// led by the shard.
    private static func prefixed(_ problem: ReportProblem, shard: String) -> ReportProblem {
        var copy = problem
        if let suite = copy.subject.suite { copy.subject.suite = "\(shard)/\(suite)" }
        if copy.subject.type == .suite, let suite = copy.subject.name { copy.subject.name = "\(shard)/\(suite)" }
        copy.sentence = "shard '\(shard)': \(problem.sentence)"
        return copy
    }

    // MARK: - The report

    /// The first shard's commit block with the commit its statement signed, dirty when any shard's
    /// tree was, with every shard's changed paths: a dirty shard cannot vanish behind a clean one.
    private static func mergedCommit(_ merged: [ArchivedReport]) -> CommitStamp? {
        guard let first = merged.first, var commit = first.report.commit else { return nil }
        commit.id = first.verification.commit.lowercased()
        let dirty = merged.compactMap(\.report.commit).filter(\.dirty)
        if !dirty.isEmpty {
            commit.dirty = true
            commit.changedPaths = Array(Set(dirty.flatMap(\.changedPaths))).sorted()
        }
        return commit
    }

    /// The merged report: the first shard's commit and configuration (a mismatch is a problem),
    /// the earliest start and latest finish, and every suite named `<shard>/<suite>`. No log is
    /// copied: the shards' envelopes, named as subjects, are the chain to their logs.
    private static func report(of merged: [ArchivedReport], stages: [ReportStage], gateVersion: String) -> GateReport {
        let first = merged.first?.report
        var suites: [ReportSuite] = []
        for archive in merged {
            let shard = archive.report.shard ?? "?"
            for var suite in archive.report.suites {
                suite.name = "\(shard)/\(suite.name)"
                suite.log = nil
                suites.append(suite)
            }
        }
        var report = GateReport(
            gateVersion: gateVersion, verdict: .rejected, startedAt: merged.compactMap(\.report.startedAt).min(),
            finishedAt: merged.compactMap(\.report.finishedAt).max(), commit: mergedCommit(merged), config: first?.config, suites: suites,
            stages: stages)
        report.shards = merged.map(record)
        report.isolation = mergedIsolation(merged.map { ($0.report.shard ?? "?", $0.report.isolation) })
        return report
    }

    /// The merged report's isolation: the shards' record when they all have the same; none when a
    /// shard has none (its reason, named by shard) and no record when a shard has none at all, so
    /// `--require-isolation` holds for the merge only when it holds for every shard; the first
    /// shard's record, saying the shards differ, when each separated its suites differently.
    package static func mergedIsolation(_ shards: [(name: String, isolation: ReportIsolation?)]) -> ReportIsolation? {
        guard let first = shards.first?.isolation else { return nil }
        var records: [(name: String, isolation: ReportIsolation)] = []
        for shard in shards {
            guard let isolation = shard.isolation else { return nil }
            records.append((shard.name, isolation))
        }
        if let unseparated = records.first(where: { !$0.isolation.isSeparated }) {
            return ReportIsolation(
                mechanism: .none, reason: "shard '\(unseparated.name)': " + (unseparated.isolation.reason ?? "not separated"))
        }
        guard records.contains(where: { $0.isolation != first }) else { return first }
        var differing = first
        differing.reason = "the shards differ: " + records.map { "\($0.name) \($0.isolation.mechanism.rawValue)" }.joined(separator: ", ")
        return differing
    }

    /// The `shards` entry for one merged shard.
    private static func record(_ archive: ArchivedReport) -> ReportShard {
        let report = archive.report
        return ReportShard(
            name: report.shard ?? "?", verdict: report.verdict, exitCode: report.exitCode, commit: archive.verification.commit.lowercased(),
            configSha256: report.config?.sha256, envelopeSha256: archive.envelopeSHA256, reportSha256: archive.verification.reportSHA256,
            keyid: archive.verification.keyID, startedAt: report.startedAt, finishedAt: report.finishedAt, suites: report.suites.count,
            tests: report.suites.reduce(0) { $0 + $1.tests.count }, problems: report.problems.count, planSha256: report.plan?.sha256)
    }

    /// The merged statement's subject for one shard's envelope.
    private static func subject(_ archive: ArchivedReport) -> ResourceDescriptor {
        let name = archive.report.shard ?? "?"
        return ResourceDescriptor(
            name: "shards/\(name)/report.dsse.json", digest: ["sha256": archive.envelopeSHA256],
            annotations: ["shard": name, "verdict": archive.report.verdict.rawValue])
    }
}
