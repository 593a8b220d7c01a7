//===----------------------------------------------------------------------===//
// ConsoleSuite.swift: a suite judged by what it prints and how it exits (xctest and command).
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateProcess
import GatePublishing
import GateReport
import XCTestOutput

/// A suite whose evidence is its console: its output streams into its log (and the live line),
/// its child runs through ``SupervisedSuite``, and it is judged on its exit status and, through
/// what its kind reads from the lines (``Reading``), on its tests. The xctest and command runners
/// are this with and without a reading.
enum ConsoleSuite {
    /// What a kind reads from the suite's lines, and what it makes of them once the child ended.
    struct Reading {
        /// Each line as it comes (its text and the heartbeat it may tell of a finished test).
        var line: @Sendable (String, SuiteHeartbeat) -> Void
        /// The tests and their problems, once the child ended.
        var judge: (Ended) -> Tests
    }

    /// What the runner knows when the child has ended.
    struct Ended {
        /// The suite's input (its variables with a simulator destination the gate chose).
        var input: SuiteInput
        /// How the child ran.
        var run: SupervisedSuite.Ended
        /// When it started, by the wall clock (a result bundle older than that is not its evidence).
        var startedAt: Date
        /// Its log, for the gate's own lines.
        var log: LogFile
    }

    /// What a reading found: the suite's tests and what they say.
    struct Tests {
        var tests: [ReportTest] = []
        var problems: [ReportProblem] = []
        var missing: [String] = []
        /// There were failed tests and a quarantine entry holds each, so the exit status does not reject.
        var failuresQuarantined = false
        var unmatchedQuarantine: [String] = []
        var unrun: [ReportUnrunTest] = []
        var unrunWarn = false
        var attempts: [ReportSuiteAttempt]?
        /// The exit status the suite is judged on (the last retry's, after retries).
        var finalStatus: ExitStatus?
        var unreadTestLines = 0
    }

    /// Runs `input`'s command with its output drained into its log, and judges it.
    static func run(_ input: SuiteInput, reading: Reading?, context: RunContext) -> StageResult<SuiteOutcome> {
        let plan = input.plan
        let started = ContinuousClock.now
        let startedAt = Date()
        let subject = ReportSubject.suite(plan.name)
        func didNotRun(_ reason: String) -> StageResult<SuiteOutcome> {
            let suite = ReportSuite(
                name: plan.name, kind: plan.kind, command: plan.arguments, status: .error,
                durationSeconds: (.now - started).inSeconds, log: input.relativeLog, reasons: [reason])
            return StageResult(
                SuiteOutcome(suite: suite), detail: reason, problems: [ReportProblem(.suiteDidNotRun, subject: subject, claim: reason)])
        }
        var input = input
        // A destination the team set for the suite (its env, or the gate's own environment) stands.
        if plan.readsSimulatorVariable, input.variables[SimulatorEnvironment.variable]?.isEmpty ?? true {
            switch SimulatorEnvironment.resolve(supervisor: context.environment.supervisor, variables: input.variables) {
            case let .success(destination): input.variables[SimulatorEnvironment.variable] = destination
            case let .failure(unavailable): return didNotRun(unavailable.reason)
            }
        }
        let log: LogFile
        do {
            log = try input.captures.log.writer()
        } catch {
            return didNotRun("its log could not be created: \(error.description)")
        }
        defer { log.close() }
        let redactor = context.redactor
        let redact: @Sendable (String) -> String = { redactor.text($0) }
        let tail = Locked(LogTail(capacity: JUnitRenderer.logTailLines))
        let refused = Locked(false)
        let progress = context.progress
        let heartbeat = SuiteHeartbeat(name: plan.name, progress: progress, redact: redact)
        defer { heartbeat.stop() }
        let hold = SupervisedSuite.HoldWatch(
            slot: Locked(nil), waiting: { heartbeat.waiting($0.map(redact)) }, noted: { progress.note(redact($0), important: true) })
        let read = reading?.line
        let handler: @Sendable ([UInt8]) -> Void = { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            tail.withLock { $0.append(text) }
            heartbeat.observe(bytes)
            hold.slot.withLock { $0 }?.observe()
            if SuiteStage.isConnectionFailure(text) { refused.withLock { $0 = true } }
            read?(text, heartbeat)
        }
        let directory = plan.workingDirectory ?? context.plan.loaded.root
        // A loopback suite's remote dependencies, fetched first with the host's network, into a log
        // of its own that nothing reads for test results (what had the network cannot speak for the
        // tests); a refusal SwiftPM reports while it fetches says nothing of the suite's connections.
        let fetchLines: @Sendable ([UInt8]) -> Void = { bytes in
            tail.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
            heartbeat.observe(bytes)
        }
        let fetch = SuiteFetch.run(input, directory: directory, lines: fetchLines, context: context)
        if let failure = fetch?.failure {
            var result = didNotRun(failure)
            result.value.fetch = fetch?.record
            if context.interrupted { result.status = .aborted }
            result.notes = SuiteStage.tailNotes(tail.withLock { $0.lines }, redact: context.redactor.text)
            return result
        }
        let spec = ProcessSpec(
            arguments: plan.arguments, environment: input.variables, workingDirectory: directory, stdin: .null,
            stdout: .log(to: log, lines: handler), stderr: .log(to: log, lines: handler))
        // The fetch's time is the suite's: together they take no longer than its timeout.
        var timed = plan
        if let fetch { timed.timeout = max(plan.timeout - .seconds(fetch.record.seconds), .seconds(1)) }
        let run: SupervisedSuite.Ended
        do {
            run = try SupervisedSuite.run(spec, plan: timed, domain: input.domain, context: context, holdWatch: hold)
        } catch {
            log.writeLine("[acceptance-gate] could not start: \(error.cause)")
            return didNotRun(error.reason)
        }
        if !run.heldOutput.isEmpty && !run.interrupted {
            let names = run.heldOutput.prefix(5).map(\.description).joined(separator: ", ") + (run.heldOutput.count > 5 ? ", …" : "")
            log.writeLine("[acceptance-gate] stopped \(names): it held the test output after the tests finished")
        }
        let duration = (.now - started).inSeconds
        log.writeLine(
            "[acceptance-gate] \(plan.name) \(run.end.status.map(\.description) ?? "did not exit") after \(ProgressReporter.seconds(duration))"
        )
        var tests = reading?.judge(Ended(input: input, run: run, startedAt: startedAt, log: log)) ?? Tests()
        if reading == nil { tests.finalStatus = run.end.status }
        heartbeat.stop()
        var result = judge(
            input, run: run, tests: tests, duration: duration, tail: tail.withLock { $0.lines }, refused: refused.withLock { $0 },
            context: context)
        result.value.fetch = fetch?.record
        return result
    }

