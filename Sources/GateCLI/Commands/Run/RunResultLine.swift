//===----------------------------------------------------------------------===//
// RunResultLine.swift: `run --json`'s one line for scripts.
//===----------------------------------------------------------------------===//

import Gate
import GateCore
import GatePublishing
import GateReport

/// The line `run --json` prints on standard output: `{"verdict": "rejected", "exitCode": 1,
/// "suites": 2, "tests": 40, "failed": 1, "problems": 2, "warnings": ["…"], "reason": "…",
/// "report": "/abs/out"}`, keys in that order, `warnings` the sentences of the run's
/// ``ReportWarning``s (flaky, quarantined, unmatched entries), `reason` the verdict line's (the
/// first problem's sentence; `null` when accepted).
enum RunResultLine {
    static func json(_ outcome: RunOutcome, outDirectory: String) -> String {
        let report = outcome.report
        let tests = report.suites.reduce(0) { $0 + $1.tests.count }
        let failed = report.suites.reduce(0) { $0 + $1.tests.filter { $0.status == .failed }.count }
        let warnings = report.warnings.map { JSONText.quoted(PrintableLine.inert($0.sentence)) }.joined(separator: ", ")
        let reason = report.verdict == .accepted ? "null" : JSONText.quoted(PrintableLine.inert(report.reasons.first ?? ""))
        return "{\"verdict\": \(JSONText.quoted(report.verdict.rawValue)), \"exitCode\": \(outcome.exitCode), "
            + "\"suites\": \(report.suites.count), \"tests\": \(tests), \"failed\": \(failed), "
            + "\"problems\": \(report.problems.count), \"warnings\": [\(warnings)], \"reason\": \(reason), "
            + "\"report\": \(JSONText.quoted(outDirectory))}"
    }
}
