//===----------------------------------------------------------------------===//
// FrameSuiteRunner.swift: the frame conformance suite as a suite of the run.
//===----------------------------------------------------------------------===//

import FrameCodec
import FrameConformance
import GateConfig
import GateCore
import GateProcess
import GatePublishing
import GateReport

/// Runs the frame conformance suite (the four acceptance points) against the built-in decoder,
/// or against a decoder command that speaks `frames decode --batch`, as a child like every other
/// suite (``SupervisedSuite``): `acceptance-gate frames check --json`, in its own process group,
/// stopped at the suite's timeout or when the run is interrupted. The child runs an external
/// decoder under its own supervisor, which stops the decoder's group before the child exits;
/// an external decoder is the change's code, so the check that runs it runs where the suites do.
struct FrameSuiteRunner: SuiteRunner {
    /// Runs the suite, writes its report lines to its log (the child's standard error, then the
    /// report's lines), and returns the suite (one test per acceptance point) and the frames
    /// section of the report.
    func run(_ input: SuiteInput, context: RunContext) -> StageResult<SuiteOutcome> {
        let plan = input.plan
        let decoder: [String]? =
            switch plan.decoder {
            case .builtin: nil
            case .command(let arguments): arguments
            }
        let relativeLog = input.relativeLog
        let started = ContinuousClock.now
        let subject = ReportSubject.suite(plan.name)
        let command = decoder ?? ["(built-in decoder)"]
        func record(_ status: ReportSuiteStatus, reasons: [String], command: [String]) -> ReportSuite {
            ReportSuite(
                name: plan.name, kind: .frames, command: command, status: status, durationSeconds: (.now - started).inSeconds,
                log: relativeLog, reasons: reasons)
        }
        func couldNotRun(_ cause: String, log: LogFile?) -> StageResult<SuiteOutcome> {
            log?.writeLine("frames check could not run: \(cause)")
            let reason = "the conformance suite could not run: \(cause)"
            return StageResult(
                SuiteOutcome(suite: record(.error, reasons: [reason], command: decoder ?? [])), detail: reason,
                problems: [ReportProblem(.suiteDidNotRun, subject: subject, claim: reason)])
        }
        let log: LogFile
        do {
            log = try input.captures.log.writer()
        } catch {
            return couldNotRun("its log could not be created: \(error.description)", log: nil)
        }
        defer { log.close() }
        let environment = context.environment
        var spec = ProcessSpec(
            arguments: Self.arguments(
                environment.gateExecutable, decoder: decoder, limit: plan.limit ?? FrameFormat.defaultLimit, timeout: plan.timeout),
            environment: Self.variables(plan, decoder: decoder, children: context.children.variables), stdin: .null,
            stdout: .collect(limit: ConformanceDocument.maximumBytes), stderr: .log(to: log))
        spec.executable = environment.gateImage
        let run: SupervisedSuite.Ended
        do {
            // The built-in decoder is the gate's own code: only an external one runs in the domain.
            run = try SupervisedSuite.run(spec, plan: plan, domain: decoder == nil ? nil : input.domain, context: context)
        } catch {
            return couldNotRun(error.confining ? error.cause : "the frames check could not start: \(error.cause)", log: log)
        }
        if run.interrupted || run.end.timedOut {
            let reasons = run.interrupted ? ["the run was interrupted"] : run.problems.map(\.claim)
            return StageResult(
                SuiteOutcome(suite: record(run.interrupted ? .failed : .timedOut, reasons: reasons, command: command)),
                status: run.interrupted ? .aborted : .failed, detail: reasons.first ?? "",
                problems: run.interrupted ? [] : run.problems)
        }
        if let failure = run.end.failure {
            return couldNotRun("the frames check could not be waited for: \(failure.description)", log: log)
        }
        let result: ConformanceResult
        switch Self.read(run.process.child.capturedStdout(), status: run.end.status) {
        case .result(let read): result = read
        case .failure(let cause): return couldNotRun(cause, log: log)
        }
        for line in result.lines {
            log.writeLine(line)
        }
        var judged = Self.judge(result, plan: plan, command: command, relativeLog: relativeLog, duration: (.now - started).inSeconds)
        judged.problems += run.problems
        return judged
    }

    /// `acceptance-gate frames check --json --limit N --timeout S [--decoder 'WORDS']`: the
    /// child's timeout bounds one batch of an external decoder, as the suite's did in-process.
    static func arguments(_ gate: String, decoder: [String]?, limit: Int, timeout: Duration) -> [String] {
        let seconds = min(max(Int((timeout.inSeconds).rounded(.up)), 1), ConformanceRunner.maximumBatchTimeoutSeconds)
        var arguments = [gate, "frames", "check", "--json", "--limit", String(limit), "--timeout", String(seconds)]
        if let decoder {
            arguments += ["--decoder", decoder.map(shellQuoted).joined(separator: " ")]
        }
        return arguments
    }