    /// The suite's verdict, record and problems: what the child's ending and its tests say, the
    /// build failure behind a suite that ran nothing, its exit status, and where to look.
    private static func judge(
        _ input: SuiteInput, run: SupervisedSuite.Ended, tests: Tests, duration: Double, tail: [String], refused: Bool,
        context: RunContext
    ) -> StageResult<SuiteOutcome> {
        let plan = input.plan
        let subject = ReportSubject.suite(plan.name)
        var problems = run.problems + tests.problems
        let interrupted = { context.interrupted }
        // A suite that ran nothing or failed may not have built: say so, with the first compiler
        // error, instead of "zero tests".
        if problems.contains(where: { $0.code == .zeroTests || $0.code == .suiteExitStatus }),
            let reason = BuildFailureDetector.reason(command: plan.arguments, log: SuiteStage.head(of: input.captures.log))
        {
            problems.removeAll { $0.code == .zeroTests }
            problems.insert(ReportProblem(.testsDidNotBuild, subject: subject, claim: reason), at: 0)
        }
        if !run.end.outputComplete && run.complete {
            problems.append(
                ReportProblem(
                    .incompleteLog, subject: subject,
                    claim: "output was still arriving when the gate stopped reading (a process outside the suite's group holds its"
                        + " pipe), so its log is incomplete"))
        }
        let finalStatus = tests.finalStatus
        if let finalStatus, !run.end.timedOut, !finalStatus.isSuccess, !interrupted(),
            !(tests.failuresQuarantined && finalStatus.signal == nil)
        {
            let code: ReportProblemCode = finalStatus.signal != nil ? .suiteCrashed : .suiteExitStatus
            problems.insert(ReportProblem(code, subject: subject, claim: "it \(finalStatus.description)"), at: 0)
        }
        let timedOut = run.end.timedOut && !interrupted()
        let verdict: ReportSuiteStatus = timedOut ? .timedOut : (problems.isEmpty && !interrupted() ? .passed : .failed)
        var reasons = problems.map(\.claim)
        // What a loopback suite tried to reach is why many fail: the way out ends its reasons.
        let networkHint = verdict == .passed || interrupted() ? nil : SuiteNetworkHint.line(domain: input.domain)
        if let networkHint { reasons.append(networkHint) }
        // The problem the verdict line will show first (ReportDecision.ordered) points at the log;
        // the report writes the hints into its sentence when it settles.
        if let lead = problems.firstIndex(where: { !ReportDecision.genericCodes.contains($0.code) }) ?? problems.indices.first {
            problems[lead].hints.append(.seeLog(input.relativeLog))
            if refused && input.variables["ACCEPTANCE_GATE_ORIGIN_URL"] != nil {
                problems[lead].hints.append(.simulatorLoopback)
            }
        }
        var suite = ReportSuite(
            name: plan.name, kind: plan.kind, command: plan.arguments, status: verdict,
            exit: finalStatus.map(SuiteStage.reportExit), durationSeconds: duration, log: input.relativeLog, tests: tests.tests,
            missingTests: tests.missing, reasons: reasons, logTail: verdict == .passed ? nil : tail,
            unreadTestLines: tests.unreadTestLines > 0 ? tests.unreadTestLines : nil)
        suite.unmatchedQuarantine = tests.unmatchedQuarantine.isEmpty ? nil : tests.unmatchedQuarantine
        suite.attempts = tests.attempts
        suite.unrunTests = tests.unrun.isEmpty ? nil : tests.unrun
        suite.unrunTestsWarn = tests.unrunWarn ? true : nil
        var result = StageResult(
            SuiteOutcome(suite: suite), status: interrupted() ? .aborted : nil, detail: SuiteStage.detail(suite), problems: problems)
        if verdict != .passed && !interrupted() {
            result.notes = SuiteStage.tailNotes(tail, redact: context.redactor.text) + (networkHint.map { [$0] } ?? [])
        }
        return result
    }
}
