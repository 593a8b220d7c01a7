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
        package var archived: Bool
        /// Token-like strings in the bytes archived that the scan had not seen: the file changed
        /// after it was scanned (something still running wrote to it). Redacted all the same.
        package var lateFindings: [ScanFinding] = []
        /// The lines where part of the signing key stood (redacted).
        package var keyLines: [Int] = []
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

    /// `bytes` with each finding's ``ScanFinding/byteRange`` (and the ``ScanFinding/continuationRange``
    /// of a token cut across lines, by `[REDACTED]`) replaced, in one pass: ranges in the
    /// order they start, overlapping ones merged under the earliest's marker. A range that crosses
    /// line breaks (a PEM block) keeps them, with a carriage return before one, and its part on
    /// each further line becomes `[REDACTED]`, so every line stays where the findings say. A range
    /// past the end is cut to the bytes; a finding without a range (none that a scan of these
    /// bytes gave) is left to the scan of what is written, which redacts whatever it finds.
    package static func redacted(_ bytes: [UInt8], findings: [ScanFinding]) -> [UInt8] {
        var spans: [(range: Range<Int>, marker: [UInt8])] = []
        for finding in findings {
            guard let range = finding.byteRange else { continue }
            let lower = min(max(range.lowerBound, 0), bytes.count)
            let upper = min(max(range.upperBound, lower), bytes.count)
            guard lower < upper else { continue }
            let digits = finding.fingerprint.split(separator: ":").last.map { String($0.prefix(fingerprintDigits)) } ?? ""
            spans.append((lower..<upper, Array("[REDACTED \(finding.rule.rawValue) \(digits)]".utf8)))
            // A token cut across two lines: its rest on the next line, after that line's prefix.
            if let rest = finding.continuationRange {
                let restLower = min(max(rest.lowerBound, 0), bytes.count)
                let restUpper = min(max(rest.upperBound, restLower), bytes.count)
                if restLower < restUpper { spans.append((restLower..<restUpper, Array("[REDACTED]".utf8))) }
            }
        }
        // A stable sort: of two findings starting at one byte, the first listed names the marker.
        spans.sort { $0.range.lowerBound < $1.range.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var next = 0
        while next < spans.count {
            let (range, marker) = spans[next]
            var end = range.upperBound
            next += 1
            while next < spans.count, spans[next].range.lowerBound < end {
                end = max(end, spans[next].range.upperBound)
                next += 1
            }
            output += bytes[copied..<range.lowerBound]
            splice(bytes[range.lowerBound..<end], marker: marker, into: &output)
            copied = end
        }
        output += bytes[copied...]
        return output
    }

    /// Appends `marker` for the part of `span` on its first line and `[REDACTED]` for the part on
    /// each further one, with the line breaks between them (and the carriage return before a break,
    /// which the scanner leaves out of a line); a part with no bytes gets no marker.
    private static func splice(_ span: ArraySlice<UInt8>, marker: [UInt8], into output: inout [UInt8]) {
        var replacement = marker
        var start = span.startIndex
        while true {
            let lineFeed = span[start...].firstIndex(of: 0x0A)
            var end = lineFeed ?? span.endIndex
            if lineFeed != nil, end > start, span[end - 1] == 0x0D { end -= 1 }
            if end > start { output += replacement }
            guard let lineFeed else { return }
            output += span[end...lineFeed]
            start = lineFeed + 1
            replacement = Array("[REDACTED]".utf8)
        }
    }
}
