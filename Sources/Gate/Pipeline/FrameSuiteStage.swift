//===----------------------------------------------------------------------===//
// FrameSuiteStage.swift: the frame conformance suite as a suite of the run.
//===----------------------------------------------------------------------===//

import Dispatch
import FrameCodec
import FrameConformance
import GateConfig
import GateCore
import GateProcess
import GateReport

/// Runs the frame conformance suite (the four acceptance points) against the built-in decoder in
/// this process, or against a decoder command that speaks `frames decode --batch`.
enum FrameSuiteStage {
    /// Runs the suite on a worker thread while this one watches the clock and the interruption
    /// monitor: at the suite's timeout, or as soon as the gate is interrupted, the stage returns
    /// (the worker's result is dropped). An external decoder runs under the run's supervisor, so
    /// an interruption stops its group at once, and each batch has the suite's timeout.
    static func run(
        _ plan: ConfigSuite, decoder: [String]?, limit: Int?, capture: CaptureFile, relativeLog: String, environment: RunEnvironment
    ) -> StageResult<FrameSuiteRun> {
        let variables = environment.variables.merging(plan.environment) { _, new in new }
        let started = ContinuousClock.now
        let outcome = Locked<StageResult<FrameSuiteRun>?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let result = runNow(
                plan, decoder: decoder, limit: limit, capture: capture, relativeLog: relativeLog, variables: variables,
                supervisor: environment.supervisor)
            outcome.withLock { $0 = result }
            done.signal()
        }
        let deadline = started + plan.timeout
        while done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            let interrupted = environment.supervisor.interruption != nil
            guard interrupted || ContinuousClock.now >= deadline else { continue }
            let reason =
                interrupted
                ? "the run was interrupted"
                : "it ran past its timeout of \(ProgressReporter.seconds(plan.timeout.inSeconds))"
            let suite = ReportSuite(
                name: plan.name, kind: .frames, command: decoder ?? ["(built-in decoder)"], status: interrupted ? .failed : .timedOut,
                durationSeconds: (.now - started).inSeconds, log: relativeLog, reasons: [reason])
            let problems =
                interrupted ? [] : [ReportProblem(.suiteTimedOut, subject: .suite(plan.name), "suite '\(plan.name)': \(reason)")]
            return StageResult(FrameSuiteRun(suite: suite), status: interrupted ? .aborted : .failed, detail: reason, problems: problems)
        }
        if let result = outcome.withLock({ $0 }) { return result }
        let suite = ReportSuite(name: plan.name, kind: .frames, status: .error, durationSeconds: 0, reasons: ["the suite gave no result"])
        return StageResult(
            FrameSuiteRun(suite: suite), detail: "no result",
            problems: [ReportProblem(.suiteDidNotRun, subject: .suite(plan.name), "suite '\(plan.name)': the suite gave no result")])
    }

    /// Runs the suite, writes its report lines to `capture`, and returns the suite (one test per
    /// acceptance point) and the frames section of the report.
    private static func runNow(
        _ plan: ConfigSuite, decoder: [String]?, limit: Int?, capture: CaptureFile, relativeLog: String, variables: [String: String],
        supervisor: ProcessSupervisor
    ) -> StageResult<FrameSuiteRun> {
        let started = ContinuousClock.now
        let limit = limit ?? FrameFormat.defaultLimit
        let outcome: ConformanceReport
        do {
            outcome = try ConformanceRunner.check(
                limit: limit, decoder: decoder, timeout: plan.timeout, environment: variables, supervisor: supervisor)
        } catch {
            let log = try? capture.writer()
            log?.writeLine("frames check could not run: \(error.description)")
            log?.close()
            let reason = "the conformance suite could not run: \(error.description)"
            let suite = ReportSuite(
                name: plan.name, kind: .frames, command: decoder ?? [], status: .error, durationSeconds: (.now - started).inSeconds,
                log: relativeLog, reasons: [reason])
            return StageResult(
                FrameSuiteRun(suite: suite), detail: reason,
                problems: [ReportProblem(.suiteDidNotRun, subject: .suite(plan.name), "suite '\(plan.name)': \(reason)")])
        }
        let log = try? capture.writer()
        for line in outcome.lines() {
            log?.writeLine(line)
        }
        log?.close()
        let duration = (.now - started).inSeconds
        // The runner decodes the points' cases in shared batches, so no point has a time of its own.
        let tests = outcome.points.map { point in
            ReportTest(
                name: point.point.rawValue, status: point.holds ? .passed : .failed, durationSeconds: nil,
                message: point.holds ? nil : detail(point))
        }
        let points = outcome.points.map { point in
            ReportFramePoint(name: point.point.statement, passed: point.holds, detail: detail(point))
        }
        let failing = outcome.points.filter { !$0.holds }
        let problems = failing.map { point in
            ReportProblem(
                .framePointFailed, subject: .test(point.point.rawValue, suite: plan.name),
                "suite '\(plan.name)': frame acceptance point does not hold: \(point.point.statement) (\(detail(point)))")
        }
        let suite = ReportSuite(
            name: plan.name, kind: .frames, command: decoder ?? ["(built-in decoder)"], status: outcome.passed ? .passed : .failed,
            durationSeconds: duration, log: relativeLog, tests: tests,
            reasons: failing.map { "frame acceptance point does not hold: \($0.point.statement)" })
        let held = outcome.points.count - failing.count
        return StageResult(
            FrameSuiteRun(suite: suite, frames: ReportFrames(points: points, cases: outcome.caseCount)),
            detail: "\(held) of \(outcome.points.count) points hold, \(outcome.caseCount) cases", problems: problems)
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
