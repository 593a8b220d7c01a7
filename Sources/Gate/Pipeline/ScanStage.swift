//===----------------------------------------------------------------------===//
// ScanStage.swift: the leak scan of every captured log and the configured paths.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import TokenScan

/// Scans every captured log and every file under `scan.paths` for token-like strings. Each file
/// with findings is one problem whose subject is the file and the line of its first finding, and
/// whose sentence names the suite that wrote the log.
enum ScanStage {
    /// What the scan found: the report's section, and each file's findings as the scanner gave
    /// them (with their exact spans, for the archive's redaction).
    struct Scanned {
        /// The report's `scan`.
        var report: ReportScan
        /// The findings of each scanned file, by its display path (`logs/unit.log`).
        var byFile: [String: [ScanFinding]]
    }

    /// Scans `logs` (the captured file's path and how the report names it) and `extraPaths`.
    /// - Parameter owners: which suite (or `fixture`) wrote each log, by its display path.
    static func run(
        logs: [(path: String, display: String)], extraPaths: [String], owners: [String: String], scanner: TokenScanner,
        interrupted: () -> Bool = { false }
    ) -> StageResult<Scanned> {
        var findings: [ReportFinding] = []
        var byFile: [String: [ScanFinding]] = [:]
        var problems: [ReportProblem] = []
        var suppressed = 0
        var scanned = 0
        var targets = logs.map { ($0.path, $0.display) }
        for extra in extraPaths {
            targets += files(under: extra).map { ($0, $0) }
        }
        for (path, display) in targets {
            // An interrupted run stops between files (SIGINT/SIGTERM within 5 seconds).
            guard !interrupted() else { break }
            do {
                let result = try scanner.scanPlainFile(atPath: path, displayPath: display)
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
            } catch {
                problems.append(
                    ReportProblem(
                        .scanUnreadable, subject: .file(display), "the leak scan could not read '\(display)': \(error.description)"))
            }
        }
        return StageResult(
            Scanned(report: ReportScan(filesScanned: scanned, findings: findings, suppressed: suppressed), byFile: byFile),
            detail: "\(scanned) file(s), \(findings.count) finding(s), \(suppressed) allowed", problems: problems)
    }

    /// A scanner finding as the report records it (never the secret).
    static func reportFinding(_ finding: ScanFinding) -> ReportFinding {
        ReportFinding(
            file: finding.file, line: finding.line, column: finding.column, endLine: finding.endLine, endColumn: finding.endColumn,
            rule: finding.rule.rawValue, fingerprint: finding.fingerprint, preview: finding.preview,
            confidence: finding.confidence.rawValue)
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
