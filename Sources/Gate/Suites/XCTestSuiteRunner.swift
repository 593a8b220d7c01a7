//===----------------------------------------------------------------------===//
// XCTestSuiteRunner.swift: an xctest suite: its test lines parsed, its tests judged.
//===----------------------------------------------------------------------===//

import GateCore
import GatePublishing
import GateReport
import XCTestOutput

/// Runs an xctest suite: a ``ConsoleSuite`` whose XCTest and Swift Testing lines are parsed as they
/// come (each finished test on the live line), then reconciled with its result bundle, its failed
/// tests retried, its package's declared tests compared, and its tests judged against its plan.
struct XCTestSuiteRunner: SuiteRunner {
    func run(_ input: SuiteInput, context: RunContext) -> StageResult<SuiteOutcome> {
        let parser = Locked(XCTestLogParser())
        let progress = context.progress
        let redactor = context.redactor
        let reading = ConsoleSuite.Reading(
            line: { text, heartbeat in
                for case .finished(let result) in parser.withLock({ $0.consumeAll(line: Substring(text)) }) {
                    heartbeat.testFinished(failed: result.status == .failed)
                    let mark = result.status == .failed ? "✗" : (result.status == .passed ? "✓" : "-")
                    progress.note(redactor.text("\(mark) \(result.name)"), important: result.status == .failed)
                }
            },
            judge: { ended in judge(ended, results: parser.withLock { $0.finish() }, facts: parser.withLock { $0.facts }, context) })
        return ConsoleSuite.run(input, reading: reading, context: context)
    }

    /// The suite's tests from its parsed `results` (and the log's `facts`), after the child ended.
    private func judge(
        _ ended: ConsoleSuite.Ended, results: [TestResult], facts: LogFacts, _ context: RunContext
    ) -> ConsoleSuite.Tests {
        let (input, plan, supervisor) = (ended.input, ended.input.plan, context.environment.supervisor)
        var (results, facts, finalStatus) = (results, facts, ended.run.end.status)
        var tests = ConsoleSuite.Tests()
        if let bundle = plan.xcresult {
            let read = XCResultSource.read(
                bundle, suite: plan.name, variables: input.variables, archiveTo: input.captures.xcresult, supervisor: supervisor,
                notBefore: ended.startedAt)
            tests.problems += read.problems
            results = XCResultSource.reconcile(console: results, bundle: read.results)
        }
        let complete = ended.run.complete
        // `retry`: the failed tests run again alone; the suite is judged on the merged runs
        // (as `sign` re-derives them from the logs), its exit status on the last one's.
        var retried: SuiteRetry.Outcome?
        if plan.retryFailedTests > 0 && complete {
            let outcome = SuiteRetry(input: input, context: context).run(first: results, facts: facts)
            if !outcome.attempts.isEmpty {
                (results, facts, finalStatus) = (outcome.merge.results, outcome.merge.facts, outcome.lastStatus)
                retried = outcome
            }
        }
        // The package's sources: which declared tests never ran (only a whole run that ended
        // by itself shows that), and the suites Swift Testing's lines do not name.
        let read =
            context.interrupted
            ? nil
            : UnrunTestCheck.check(
                plan: plan, results: results, directory: plan.workingDirectory ?? context.plan.loaded.root,
                variables: input.variables, supervisor: supervisor, domain: input.domain,
                compare: complete && context.plan.shard == nil && finalStatus?.signal == nil)
        for (index, suite) in read?.suites ?? [:] where results.indices.contains(index) { results[index].suite = suite }
        let today = String(ReportTimestamp.string(secondsSince1970: context.environment.wallClock()).prefix(10))
        let judged = SuiteLogJudgement.judge(results, facts: facts, plan: plan, complete: complete, today: today)
        tests.tests = retried?.merge.recorded(judged.tests) ?? judged.tests
        tests.failuresQuarantined = judged.failuresQuarantined
        tests.problems += judged.problems
        tests.missing = judged.missing
        // A shard runs part of the tests: an entry it did not match may match in another.
        tests.unmatchedQuarantine = context.plan.shard == nil ? judged.unmatchedQuarantine : []
        if let read {
            if let note = read.skipped { ended.log.writeLine("[acceptance-gate] \(note)") }
            tests.unrun = read.unrun
            tests.unrunWarn = !read.unrun.isEmpty && plan.unrunTests == .warn
            if !read.unrun.isEmpty && plan.unrunTests == .reject {
                tests.problems.append(
                    ReportProblem(.testsNeverRan, subject: .suite(plan.name), claim: ReportUnrunTest.summary(read.unrun)))
            }
        }
        tests.attempts = retried?.attempts
        tests.finalStatus = finalStatus
        tests.unreadTestLines = facts.unreadTestLines
        return tests
    }
}
