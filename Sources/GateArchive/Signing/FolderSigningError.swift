//===----------------------------------------------------------------------===//
// FolderSigningError.swift: why `sign` refused an out folder.
//===----------------------------------------------------------------------===//

import GateCore
import GateReport
import GateSigning

/// Why `acceptance-gate sign` refused an out folder; nothing was signed or written.
package enum FolderSigningError: Error, Equatable, CustomStringConvertible {
    /// The folder holds no `report.json` (or no statement beside it): not an out folder `run` wrote.
    case notAnOutFolder(path: String, missing: String)
    /// `report.json` or a listed log does not match the digests the run recorded, or a file could
    /// not be read whole; one problem per finding.
    case unverified(path: String, [VerificationProblem])
    /// What `report.json` holds is not a gate report.
    case notAReport(path: String, reason: String)
    /// The report is already signed (`run --key`): there is nothing for `sign` to add.
    case alreadySigned(path: String)
    /// The run was interrupted: its report says nothing about what it did not reach.
    case aborted(path: String)
    /// The report lacks evidence a finished run has.
    case incomplete(path: String, reason: String)
    /// The report is for another commit than `--require-commit`, or for a dirty work tree.
    case wrongCommit(path: String, reason: String)
    /// The folder could not be locked or written.
    case unwritable(path: String, reason: String)
    /// The report's run did not finish within the week before the signing (or finishes in the future).
    case outOfTime(path: String, finishedAt: String)
    /// The report says `accepted`, but the CI says the test job did not succeed (`--test-result`).
    case testJobFailed(path: String, result: String)
    /// The folder lacks the run's dotfiles (its `.acceptance-gate-out` mark): uploaded without them.
    case hiddenFilesDropped(path: String)
    /// What `report.json` says does not follow from what the folder holds (``ReportAudit``).
    case contradicted(path: String, [ReportDisagreement])
    /// The folder holds a file the run did not write.
    case unexpectedFile(path: String, file: String)
    /// `--repo`/`--base`/`--head` could not be read: the repository or a commit is not there.
    case provenance(reason: String)
    /// The report is for another commit than `--head`, the commit whose pipeline was read.
    case otherHead(path: String, commit: String, head: String)
    /// `--require-isolation`: the report's suites ran unseparated (`none`), or it records nothing (`nil`).
    case notIsolated(path: String, isolation: ReportIsolation?)

    /// One line naming the folder, what is wrong and what to do.
    package var description: String {
        switch self {
        case .notAnOutFolder(let path, let missing):
            "'\(path)' is not an out folder of 'acceptance-gate run' (no \(missing)); pass the folder the test job uploaded"
        case .unverified(let path, let problems):
            "'\(path)' does not match what its run recorded, so it is not signed: "
                + (problems.first?.description ?? "it did not verify")
                + (problems.count > 1 ? " (and \(problems.count - 1) more problem(s))" : "")
        case .notAReport(let path, let reason):
            "'\(path)/report.json' is not an acceptance report, so it is not signed: \(reason)"
        case .alreadySigned(let path):
            "'\(path)' is already signed (its run had a key); verify it with 'acceptance-gate verify', or run again without a key"
        case .aborted(let path):
            "the report in '\(path)' is aborted (the run was interrupted), so it is not signed; run the tests again"
        case .incomplete(let path, let reason):
            "the report in '\(path)' is incomplete (\(reason)), so it is not signed; run the tests again"
        case .wrongCommit(let path, let reason):
            "the report in '\(path)' \(reason), so it is not signed"
        case .unwritable(let path, let reason):
            "cannot write the signed report into '\(path)': \(reason)"
        case .outOfTime(let path, let finishedAt):
            "the report in '\(path)' finished at '\(finishedAt)', not within the week before this signing, so it is not signed: "
                + "sign the folder in the pipeline that ran it, or run the tests again"
        case .testJobFailed(let path, let result):
            "the report in '\(path)' says accepted, but the test job ended '\(result)' (--test-result), so it is not signed: "
                + "an accepted run ends its job in success; see the test job's log"
        case .hiddenFilesDropped(let path):
            "'\(path)' has the run's reports but not its .acceptance-gate-out mark: the upload left out hidden files; upload the "
                + "out folder with 'include-hidden-files: true' (actions/upload-artifact), or as an archive that keeps dotfiles"
        case .contradicted(let path, let found):
            "'\(path)/report.json' says what its own folder does not (was it edited after run?), so it is not signed: "
                + (found.first?.description ?? "")
                + (found.count > 1 ? " (and \(found.count - 1) more disagreement(s))" : "")
        case .unexpectedFile(let path, let file):
            "'\(path)' holds \(file), which 'acceptance-gate run' did not write, so it is not signed; upload the out folder as "
                + "the run left it"
        case .provenance(let reason):
            "cannot read where the folder came from (--repo, --base, --head), so it is not signed: \(reason)"
        case let .otherHead(path, commit, head):
            "the report in '\(path)' is for commit \(commit), not --head \(head), so it is not signed: pass the commit the "
                + "test run checked out (github.event.workflow_run.head_sha)"
        case let .notIsolated(path, isolation):
            "the report in '\(path)' "
                + (isolation.map { "says its suites ran unseparated from the gate (\($0.summary))" }
                    ?? "records no isolation (a gate that does not separate suites wrote it)")
                + ", and --require-isolation is set, so it is not signed: run the gate where it can separate them (as root, or "
                + "with sudo, on a Linux runner; see docs/proofs.md)"
        }
    }

    /// Every problem on its own line, for the console.
    package var lines: [String] {
        switch self {
        case .unverified(let path, let problems) where problems.count > 1:
            [description] + problems.dropFirst().map { "'\(path)': \($0.description)" }
        case .contradicted(let path, let found) where found.count > 1:
            [description] + found.dropFirst().map { "'\(path)': \($0.description)" }
        default:
            [description]
        }
    }
}

extension FolderSigningError: GateFailure {
    /// Exit 1 for evidence that does not hold (changed files, another commit), as `verify` ends;
    /// 2 for a folder that is not a run's or is already signed; 3 for a report that is not whole
    /// (aborted, incomplete: the evidence is missing, as `merge` says of such a shard) or a folder
    /// that cannot be written.
    package var exitStatus: GateExitStatus {
        switch self {
        case .unverified, .notAReport, .wrongCommit, .contradicted, .unexpectedFile, .testJobFailed, .outOfTime, .otherHead,
            .notIsolated:
            .failure
        case .notAnOutFolder, .alreadySigned, .hiddenFilesDropped: .usage
        case .aborted, .incomplete, .unwritable, .provenance: .infrastructure
        }
    }
}
