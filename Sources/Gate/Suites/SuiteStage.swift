//===----------------------------------------------------------------------===//
// SuiteStage.swift: run one suite with the runner of its kind.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess
import GatePublishing
import GateReport
import XCTestOutput

/// Runs one suite, of any kind, with the runner its kind names; the runners share one
/// supervised-suite core (``SupervisedSuite``) and return one result (``SuiteOutcome``).
enum SuiteStage {
    /// Runs `input`'s suite in `context`: its runner starts it (in the suites' domain when they run
    /// separated), stops it by its teardown, reads its output and judges it.
    static func run(_ input: SuiteInput, context: RunContext) -> StageResult<SuiteOutcome> {
        runner(for: input.plan.kind).run(input, context: context)
    }

    /// The runner of suites of `kind`.
    static func runner(for kind: ReportSuiteKind) -> any SuiteRunner {
        switch kind {
        case .xctest: XCTestSuiteRunner()
        case .command: CommandSuiteRunner()
        case .frames: FrameSuiteRunner()
        }
    }

    /// How many of a failed suite's last log lines are printed under its stage line.
    static let tailNoteLines = 12

    /// A failed suite's last lines as a test runner would show them under its name: at most
    /// ``tailNoteLines``, blank ones dropped, redacted whole (before any cut, so no token is
    /// split where the scanner cannot see it), escapes stripped, controls written out, clipped.
    static func tailNotes(_ lines: [String], redact: (String) -> String) -> [String] {
        let shown = lines.filter { $0.contains { !$0.isWhitespace } }.suffix(tailNoteLines)
        guard !shown.isEmpty else { return [] }
        return ["last \(shown.count) line(s) of its log:"]
            + shown.map { "│ " + TextClip.clip(PrintableLine.make(redact($0), limit: 400, strippingEscapes: true), to: 160) }
    }

    /// The first 4 MiB of the captured log (a compiler's first error comes early), as text.
    static func head(of capture: CaptureFile) -> String {
        String(decoding: capture.head(4 << 20), as: UTF8.self)
    }

    /// Whether a log line says a connection was refused or could not be made (URLSession's
    /// -1004, curl, POSIX), which on a physical device means the Mac's loopback is out of reach.
    ///
    /// Every line of every suite passes through here as fast as the suite prints, so it searches
    /// the UTF-8 bytes (GateText's `find`) rather than through Foundation's string search, which
    /// made a flood of output run at 16 MB/s.
    static func isConnectionFailure(_ line: String) -> Bool {
        let line = Substring(line)
        return line.find("Could not connect to the server") != nil || line.find("Connection refused") != nil
            || line.find("NSURLErrorCannotConnectToHost") != nil || line.find("Code=-1004") != nil
    }

    /// `3 passed, 1 failed; <first problem>`.
    static func detail(_ suite: ReportSuite) -> String {
        let counts = Dictionary(grouping: suite.tests, by: \.status).mapValues(\.count)
        var detail = suite.tests.isEmpty ? suite.status.rawValue : "\(counts[.passed] ?? 0) passed"
        if let failed = counts[.failed] {
            // A quarantined failure is a warning, not a pass: the line says which it is.
            let held = suite.tests.filter { $0.status == .failed && $0.quarantine != nil }.count
            detail += ", \(failed) failed" + (held == 0 ? "" : held == failed ? " (quarantined)" : " (\(held) quarantined)")
        }
        if let skipped = counts[.skipped] { detail += ", \(skipped) skipped" }
        let flaky = suite.tests.filter { $0.status == .passed && $0.flaky == true }.count
        if flaky > 0 { detail += ", \(flaky) flaky" }
        if let unmatched = suite.unmatchedQuarantine {
            detail += ", \(unmatched.count) quarantine entr\(unmatched.count == 1 ? "y" : "ies") matched no test"
        }
        if let first = suite.reasons.first { detail += "; \(first)" }
        return detail
    }

    static func reportExit(_ status: ExitStatus) -> ReportExit {
        ReportExit(code: status.code.map(Int.init), signal: status.signal.map(Int.init))
    }
}
