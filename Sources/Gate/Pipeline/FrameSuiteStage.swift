//===----------------------------------------------------------------------===//
// FrameSuiteStage.swift: the frame conformance suite as a suite of the run.
//===----------------------------------------------------------------------===//

import Dispatch
import FrameCodec
import FrameConformance
import GateProcess
import GateReport
import GateSync

/// Runs the frame conformance suite (the four acceptance points) against the built-in decoder in
/// this process, or against a decoder command that speaks `frames decode --batch`.
enum FrameSuiteStage {
    /// Runs the suite on a worker thread while this one watches the clock and the interruption
    /// monitor: at the suite's timeout, or as soon as the gate is interrupted, the stage returns
    /// (the worker's result is dropped; an external decoder's process sees its input close when
    /// the gate exits).
    static func run(
        _ plan: SuitePlan, decoder: [String]?, limit: Int?, logPath: String, relativeLog: String, environment: RunEnvironment
    ) -> (suite: ReportSuite, frames: ReportFrames?) {
        let started = ContinuousClock.now
        let outcome = Locked<(suite: ReportSuite, frames: ReportFrames?)?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let result = runNow(plan, decoder: decoder, limit: limit, logPath: logPath, relativeLog: relativeLog)
            outcome.withLock { $0 = result }
            done.signal()
        }
        let deadline = started + plan.timeout
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            let interrupted = environment.monitor?.received != nil
            guard interrupted || ContinuousClock.now >= deadline else { continue }
            let reason =
                interrupted
                ? "the run was interrupted"
                : "it ran past its timeout of \(ProgressReporter.seconds(plan.timeout.inSeconds))"
            return (
                ReportSuite(
                    name: plan.name, kind: .frames, command: decoder ?? ["(built-in decoder)"], status: interrupted ? .error : .timedOut,
                    durationSeconds: ReportDuration.rounded((.now - started).inSeconds), log: relativeLog,
                    reasons: [reason]), nil
            )
        }
        return outcome.withLock { $0 } ?? (
            ReportSuite(name: plan.name, kind: .frames, status: .error, durationSeconds: 0, reasons: ["the suite gave no result"]), nil
        )
    }

    /// Runs the suite, writes its report lines to `logPath`, and returns the suite (one test per
    /// acceptance point) and the frames section of the report.
    private static func runNow(
        _ plan: SuitePlan, decoder: [String]?, limit: Int?, logPath: String, relativeLog: String
    ) -> (suite: ReportSuite, frames: ReportFrames?) {
        let started = ContinuousClock.now
        let limit = limit ?? FrameFormat.defaultLimit
        let outcome: ConformanceReport
        do {
            outcome = try ConformanceRunner.check(limit: limit, decoder: decoder, timeout: plan.timeout)
        } catch {
            let log = try? LogFile(path: logPath)
            log?.writeLine("frames check could not run: \(error.description)")
            log?.close()
            return (
                ReportSuite(
                    name: plan.name, kind: .frames, command: decoder ?? [], status: .error,
                    durationSeconds: ReportDuration.rounded((.now - started).inSeconds), log: relativeLog,
                    reasons: ["the conformance suite could not run: \(error.description)"]), nil
            )
        }
        let log = try? LogFile(path: logPath)
        for line in outcome.lines() {
            log?.writeLine(line)
        }
        log?.close()
        let duration = (.now - started).inSeconds
        let share = outcome.points.isEmpty ? 0 : duration / Double(outcome.points.count)
        let tests = outcome.points.map { point in
            ReportTest(
                name: point.point.rawValue, status: point.holds ? .passed : .failed, durationSeconds: ReportDuration.rounded(share),
                message: point.holds ? nil : detail(point))
        }
        let points = outcome.points.map { point in
            ReportFramePoint(name: point.point.statement, passed: point.holds, detail: detail(point))
        }
        let failing = outcome.points.filter { !$0.holds }.map(\.point.statement)
        let suite = ReportSuite(
            name: plan.name, kind: .frames, command: decoder ?? ["(built-in decoder)"], status: outcome.passed ? .passed : .failed,
            durationSeconds: ReportDuration.rounded(duration), log: relativeLog, tests: tests,
            reasons: failing.map { "frame acceptance point does not hold: \($0)" })
        return (suite, ReportFrames(points: points, cases: outcome.caseCount))
    }

    /// `1049910 of 1049910 cases`, plus the minimised counterexample when the point fails.
    private static func detail(_ point: PointResult) -> String {
        var text = "\(point.passed) of \(point.total) cases"
        if let minimised = point.minimised {
            let hex = HexCodec.encode(minimised.minimal.prefix(64))
            text += "; minimised counterexample \(hex): expected \(minimised.signature.expected), got \(minimised.signature.actual)"
        }
        return text
    }
}
