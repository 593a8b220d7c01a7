//===----------------------------------------------------------------------===//
// SupervisedSuiteTests.swift: every suite's child is stopped by the plan's grace, and by the right one.
//===----------------------------------------------------------------------===//

import GateConfig
import GateProcess
import GateReport
import GateTestSupport
import Testing

@testable import Gate

/// The supervised-suite core every runner starts its child through: at its timeout the suite's
/// group gets SIGTERM and the suite's grace (5 s, docs/run.md: xcodebuild needs them to stop its
/// simulators) before SIGKILL; what it left in its group after it exited gets its stray grace (2 s)
/// instead. Each child here ignores SIGTERM, so its teardown lasts the whole grace it was given.
@Suite("supervised suite", .serialized, .timeLimit(.minutes(2)))
struct SupervisedSuiteTests {
    /// The suite `script` runs as, with `timeout`, and the core's account of how it ran.
    private func run(_ script: String, timeout: Duration) throws -> SupervisedSuite.Ended {
        let harness = try PipelineHarness()
        let suite = ConfigSuite(name: "grace", kind: .command, command: ["sh", "-c", script], timeout: timeout)
        let context = RunContext(plan: harness.plan(suites: [suite]), environment: harness.environment)
        let spec = ProcessSpec(
            arguments: suite.arguments, environment: ["PATH": "/usr/bin:/bin"], workingDirectory: harness.root, stdout: .collect(),
            stderr: .collect())
        return try SupervisedSuite.run(spec, plan: suite, domain: nil, context: context)
    }

    @Test func aSuitePastItsTimeoutGetsTheSuitesFiveSecondGraceBeforeSIGKILL() throws {
        let ended = try run("trap '' TERM; sleep 60", timeout: .seconds(1))
        let teardown = try #require(ended.end.teardown)
        #expect(ended.end.timedOut)
        #expect(teardown.reason == .deadline)
        #expect(teardown.grace == .seconds(5), "the suite's grace is 5 s: \(teardown)")
        #expect(teardown.endedBy == .kill, "SIGTERM was ignored, so only SIGKILL ended it: \(teardown)")
        #expect(teardown.duration >= .milliseconds(4900), "SIGKILL came only after the grace: \(teardown)")
        let problem = try #require(ended.problems.first)
        #expect(problem.code == .suiteTimedOut)
        #expect(problem.sentence.hasPrefix("suite 'grace': it ran past its timeout of 1.00s and was stopped (deadline reached"))
        #expect(!ended.complete)
    }

    @Test func whatASuiteLeftInItsGroupGetsTheStrayGraceNotTheSuitesGrace() throws {
        // The suite exits at once; the sleep it started stays in its group and ignores SIGTERM.
        let started = ContinuousClock.now
        let ended = try run("(trap '' TERM; exec sleep 60) & sleep 0.2; echo started", timeout: .seconds(60))
        let teardown = try #require(ended.end.teardown)
        #expect(ended.end.status == .exited(code: 0))
        #expect(teardown.reason == .strayProcesses)
        #expect(teardown.grace == .seconds(2), "the stray grace, not the suite's 5 s: \(teardown)")
        #expect(teardown.endedBy == .kill, "\(teardown)")
        #expect(ContinuousClock.now - started < .milliseconds(4800), "SIGKILL came after 2 s, not 5 s")
        let problem = try #require(ended.problems.first)
        #expect(problem.code == .strayProcesses)
        if Platform.current.namesGroupMembers {
            #expect(problem.claim.hasPrefix("it left processes running after it exited, which were stopped: pid "), "\(problem.claim)")
            #expect(problem.claim.hasSuffix("(1 needed SIGKILL)"), "\(problem.claim)")
        } else {
            // A portable build cannot read the process table: the processes are stopped, unnamed.
            #expect(problem.claim == "it left processes running after it exited, which were stopped", "\(problem.claim)")
        }
        #expect(problem.sentence == "suite 'grace': " + problem.claim)
        #expect(ended.complete)
    }
}
