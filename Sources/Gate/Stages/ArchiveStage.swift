//===----------------------------------------------------------------------===//
// ArchiveStage.swift: redacted copies of the scanned captures into the out folder's logs/.
//===----------------------------------------------------------------------===//

import GatePublishing
import GateReport
import TokenScan

/// Puts a redacted copy of every scanned capture in `logs/`, the folder CI uploads, after
/// removing what the run did not write there. A capture the scan did not finish (it was
/// interrupted) has no findings to redact with, so it is not archived at all.
enum ArchiveStage {
    /// Removes `foreign` (files the gate did not write, already scanned) from `context`'s out
    /// folder, then archives each of `captured` with `scanned`'s findings redacted by `redactor`.
    /// - Returns: the findings written into a capture after it was scanned, and the problems.
    /// - Throws: ``GateRunError`` when the out folder cannot be written.
    static func run(
        _ scanned: ScanStage.Scanned, captured: [CaptureFile], foreign: [OutFolder.ForeignFile], owners: [String: String],
        redactor: ReportRedactor, context: RunContext
    ) throws(GateRunError) -> StageResult<[ReportFinding]> {
        let folder = context.folder
        var problems: [ReportProblem] = []
        if let first = foreign.first {
            folder.removeForeign(foreign)
            problems.append(
                ReportProblem(
                    .foreignOutput, subject: .file(first.display),
                    "\(foreign.count) file(s) the gate did not write were in its out folder, first \(first.display): the "
                        + "folder CI uploads holds only the report, so they were scanned and removed (keep other files elsewhere)"))
        }
        // Whatever else appeared in logs/ (a link a suite planted there) goes first.
        folder.clearLogs()
        var late: [ReportFinding] = []
        for capture in captured {
            let file = ScanSource.capture(capture)
            guard let findings = scanned.byFile[file.display] else { continue }
            let archived = try LogArchive.archive(
                capture.contents(limit: LogArchive.redactionLimit), to: folder.path + file.display, findings: findings,
                redactor: redactor, displayPath: file.display)
            let owner = owners[file.display].map { " (written by \($0))" } ?? ""
            if !archived.archived {
                problems.append(
                    ReportProblem(
                        .incompleteLog, subject: .file(file.display),
                        "\(file.display)\(owner) was scanned but cannot be archived (over "
                            + "\(LogArchive.redactionLimit >> 30) GiB, or no longer a plain file), so the report's evidence "
                            + "is incomplete"))
            }
            if let first = archived.lateFindings.first {
                late += archived.lateFindings.map(ScanStage.reportFinding)
                problems.append(
                    ReportProblem(
                        .leak, subject: .file(file.display, line: first.line),
                        "\(archived.lateFindings.count) token-like string(s) were written into \(file.display)\(owner) after it was "
                            + "scanned, first at line \(first.line) (rule \(first.rule.rawValue)); something still running wrote "
                            + "them, and the archived copy is redacted"))
            }
            if let line = archived.keyLines.first {
                problems.append(
                    ReportProblem(
                        .leak, subject: .file(file.display, line: line),
                        "part of the signing key was printed into \(file.display)\(owner), first at line \(line); "
                            + "it is redacted in the archived copy, and the key should be replaced"))
            }
        }
        return StageResult(late, detail: "\(captured.count) log(s)", problems: problems)
    }
}