    /// `word` in single quotes, as `frames check --decoder` splits it back (``CommandWords``):
    /// `'` itself closes the quote, is escaped, and opens it again. Both sides work on Unicode
    /// scalars: as characters, a quote beside a combining or prepended mark merges into one with it.
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingScalars { $0 == "'" ? "'\\''" : nil } + "'"
    }

    /// The child's environment. The child is the gate's own code judging a decoder, and its
    /// result is evidence, so, as for the built-in fixture, nothing the change's configuration
    /// sets reaches it as itself: it gets the run's environment (secrets already taken out)
    /// without the loader's variables (`LD_PRELOAD=./x.so` would run the change's code inside
    /// it). An external decoder still gets what it got when the suite ran in-process, the run's
    /// environment with the suite's `env`, loader variables included: those travel inert, each
    /// under ``FrameDecoderEnvironment/prefix``, and the child hands them on to the decoder only.
    static func variables(_ plan: ConfigSuite, decoder: [String]?, children: [String: String]) -> [String: String] {
        var child = children.filter { !ProcessSpec.isLoaderVariable($0.key) }
        guard decoder != nil else { return child }
        let decoding = children.merging(plan.environment) { _, new in new }
        for (name, value) in decoding where ProcessSpec.isLoaderVariable(name) || plan.environment[name] != nil {
            child[FrameDecoderEnvironment.prefix + name] = value
        }
        return child
    }

    /// The child's document from its standard output, which must agree with its exit status (0
    /// passed, 1 failed, 3 could not run); anything else is a failure saying why there is no result.
    static func read(_ stdout: CapturedOutput, status: ExitStatus?) -> ConformanceDocument {
        let exited = status.map(\.description) ?? "did not exit"
        guard stdout.droppedBytes == 0 else {
            return .failure("the frames check \(exited), and its result is larger than \(ConformanceDocument.maximumBytes) bytes")
        }
        guard !stdout.bytes.isEmpty else { return .failure("the frames check \(exited) without a result") }
        let document: ConformanceDocument
        do {
            document = try ConformanceDocument(jsonBytes: stdout.bytes)
        } catch {
            return .failure("the frames check \(exited), and \(error.description)")
        }
        let expected: Int32 =
            switch document {
            case .result(let result): result.passed ? 0 : 1
            case .failure: 3
            }
        guard status == .exited(code: expected) else {
            return .failure("the frames check \(exited), which does not agree with its result")
        }
        return document
    }

    /// The suite of `result`: one test per acceptance point, a problem per point that fails.
    private static func judge(
        _ result: ConformanceResult, plan: ConfigSuite, command: [String], relativeLog: String, duration: Double
    ) -> StageResult<SuiteOutcome> {
        // The runner decodes the points' cases in shared batches, so no point has a time of its own.
        let tests = result.points.map { point in
            ReportTest(
                name: point.point.rawValue, status: point.holds ? .passed : .failed, durationSeconds: nil,
                message: point.holds ? nil : detail(point))
        }
        let points = result.points.map { point in
            ReportFramePoint(name: point.point.statement, passed: point.holds, detail: detail(point))
        }
        let failing = result.points.filter { !$0.holds }
        let problems = failing.map { point in
            ReportProblem(
                .framePointFailed, subject: .test(point.point.rawValue, suite: plan.name),
                claim: "frame acceptance point does not hold: \(point.point.statement) (\(detail(point)))")
        }
        let suite = ReportSuite(
            name: plan.name, kind: .frames, command: command, status: result.passed ? .passed : .failed,
            durationSeconds: duration, log: relativeLog, tests: tests,
            reasons: failing.map { "frame acceptance point does not hold: \($0.point.statement)" })
        let held = result.points.count - failing.count
        return StageResult(
            SuiteOutcome(suite: suite, frames: ReportFrames(points: points, cases: result.caseCount)),
            detail: "\(held) of \(result.points.count) points hold, \(result.caseCount) cases", problems: problems)
    }

    /// `1049910 of 1049910 cases`, plus the minimised counterexample when the point fails.
    private static func detail(_ point: ConformanceResult.Point) -> String {
        var text = "\(point.passed) of \(point.total) cases"
        if let example = point.counterexample {
            text += "; minimised counterexample \(HexCodec.encode(example.head)): expected \(example.expected), got \(example.actual)"
        }
        return text
    }
}
