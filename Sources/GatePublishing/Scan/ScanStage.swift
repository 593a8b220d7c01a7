//===----------------------------------------------------------------------===//
// ScanStage.swift: the leak scan of every captured log and the configured paths.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateReport
import TokenScan

/// Scans every captured log and every file under `scan.paths` for token-like strings. Each file
/// with findings is one problem whose subject is the file and the line of its first finding, and
/// whose sentence names the suite that wrote the log.
package enum ScanStage {
    /// What the scan found: the report's section, and each file's findings as the scanner gave
    /// them (with their exact spans, for the archive's redaction).
    package struct Scanned {
        /// The report's `scan`.
        package var report: ReportScan
        /// The findings of each scanned file, by its display path (`logs/unit.log`).
        package var byFile: [String: [ScanFinding]]
    }

    /// Scans `logs` (the captures, and anything else the gate read back) and `extraPaths`.
    ///
    /// `interrupted` returns the signal that interrupted the run, if one did; it is asked between
    /// files and before each 1 MiB chunk, so a signal stops the scan within one chunk however
    /// large the file (SIGINT/SIGTERM within 5 seconds). A scan stopped part-way is an
    /// `interrupted` problem of its own, naming the file it stopped in: the report can never pass
    /// a partial scan for a clean one, and only the files in ``Scanned/byFile`` were scanned whole.
    /// - Parameter owners: which suite (or `fixture`) wrote each log, by its display path.
    package static func run(
        logs: [ScanSource], extraPaths: [String], owners: [String: String], scanner: TokenScanner,
        interrupted: () -> Int32? = { nil }
    ) -> StageResult<Scanned> {
        var findings: [ReportFinding] = []
        var byFile: [String: [ScanFinding]] = [:]
        var problems: [ReportProblem] = []
        var suppressed = 0
        var scanned = 0
        var targets = logs
        for extra in extraPaths {
            targets += files(under: extra).map { ScanSource.path($0, display: $0) }
        }
        var stoppedIn: (display: String, bytes: Int)?
        for target in targets {
            let display = target.display
            if interrupted() != nil {
                stoppedIn = (display, 0)
                break
            }
            do throws(TokenScanError) {
                let file: SafeFile
                do {
                    file = try target.open()
                } catch {
                    throw .refused(path: display, reason: error.reason)
                }
                let result = try scanner.scan(file: file, displayPath: display, isCancelled: { interrupted() != nil })
                byFile[display] = result.findings
                scanned += 1
                suppressed += result.suppressedCount
                let found = result.findings.map(reportFinding)
                findings += found
                if let first = found.first {
                    let owner = owners[display].map { " (written by \($0))" } ?? ""
                    problems.append(
                        ReportProblem(
                            .leak, subject: .file(display, line: first.line),
                            "\(found.count) token-like string(s) leaked into \(display)\(owner), first at line \(first.line) "
                                + "(rule \(first.rule)); see scan.findings"))
                }
            } catch .interrupted(_, let bytes) {
                stoppedIn = (display, bytes)
                break
            } catch {
                problems.append(
                    ReportProblem(
                        .scanUnreadable, subject: .file(display), "the leak scan could not read '\(display)': \(error.description)"))
            }
        }
        let summary = ReportScan(filesScanned: scanned, findings: findings, suppressed: suppressed)
        if let stoppedIn, let signal = interrupted() {
            let detail =
                "interrupted in \(stoppedIn.display) after \(stoppedIn.bytes) byte(s): \(scanned) of \(targets.count) file(s) scanned, "
                + "\(findings.count) finding(s)"
            problems.insert(
                ReportProblem(
                    .interrupted, subject: .stage("scan"),
                    "the leak scan was interrupted in \(stoppedIn.display) after \(stoppedIn.bytes) byte(s), with \(scanned) of "
                        + "\(targets.count) file(s) scanned whole: the scan is incomplete, and the logs it did not finish were not archived",
                    signal: Int(signal)), at: 0)
            return StageResult(Scanned(report: summary, byFile: byFile), status: .aborted, detail: detail, problems: problems)
        }
        return StageResult(
            Scanned(report: summary, byFile: byFile),
            detail: "\(scanned) file(s), \(findings.count) finding(s), \(suppressed) allowed", problems: problems)
    }

    /// A scanner finding as the report records it (never the secret).
    package static func reportFinding(_ finding: ScanFinding) -> ReportFinding {
        ReportFinding(
            file: finding.file, line: finding.line, column: finding.column, endLine: finding.endLine, endColumn: finding.endColumn,
            rule: finding.rule.rawValue, fingerprint: finding.fingerprint, preview: finding.preview,
            confidence: finding.confidence.rawValue, carrier: finding.carrier?.rawValue)
    }

    /// `path` itself when it is a file, else every regular file below it (skipping `.git` and `.build`).
    private static func files(under path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        while let next = enumerator.nextObject() as? String {
            if next.hasPrefix(".git") || next.hasPrefix(".build") || next.contains("/.git/") || next.contains("/.build/") { continue }
            let full = (path as NSString).appendingPathComponent(next)
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &folder), !folder.boolValue {
                files.append(full)
            }
        }
        return files.sorted()
    }
}
