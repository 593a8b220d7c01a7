//===----------------------------------------------------------------------===//
// ReportDecisionTests.swift: the verdict and exit code, row by row.
//===----------------------------------------------------------------------===//

import GateReport
import Testing

@Suite("verdict and exit code")
struct ReportDecisionTests {
    private static let failed = ReportProblem(.testFailed, subject: .test("C.t", suite: "unit"), "test C.t failed")
    private static let leak = ReportProblem(.leak, subject: .file("logs/unit.log", line: 3), "1 token-like string leaked")
    private static let foreign = ReportProblem(.foreignRequests, subject: .listener("foreign"), "the foreign listener saw 1 request")
    private static let timeout = ReportProblem(.suiteTimedOut, subject: .suite("unit"), "suite 'unit' timed out")
    private static let notReady = ReportProblem(.fixtureNotReady, subject: .fixture, "port 8765 is in use")
    private static let unusableKey = ReportProblem(.signingKeyUnusable, subject: .key, "the signing key cannot be used")
    private static let sigint = ReportProblem(.interrupted, subject: .run, "interrupted by SIGINT", signal: 2)
    private static let sigterm = ReportProblem(.interrupted, subject: .run, "interrupted by SIGTERM", signal: 15)
    private static let sighup = ReportProblem(.interrupted, subject: .run, "interrupted by SIGHUP", signal: 1)

    /// The README's exit-code table, one row per case.
    static let table: [(label: String, problems: [ReportProblem], verdict: ReportVerdict, exit: Int32)] = [
        ("nothing found", [], .accepted, 0),
        ("a failed test", [failed], .rejected, 1),
        ("only a leak", [leak], .rejected, 1),
        ("only a foreign request", [foreign], .rejected, 1),
        ("a timeout", [timeout], .error, 3),
        ("a fixture that was not ready", [notReady], .error, 3),
        ("an unusable signing key", [unusableKey], .error, 3),
        ("a failed test beside a timeout: the definite answer wins", [timeout, failed], .rejected, 1),
        ("SIGINT", [sigint], .aborted, 130),
        ("SIGHUP", [sighup], .aborted, 130),
        ("SIGTERM", [sigterm], .aborted, 143),
        ("SIGTERM after a failed test and a timeout", [failed, timeout, sigterm], .aborted, 143),
    ]

    @Test("each row of the exit-code table", arguments: table.indices)
    func row(_ index: Int) {
        let row = Self.table[index]
        let decision = ReportDecision.decide(row.problems)
        #expect(decision.verdict == row.verdict, "\(row.label)")
        #expect(decision.exitCode == row.exit, "\(row.label)")
    }

    @Test("every code has the kind its meaning says")
    func kinds() {
        #expect(ReportProblemCode.allCases.filter { $0.kind == .interrupted } == [.interrupted])
        for code in [ReportProblemCode.fixtureNotReady, .suiteTimedOut, .suiteDidNotRun, .commitStamp, .signingKeyUnusable] {
            #expect(code.kind == .infrastructure, "\(code)")
        }
        for code in [ReportProblemCode.testFailed, .leak, .foreignRequests, .zeroTests, .suiteCrashed, .signingKeyMissing] {
            #expect(code.kind == .change, "\(code)")
        }
    }

    @Test("settling orders the problems interruption, change, infrastructure, and derives reasons and exit code")
    func settle() {
        var report = GateReport(gateVersion: "0", verdict: .accepted)
        report.settle([Self.timeout, Self.failed, Self.sigint, Self.leak])
        #expect(report.verdict == .aborted)
        #expect(report.exitCode == 130)
        #expect(report.problems.map(\.code) == [.interrupted, .testFailed, .leak, .suiteTimedOut])
        #expect(report.reasons == report.problems.map(\.sentence))
        report.settle([])
        #expect(report.verdict == .accepted && report.reasons.isEmpty && report.exitCode == 0)
    }

    @Test("the specific problem reads first: a failed test before the exit status it caused, within each kind")
    func specificBeforeGeneric() {
        let exit = ReportProblem(.suiteExitStatus, subject: .suite("unit"), "suite 'unit': it exited with code 1")
        let crash = ReportProblem(.suiteCrashed, subject: .suite("unit"), "suite 'unit': it was killed by SIGSEGV")
        let ordered = ReportDecision.ordered([exit, timeout, Self.failed, crash, Self.foreign])
        #expect(ordered.map(\.code) == [.testFailed, .foreignRequests, .suiteExitStatus, .suiteCrashed, .suiteTimedOut])
        #expect(ReportDecision.ordered([Self.sigint, exit]).map(\.code) == [.interrupted, .suiteExitStatus])
    }

    private var timeout: ReportProblem { Self.timeout }

    @Test func settlingWritesAStagesHintsIntoTheSentenceOnceAndTheJSONHoldsNoHints() throws {
        var lead = Self.failed
        lead.hints = [.seeLog("logs/unit.log"), .simulatorLoopback]
        var report = GateReport(gateVersion: "0.0.0", verdict: .rejected)
        report.settle([Self.timeout, lead])
        let expected =
            "test C.t failed (see logs/unit.log); a test could not connect to the fixture on 127.0.0.1: a simulator shares the"
            + " Mac's loopback, a physical device does not, so run the suite on a simulator"
        #expect(report.problems.map(\.sentence) == [expected, "suite 'unit' timed out"])
        #expect(report.reasons == report.problems.map(\.sentence))
        #expect(report.problems.allSatisfy { $0.hints.isEmpty })
        let settledOnce = report
        report.settle(report.problems)
        #expect(report == settledOnce, "a settled report settles to itself")
        let json = String(decoding: try report.jsonBytes(), as: UTF8.self)
        #expect(!json.contains("hints"))
        #expect(json.contains("(see logs/unit.log); a test could not connect"))
    }
}
