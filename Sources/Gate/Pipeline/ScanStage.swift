//===----------------------------------------------------------------------===//
// ScanStage.swift: the leak scan of every captured log and the configured paths.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import TokenScan

/// Scans every archived log and every file under `scan.paths` for token-like strings. Each file
/// with findings is one problem whose subject is the file and the line of its first finding, and
/// whose sentence names the suite that wrote the log.
enum ScanStage {
    /// Scans `logs` (paths relative to `outFolder`) and `extraPaths`.
    /// - Parameter owners: which suite (or `fixture`) wrote each log, by its relative path.
    static func run(
        logs: [ReportLog], outFolder: String, extraPaths: [String], owners: [String: String], scanner: TokenScanner
    ) -> StageResult<ReportScan> {
        var findings: [ReportFinding] = []
        var problems: [ReportProblem] = []
        var suppressed = 0
        var scanned = 0
        var targets = logs.map { (outFolder + $0.path, $0.path) }
        for extra in extraPaths {
            targets += files(under: extra).map { ($0, $0) }
        }
        for (path, display) in targets {
            do {
                let result = try scanner.scan(fileAtPath: path, displayPath: display)
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
            ReportScan(filesScanned: scanned, findings: findings, suppressed: suppressed),
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
