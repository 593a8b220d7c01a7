//===----------------------------------------------------------------------===//
// SuiteRetry.swift: run an xctest suite's failed tests again, alone, up to its `retry` attempts.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GateCore
import GateProcess
import GatePublishing
import GateReport
import XCTestOutput

/// An xctest suite's `retry` (``ConfigSuite/retryFailedTests``): after its first run, the tests
/// that failed (a crashed test among them) run again with the runner's own filter
/// (``RunnerTestSelection``), each attempt in its own capture, archived and scanned like the
/// first, until none fails or the attempts run out. The outcomes merge (``SuiteRetryMerge``)
/// into what ``XCTestSuiteRunner`` judges.
struct SuiteRetry {
    /// What the retries gave.
    struct Outcome {
        /// The first run and the retries, merged.
        var merge: SuiteRetryMerge
        /// Each retry, in order.
        var attempts: [ReportSuiteAttempt]
        /// How the last retry's process ended, when it was reaped.
        var lastStatus: ExitStatus?
        /// Whether the last retry ran to its end (no timeout, no interruption, reaped): one that
        /// did not ends the retries, its tests still failed.
        var complete: Bool
    }

    /// The suite as its first run ran: its captures (one per attempt in
    /// ``SuiteCaptures/attempts``), its environment, its domain.
    var input: SuiteInput
    /// The run.
    var context: RunContext

    private var plan: ConfigSuite { input.plan }

    /// Runs the failed tests of the first run (`results`, `facts`) again until none fails, the
    /// attempts run out, or an attempt does not end by itself.
    func run(first results: [TestResult], facts: LogFacts) -> Outcome {
        var outcome = Outcome(
            merge: SuiteRetryMerge(first: results, facts: facts, log: RunContext.logName(plan.name)), attempts: [],
            lastStatus: nil, complete: true)
        // The command as configured: a shard's filter (appended for the first run) would widen the
        // retry's, since `swift test` runs what any `--filter` matches.
        let command = context.configuration.suites.first { $0.name == plan.name }?.arguments ?? plan.arguments
        for (offset, capture) in input.captures.attempts.prefix(plan.retryFailedTests).enumerated() {
            let (tests, modules) = outcome.merge.failed
            guard !tests.isEmpty, outcome.complete, !context.interrupted else { break }
            let number = offset + 1
            let selection = RunnerTestSelection(tests: tests, modules: modules)
            let applied = selection.applied(to: command, testsFile: testsFile(selection, attempt: number))
            // What the filter cannot name cannot be retried: it keeps its first failure.
            let named = tests.filter { !applied.unfilterable.contains($0) }
            guard !named.isEmpty else { break }
            context.progress.note(
                "\(plan.name): retry \(number) of \(plan.retryFailedTests): \(named.count) failed test(s)", important: true)
            var environment = input.variables
            environment.merge(applied.environment) { _, new in new }
            let log = ReportSuite.attemptLogPath(of: plan.name, attempt: number)
            let ran = attempt(applied.arguments, environment: environment, capture: capture)
            outcome.merge.merge(ran.results, tests: named, log: log)
            outcome.attempts.append(
                ReportSuiteAttempt(
                    tests: named, exit: ran.status.map(SuiteStage.reportExit), log: log, durationSeconds: ran.duration))
            outcome.lastStatus = ran.status
            outcome.complete = ran.complete
        }
        return outcome
    }

    /// The file of test names a runner the gate does not know reads, where the suite can read it:
    /// a copy the domain shares when it runs separated (the capture folder is hidden from it).
    private func testsFile(_ selection: RunnerTestSelection, attempt: Int) -> String? {
        guard RunnerTestSelection.runner(of: plan.arguments) == .other else { return nil }
        // A separated suite cannot read the capture folder: it reads a copy the domain shares.
        if let domain = input.domain { return domain.share(selection.testsFileBytes, name: "retry-tests") }
        return try? input.captures.folder.keep("\(plan.name).retry-\(attempt)-tests.txt", selection.testsFileBytes)
    }

    /// One attempt: `arguments` run as the suite runs (its folder, its teardown, its domain),
    /// drained into `capture` and parsed.
    private func attempt(
        _ arguments: [String], environment: [String: String], capture: CaptureFile
    ) -> (results: [TestResult], status: ExitStatus?, complete: Bool, duration: Double) {
        let started = ContinuousClock.now
        guard let log = try? capture.writer() else { return ([], nil, false, 0) }
        defer { log.close() }
        let parser = Locked(XCTestLogParser())
        let progress = context.progress
        let redactor = context.redactor
        // Each retried test's outcome on the live lines, as the first run's were.
        let handler: @Sendable ([UInt8]) -> Void = { bytes in
            let events = parser.withLock { $0.consumeAll(line: Substring(String(decoding: bytes, as: UTF8.self))) }
            for case .finished(let result) in events {
                let mark = result.status == .failed ? "✗" : (result.status == .passed ? "✓" : "-")
                progress.note(redactor.text("\(mark) \(result.name) (retry)"), important: result.status == .failed)
            }
        }
        let spec = ProcessSpec(
            arguments: arguments, environment: environment, workingDirectory: plan.workingDirectory ?? context.plan.loaded.root,
            stdin: .null, stdout: .log(to: log, lines: handler), stderr: .log(to: log, lines: handler))
        let end: ProcessEnd
        do {
            end = try SupervisedSuite.run(spec, plan: plan, domain: input.domain, context: context).end
        } catch {
            log.writeLine("[acceptance-gate] could not start: \(error.cause)")
            return ([], nil, false, (.now - started).inSeconds)
        }
        let duration = (.now - started).inSeconds
        log.writeLine(
            "[acceptance-gate] \(plan.name) retry \(end.status.map(\.description) ?? "did not exit") after "
                + ProgressReporter.seconds(duration))
        let complete = !end.timedOut && end.failure == nil && !context.interrupted
        return (parser.withLock { $0.finish() }, end.status, complete, duration)
    }
}
