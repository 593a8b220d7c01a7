//===----------------------------------------------------------------------===//
// LogArchive.swift: the archived copy of a captured log, every finding replaced.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateReport
import TokenScan

/// Writes the copy of a captured log that is archived under `logs/`: the same bytes, line for
/// line, but each finding replaced at its exact span by `[REDACTED <rule> <fingerprint prefix>]`
/// (the further lines of a multi-line finding, a PEM block, by `[REDACTED]`), so the out folder a
/// CI system uploads never holds a secret the code under test printed. Line numbers stay those
/// of the findings.
package enum LogArchive {
    /// The hex digits of the fingerprint the marker shows.
    package static let fingerprintDigits = 8

    /// The largest captured log the archive redacts in memory.
    package static let redactionLimit = 1 << 30

    /// What archiving one log found besides the scan's findings.
    package struct Outcome {
        /// Whether the log was archived.
        var archived: Bool
        /// Token-like strings in the bytes archived that the scan had not seen: the file changed
        /// after it was scanned (something still running wrote to it). Redacted all the same.
        var lateFindings: [ScanFinding] = []
        /// The lines where part of the signing key stood (redacted).
        var keyLines: [Int] = []
    }

    /// Writes `raw` (the bytes of a log as the scan read them, or `nil` when they could not be
    /// read whole: not archived) to `destination` with `findings` redacted.
    ///
    /// The bytes written are checked once more in memory: every run of characters that holds part of the
    /// signing key (``KeyMaterial``) is replaced, and the scanner runs over exactly what will be
    /// written; what it finds now is redacted too and returned, so it is a leak like any other.
    /// - Throws: a write failure, naming the file.
    @discardableResult
    package static func archive(
        _ raw: [UInt8]?, to destination: String, findings: [ScanFinding], redactor: ReportRedactor, displayPath: String
    ) throws(GateRunError) -> Outcome {
        guard let raw else { return Outcome(archived: false) }
        var bytes = findings.isEmpty ? raw : redacted(raw, findings: findings)
        let key = redactor.keyMaterial.redacted(bytes)
        bytes = key.bytes
        let late = redactor.scanner.scan(bytes: bytes, displayPath: displayPath).findings
        if !late.isEmpty { bytes = redacted(bytes, findings: late) }
        do {
            try AtomicFile.write(bytes, to: destination)
        } catch {
            throw .outDirectoryUnwritable(path: destination, reason: error.description)
        }
        return Outcome(archived: true, lateFindings: late, keyLines: key.lines)
    }

    /// `bytes` with each finding's span replaced.
    package static func redacted(_ bytes: [UInt8], findings: [ScanFinding]) -> [UInt8] {
        // Per line (1-based): the UTF-16 ranges to replace, with the marker for each; `nil` end
        // means to the end of the line.
        var spans: [Int: [(start: Int, end: Int?, marker: String)]] = [:]
        for finding in findings {
            let start = finding.sarifColumn ?? finding.column ?? 1
            let endLine = finding.endLine ?? finding.line
            let digits = finding.fingerprint.split(separator: ":").last.map { String($0.prefix(fingerprintDigits)) } ?? ""
            let marker = "[REDACTED \(finding.rule.rawValue) \(digits)]"
            if endLine <= finding.line {
                spans[finding.line, default: []].append((start, finding.sarifEndColumn ?? finding.endColumn, marker))
            } else {
                spans[finding.line, default: []].append((start, nil, marker))
                for line in (finding.line + 1)..<endLine {
                    spans[line, default: []].append((1, nil, "[REDACTED]"))
                }
                spans[endLine, default: []].append((1, finding.sarifEndColumn ?? finding.endColumn, "[REDACTED]"))
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var lineNumber = 1
        var lineStart = 0
        while lineStart <= bytes.count {
            let newline = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            if let lineSpans = spans[lineNumber] {
                output += replace(in: Array(bytes[lineStart..<newline]), lineSpans)
            } else {
                output += bytes[lineStart..<newline]
            }
            if newline < bytes.count { output.append(0x0A) }
            lineNumber += 1
            lineStart = newline + 1
        }
        return output
    }

    /// `line` with `spans` (UTF-16 columns of the line as read) replaced, from the last to the
    /// first so earlier offsets stay valid; overlapping spans merge into the earliest marker.
    private static func replace(in line: [UInt8], _ spans: [(start: Int, end: Int?, marker: String)]) -> [UInt8] {
        // The scanner counts columns without the line's trailing CR.
        let body = line.last == 0x0D ? Array(line.dropLast()) : line
        let carriageReturn = line.last == 0x0D ? [UInt8(0x0D)] : []
        var ranges = spans.map { span in
            (
                start: UTF16Columns.byteOffset(ofColumn: span.start, in: body),
                end: span.end.map { UTF16Columns.byteOffset(ofColumn: $0, in: body) } ?? body.count, marker: span.marker
            )
        }.sorted { $0.start < $1.start }
        var merged: [(start: Int, end: Int, marker: String)] = []
        for range in ranges where range.end > range.start {
            if let last = merged.last, range.start < last.end {
                merged[merged.count - 1].end = max(last.end, range.end)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
        var result = body
        for range in ranges.reversed() {
            result.replaceSubrange(range.start..<range.end, with: Array(range.marker.utf8))
        }
        return result + carriageReturn
    }
}
