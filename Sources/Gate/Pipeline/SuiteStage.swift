//===----------------------------------------------------------------------===//
// SuiteStage.swift: run one xctest or command suite in its own process group and judge it.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GateCore
import GateProcess
import GatePublishing
import GateReport
import SuiteDomain
import XCTestOutput

/// Runs xctest and command suites.
enum SuiteStage {
    /// Runs `plan` with its output drained into `capture`, stops it by its teardown (at its
    /// timeout, and whatever it left behind when it exits), parses its test lines, and judges it.
    /// - Parameters:
    ///   - plan: the suite.
    ///   - captures: its log (and result bundle JSON), made by the gate before the suite.
    ///   - variables: the environment (the fixture's URLs included).
    ///   - domain: where the suite runs apart from the gate; `nil` to run it as the gate's user.
    ///   - context: the run (where it runs, the children's supervisor, progress, the redactor).
    static func run(
        _ plan: ConfigSuite, captures: SuiteCaptures, variables: [String: String], domain: SuiteDomain?, context: RunContext
    ) -> StageResult<ReportSuite> {
        let capture = captures.log
        let relativeLog = RunContext.logName(plan.name)
        let environment = context.children
        let redactor = context.redactor
        let redact: @Sendable (String) -> String = { redactor.text($0) }
        let started = ContinuousClock.now
        let startedAt = Date()
        let subject = ReportSubject.suite(plan.name)
        func didNotRun(_ reason: String) -> StageResult<ReportSuite> {
            let suite = ReportSuite(
                name: plan.name, kind: plan.kind, command: plan.arguments, status: .error,
                durationSeconds: (.now - started).inSeconds, log: relativeLog, reasons: [reason])
            return StageResult(
                suite, detail: reason, problems: [ReportProblem(.suiteDidNotRun, subject: subject, "suite '\(plan.name)': \(reason)")])
        }
        var variables = variables
        // A destination the team set for the suite (its env, or the gate's own environment) stands.
        if plan.readsSimulatorVariable, variables[SimulatorEnvironment.variable]?.isEmpty ?? true {
            switch SimulatorEnvironment.resolve(supervisor: environment.supervisor, variables: variables) {
            case let .success(destination): variables[SimulatorEnvironment.variable] = destination
            case let .failure(unavailable): return didNotRun(unavailable.reason)
            }
        }
        let log: LogFile
        do {
            log = try capture.writer()
        } catch {
            return didNotRun("its log could not be created: \(error.description)")
        }
        defer { log.close() }
        let parser = Locked(XCTestLogParser())
        let tail = Locked(LogTail(capacity: JUnitRenderer.logTailLines))
        let progress = environment.progress
        let name = plan.name
        let parses = plan.kind == .xctest
        let refused = Locked(false)
        let heartbeat = SuiteHeartbeat(name: name, progress: progress, redact: redact)
        defer { heartbeat.stop() }
        let watch = Locked<OutputHoldWatch?>(nil)
        let handler: @Sendable ([UInt8]) -> Void = { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            tail.withLock { $0.append(text) }
            heartbeat.observe(bytes)
            watch.withLock { $0 }?.observe()
            if Self.isConnectionFailure(text) { refused.withLock { $0 = true } }
            guard parses else { return }
            let events = parser.withLock { $0.consumeAll(line: Substring(text)) }
            for event in events {
                guard case .finished(let result) = event else { continue }
                heartbeat.testFinished(failed: result.status == .failed)
                let mark = result.status == .failed ? "✗" : (result.status == .passed ? "✓" : "-")
                progress.note(redact("\(mark) \(result.name)"), important: result.status == .failed)
            }
        }
        var spec = ProcessSpec(
            arguments: plan.arguments, environment: variables, workingDirectory: plan.workingDirectory ?? context.plan.loaded.root,
            stdin: .null, stdout: .log(to: log, lines: handler), stderr: .log(to: log, lines: handler))
        let supervisor = environment.supervisor
        if let domain {
            do {
                spec = try domain.wrap(spec, supervisor: supervisor)
            } catch {
                log.writeLine("[acceptance-gate] could not start: \(error.description)")
                return didNotRun(error.description)
            }
        }
        let process: SupervisedProcess
        do {
            process = try supervisor.start(spec, policy: plan.teardown)
        } catch {
            log.writeLine("[acceptance-gate] could not start: \(error.description)")
            return didNotRun("it could not start: \(error.description)")
        }
        // A background process a test left holding the test output keeps the runner waiting.
        let holdWatch = OutputHoldWatch(
            process: process, supervisor: supervisor, grace: plan.teardown.strayGrace,
            waiting: { heartbeat.waiting($0.map(redact)) }, noted: { progress.note(redact($0), important: true) })
        watch.withLock { $0 = holdWatch }
        let end = process.finish()
        let held = holdWatch.stop()
        let interrupted = { environment.interrupted }
        var problems: [ReportProblem] = []
        var finalStatus = end.status
        if let failure = end.failure {
            problems.append(
                ReportProblem(.suiteDidNotRun, subject: subject, "suite '\(plan.name)': it could not be waited for: \(failure.description)")
            )
        } else if end.timedOut {
            if !interrupted() {
                problems.append(
                    ReportProblem(
                        .suiteTimedOut, subject: subject,
                        "suite '\(plan.name)': it ran past its timeout of \(ProgressReporter.seconds(plan.timeout.inSeconds)) and was stopped"
                            + (end.teardown.map { " (\($0.description))" } ?? "")))
            }
        } else if end.leftStrays {
            let members = end.teardown?.members ?? []
            let names =
                members.isEmpty
                ? "" : ": " + members.prefix(5).map(\.description).joined(separator: ", ") + (members.count > 5 ? ", …" : "")
            let killed = (end.teardown?.killed.count).map { $0 > 0 ? " (\($0) needed SIGKILL)" : "" } ?? ""
            problems.append(
                ReportProblem(
                    .strayProcesses, subject: subject,
                    "suite '\(plan.name)': it left processes running after it exited, which were stopped\(names)\(killed)"))
        }
        if !held.stopped.isEmpty && !interrupted() {
            let names = held.stopped.prefix(5).map(\.description).joined(separator: ", ") + (held.stopped.count > 5 ? ", …" : "")
            let killed = held.killed.isEmpty ? "" : " (\(held.killed.count) needed SIGKILL)"
            problems.append(
                ReportProblem(
                    .strayProcesses, subject: subject,
                    "suite '\(plan.name)': its tests had finished, but processes they started kept holding the test output, which"
                        + " kept the runner waiting; they were stopped: \(names)\(killed)"))
            log.writeLine("[acceptance-gate] stopped \(names): it held the test output after the tests finished")
        }
        let drained = end.outputComplete
        let duration = (.now - started).inSeconds
        log.writeLine(
            "[acceptance-gate] \(plan.name) \(finalStatus.map(\.description) ?? "did not exit") after \(ProgressReporter.seconds(duration))"
        )

        var tests: [ReportTest] = []
        var missing: [String] = []
        // Every failed test is quarantined: the failures the suite's exit status and xcodebuild's
        // closing block report are those, so neither rejects on its own.
        var failuresQuarantined = false
        var unmatchedQuarantine: [String] = []
        var facts = LogFacts()
        var unrun: [ReportUnrunTest] = []
        // A suite stopped early (timeout, interruption) ran only part of its tests: its failed
        // tests count, but what it did not reach is no finding of its own.
        let complete = !end.timedOut && end.failure == nil && !interrupted()
        var retried: SuiteRetry.Outcome?
        if parses {
            var results = parser.withLock { $0.finish() }
            facts = parser.withLock { $0.facts }
            if let bundle = plan.xcresult {
                let read = XCResultSource.read(
                    bundle, suite: plan.name, variables: variables, archiveTo: captures.xcresult, supervisor: supervisor,
                    notBefore: startedAt)
                problems += read.problems
                results = XCResultSource.reconcile(console: results, bundle: read.results)
            }
            // `retry`: the failed tests run again alone; the suite is judged on the merged runs
            // (as `sign` re-derives them from the logs), its exit status on the last one's.
            if plan.retryFailedTests > 0 && complete {
                let outcome = SuiteRetry(plan: plan, captures: captures, variables: variables, domain: domain, context: context)
                    .run(first: results, facts: facts)
                if !outcome.attempts.isEmpty {
                    (results, facts, finalStatus) = (outcome.merge.results, outcome.merge.facts, outcome.lastStatus)
                    retried = outcome
                }
            }
            // The package's sources: which declared tests never ran (only a whole run that ended
            // by itself shows that), and the suites Swift Testing's lines do not name.
            let read =
                interrupted()
                ? nil
                : UnrunTestCheck.check(
                    plan: plan, results: results, directory: plan.workingDirectory ?? context.plan.loaded.root, supervisor: supervisor,
                    domain: domain, compare: complete && context.plan.shard == nil && finalStatus?.signal == nil)
            for (index, suite) in read?.suites ?? [:] where results.indices.contains(index) { results[index].suite = suite }
            let today = String(ReportTimestamp.string(secondsSince1970: environment.wallClock()).prefix(10))
            let judged = SuiteLogJudgement.judge(results, facts: facts, plan: plan, complete: complete, today: today)
            tests = retried?.merge.recorded(judged.tests) ?? judged.tests
            failuresQuarantined = judged.failuresQuarantined
            problems += judged.problems
            missing = judged.missing
            // A shard runs part of the tests: an entry it did not match may match in another.
            unmatchedQuarantine = context.plan.shard == nil ? judged.unmatchedQuarantine : []
            if let read {
                if let note = read.skipped { log.writeLine("[acceptance-gate] \(note)") }
                unrun = read.unrun
                if !unrun.isEmpty && plan.unrunTests == .reject {
                    problems.append(
                        ReportProblem(.testsNeverRan, subject: subject, "suite '\(plan.name)': " + ReportUnrunTest.summary(unrun)))
                }
            }
        }
        // A suite that ran nothing or failed may not have built: say so, with the first compiler
        // error, instead of "zero tests".
        if problems.contains(where: { $0.code == .zeroTests || $0.code == .suiteExitStatus }),
            let reason = BuildFailureDetector.reason(command: plan.arguments, log: Self.head(of: capture))
        {
            problems.removeAll { $0.code == .zeroTests }
            problems.insert(ReportProblem(.testsDidNotBuild, subject: subject, "suite '\(plan.name)': \(reason)"), at: 0)
        }
        if !drained && complete {
            problems.append(
                ReportProblem(
                    .incompleteLog, subject: subject,
                    "suite '\(plan.name)': output was still arriving when the gate stopped reading (a process outside the suite's group holds its pipe), so its log is incomplete"
                ))
        }
        if let finalStatus, !end.timedOut, !finalStatus.isSuccess, !interrupted(), !(failuresQuarantined && finalStatus.signal == nil) {
            let code: ReportProblemCode = finalStatus.signal != nil ? .suiteCrashed : .suiteExitStatus
            problems.insert(ReportProblem(code, subject: subject, "suite '\(plan.name)': it \(finalStatus.description)"), at: 0)
        }
        let timedOut = end.timedOut && !interrupted()
        let verdict: ReportSuiteStatus = timedOut ? .timedOut : (problems.isEmpty && !interrupted() ? .passed : .failed)
        let prefix = "suite '\(plan.name)': "
        let reasons = problems.map { $0.sentence.hasPrefix(prefix) ? String($0.sentence.dropFirst(prefix.count)) : $0.sentence }
        // The problem the verdict line will show first (ReportDecision.ordered) points at the log;
        // the report writes the hints into its sentence when it settles.
        if let lead = problems.firstIndex(where: { !ReportDecision.genericCodes.contains($0.code) }) ?? problems.indices.first {
            problems[lead].hints.append(.seeLog(relativeLog))
            if refused.withLock({ $0 }) && variables["ACCEPTANCE_GATE_ORIGIN_URL"] != nil {
                problems[lead].hints.append(.simulatorLoopback)
            }
        }
        var suite = ReportSuite(
            name: plan.name, kind: plan.kind, command: plan.arguments, status: verdict,
            exit: finalStatus.map(reportExit), durationSeconds: duration, log: relativeLog, tests: tests,
            missingTests: missing, reasons: reasons, logTail: verdict == .passed ? nil : tail.withLock { $0.lines },
            unreadTestLines: facts.unreadTestLines > 0 ? facts.unreadTestLines : nil)
        suite.unmatchedQuarantine = unmatchedQuarantine.isEmpty ? nil : unmatchedQuarantine
        suite.attempts = retried?.attempts
        suite.unrunTests = unrun.isEmpty ? nil : unrun
        suite.unrunTestsWarn = !unrun.isEmpty && plan.unrunTests == .warn ? true : nil
        heartbeat.stop()
        var result = StageResult(suite, status: interrupted() ? .aborted : nil, detail: detail(suite), problems: problems)
        if verdict != .passed && !interrupted() {
            result.notes = Self.tailNotes(tail.withLock { $0.lines }, redact: redact)
        }
        return result
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
    private static func detail(_ suite: ReportSuite) -> String {
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
