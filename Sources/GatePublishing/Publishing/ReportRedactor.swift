//===----------------------------------------------------------------------===//
// ReportRedactor.swift: withholds free text that holds a token-like string.
//===----------------------------------------------------------------------===//

import GateReport
import TokenScan

/// Withholds every free-text value that holds a token-like string, in one pass over the finished
/// report (and line by line for the console), so no rendered file and no progress line can carry
/// part of a secret. The report's structure, counts and the scan findings (which never hold the
/// secret) stay.
package struct ReportRedactor: Sendable {
    /// The note that stands in for withheld text.
    package static let withheld = "(withheld: it contains a token-like string; see the scan findings)"

    /// The scanner (the run's own allowlist and fingerprint key).
    package let scanner: TokenScanner
    /// The signing key's secret text, which must never appear in any output.
    package let keyMaterial: KeyMaterial

    /// A redactor with `scanner` that also withholds any text holding part of `keyMaterial`.
    package init(scanner: TokenScanner, keyMaterial: KeyMaterial = KeyMaterial()) {
        self.scanner = scanner
        self.keyMaterial = keyMaterial
    }

    /// `self`, also withholding the windows of `texts` (the encodings of the key once loaded).
    package func adding(keyMaterial texts: [String]) -> ReportRedactor {
        ReportRedactor(scanner: scanner, keyMaterial: keyMaterial.adding(texts))
    }

    /// `text`, or ``withheld`` when it holds a token-like string or part of the key material.
    package func text(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        if keyMaterial.isHeld(by: text) { return Self.withheld }
        return scanner.scan(bytes: Array(text.utf8), displayPath: "text").findings.isEmpty ? text : Self.withheld
    }

    /// ``text(_:)`` for an optional.
    package func text(_ text: String?) -> String? {
        text.map { self.text($0) }
    }

    /// ``text(_:)`` for each of `texts`, with one scan for all the one-line ones: they are joined
    /// a line each and scanned once, and those on a line with a finding are withheld. A report of
    /// 40,000 test names took one scanner session per name, seconds in a debug build, which the
    /// 5 seconds after a signal lack. The scanner finds tokens within a line, so joining finds
    /// what one scan per value finds; a value that spans lines is scanned on its own.
    package func texts(_ texts: [String]) -> [String] {
        var lines: [Int] = []
        var joined: [UInt8] = []
        for (index, text) in texts.enumerated() where !text.isEmpty && !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            lines.append(index)
            joined += text.utf8
            joined.append(0x0A)
        }
        // Every line a finding touches: a token cut across two values (wrapped) is in both.
        let flagged = Set(
            scanner.scan(bytes: joined, displayPath: "text").findings.flatMap { $0.line...max($0.line, $0.endLine ?? $0.line) })
        var result = texts
        var next = 0
        for (index, text) in texts.enumerated() where !text.isEmpty {
            if next < lines.count && lines[next] == index {
                next += 1
                if flagged.contains(next) || keyMaterial.isHeld(by: text) { result[index] = Self.withheld }
            } else {
                result[index] = self.text(text)
            }
        }
        return result
    }

    /// `report` with every free-text value passed through ``text(_:)``; with `everything`, every
    /// value that came from the code under test is withheld whether or not it matched (the
    /// fallback when a rendered file still held a token-like string).
    package func redact(_ report: GateReport, everything: Bool = false) -> GateReport {
        let clean: (String) -> String = everything ? { $0.isEmpty ? $0 : "(withheld)" } : { text($0) }
        var report = report
        report.problems = report.problems.map { problem in
            var problem = problem
            problem.sentence = text(problem.sentence)
            problem.subject.name = problem.subject.name.map(clean)
            return problem
        }
        report.reasons = report.problems.map(\.sentence)
        report.stages = report.stages.map { stage in
            var stage = stage
            stage.detail = stage.detail.map(clean)
            return stage
        }
        if var fixture = report.fixture {
            fixture.command = fixture.command.map(clean)
            if var exit = fixture.exit {
                exit.leftovers = exit.leftovers.map { process in
                    var process = process
                    process.command = clean(process.command)
                    return process
                }
                fixture.exit = exit
            }
            if var ledger = fixture.ledger {
                ledger.origin.paths = ledger.origin.paths.map(clean)
                ledger.origin.headerNames = ledger.origin.headerNames.map(clean)
                ledger.foreign.paths = ledger.foreign.paths.map(clean)
                ledger.foreign.headerNames = ledger.foreign.headerNames.map(clean)
                fixture.ledger = ledger
            }
            report.fixture = fixture
        }
        if let json = report.config?.json, everything || text(json) != json {
            report.config?.json = "(withheld: the configuration contains a token-like string; see scan.findings)"
        }
        if var commit = report.commit {
            commit.changedPaths = commit.changedPaths.map(clean)
            commit.branch = commit.branch.map(clean)
            report.commit = commit
        }
        report.suites = report.suites.map { suite in
            var suite = suite
            suite.command = suite.command.map(clean)
            suite.reasons = suite.reasons.map { text($0) }
            suite.missingTests = suite.missingTests.map(clean)
            suite.logTail = suite.logTail.map { $0.map(clean) }
            // The tests' free text goes through the scanner in one pass per field (``texts(_:)``).
            let redactField: ([String]) -> [String] = everything ? { $0.map(clean) } : { texts($0) }
            let names = redactField(suite.tests.map(\.name))
            let messages = redactField(suite.tests.map { $0.message ?? "" })
            let files = redactField(suite.tests.map { $0.file ?? "" })
            suite.tests = suite.tests.enumerated().map { index, test in
                var test = test
                test.name = names[index]
                test.message = test.message.map { _ in messages[index] }
                test.file = test.file.map { _ in files[index] }
                test.quarantine = test.quarantine.map { entry in
                    ReportQuarantine(owner: clean(entry.owner), reason: clean(entry.reason), expires: clean(entry.expires))
                }
                return test
            }
            return suite
        }
        report.frames = report.frames.map { frames in
            var frames = frames
            frames.points = frames.points.map { point in
                var point = point
                point.detail = clean(point.detail)
                return point
            }
            return frames
        }
        return report
    }
}
