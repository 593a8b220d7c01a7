// AcceptanceRunTests.swift
//
// The pipeline end to end, in-process, and the faults it must survive (issue #7). Every test is
// bounded in time and checks that no process of the run is left behind.

import Dispatch
import Foundation
import Gate
import GateConfig
import GateProcess
import GatePublishing
import GateReport
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("AcceptanceRun", .serialized, .timeLimit(.minutes(2)))
struct AcceptanceRunTests {
    init() throws {
        try Subreaper.enable()
    }

    private let names = ["RedirectBoundaryTests.testA", "RedirectBoundaryTests.testB"]

    @Test func anAcceptedRunWritesEveryFileAndProvesTheFixtureGone() throws {
        let harness = try PipelineHarness()
        let plan = harness.plan(
            fixture: ConfigFixture(ports: .automatic, expectForeignRequests: 0),
            suites: [
                PipelineHarness.xctest(
                    "boundary", "test -n \"$ACCEPTANCE_GATE_ORIGIN_URL\" && " + PipelineHarness.passing(names), expect: names),
                ConfigSuite(name: "frames", kind: .frames, limit: 64),
            ])
        let outcome = try harness.run(plan)
        #expect(outcome.exitCode == 0, "\(outcome.report.reasons)")
        #expect(outcome.report.verdict == .accepted)
        #expect(outcome.files == ["report.json", "junit.xml", "summary.md", "report.html", "report.intoto.json", "report.predicate.json"])
        let fixture = try #require(outcome.report.fixture)
        #expect(fixture.exit?.verified == true)
        #expect(fixture.exit?.code == 0)
        #expect(fixture.ledger?.foreign.requests == 0)
        #expect(fixture.stop?.how == .terminated)
        #expect(outcome.report.suites.map(\.status) == [.passed, .passed])
        #expect(outcome.report.suites[0].tests.map(\.name) == names)
        #expect(outcome.report.frames?.points.count == 4)
        #expect(
            Set(outcome.report.logs.map(\.path)) == [
                "logs/boundary.log", "logs/fixture.log", "logs/fixture-ledger.json", "logs/frames.log",
            ])
        #expect(outcome.report.commit?.id.count == 40)
        #expect(outcome.report.toolchain?.swiftVersion == "6.3.1")
        let json = try #require(harness.outputs()["report.json"])
        #expect(json.contains("\"verdict\" : \"accepted\""))
        if let pid = fixture.pid { #expect(kill(pid_t(pid), 0) == -1) }
    }

    @Test func aHangingSuiteWithAGrandchildIsStoppedAtItsTimeout() throws {
        let harness = try PipelineHarness()
        let suite = PipelineHarness.xctest("hang", "sleep 61 & sleep 62", timeout: .milliseconds(500))
        let start = ContinuousClock.now
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(ContinuousClock.now - start < .seconds(15))
        #expect(outcome.exitCode == 3, "a timeout is an infrastructure failure (design.md)")
        #expect(outcome.report.suites.first?.status == .timedOut)
        #expect(outcome.report.reasons.contains { $0.contains("timeout") })
        #expect(
            try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: ["pgrep", "-f", "sleep 6[12]"], environment: [:]), timeout: .seconds(5)
            ).status
                != .exited(code: 0))
    }

    @Test func aFilterThatMatchesNoTestRejects() throws {
        let harness = try PipelineHarness()
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("empty", "echo 'Executed 0 tests'", expect: names)]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.reasons.contains { $0.contains("zero tests") })
        #expect(outcome.report.suites.first?.missingTests == names)
        let lines = harness.printed.withLock { $0 }.split(separator: "\n")
        #expect(lines.last?.hasPrefix("rejected: suite 'empty': it ran zero tests") == true, "the verdict is the last line")
    }

    @Test func aSkippedExpectedTestRejects() throws {
        let harness = try PipelineHarness()
        let script =
            PipelineHarness.passing([names[0]])
            + "; echo \"Test Case '\(names[1])' started at x\"; echo \"Test Case '\(names[1])' skipped (0.000 seconds)\""
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("skip", script, expect: names)]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.reasons.contains { $0.contains("\(names[1]) was skipped") })
    }

    @Test func aTestProcessThatCrashesMidTestFailsThatTest() throws {
        let harness = try PipelineHarness()
        let script = PipelineHarness.passing([names[0]]) + "; echo \"Test Case '\(names[1])' started at x\"; kill -SEGV $$"
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("crash", script, expect: names)]))
        #expect(outcome.exitCode == 1)
        let suite = try #require(outcome.report.suites.first)
        #expect(suite.exit?.signal == Int(SIGSEGV))
        #expect(suite.tests.first { $0.name == names[1] }?.status == .failed)
        #expect(suite.reasons.first?.contains("SIGSEGV") == true)
    }

    @Test func aFixtureThatNeverBecomesReadyIsAnInfrastructureFailure() throws {
        let harness = try PipelineHarness()
        let fixture = ConfigFixture(
            launch: .command(["sleep", "63"]), ports: .automatic, ready: .init(line: "READY"), readyTimeout: .milliseconds(500))
        let outcome = try harness.run(harness.plan(fixture: fixture, suites: [PipelineHarness.xctest("never", "exit 0")]))
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.reasons.first?.contains("not ready") == true)
        #expect(outcome.report.stages.contains { $0.name == "suite never" && $0.status == .skipped })
        #expect(harness.outputs()["report.json"] != nil)
    }

    @Test func aPortInUseIsAnInfrastructureFailureNamingThePort() throws {
        let busy = try BusyPort()
        let harness = try PipelineHarness()
        let free = try Loopback.freePort()
        let fixture = ConfigFixture(ports: .fixed(origin: busy.port, foreign: free), expectForeignRequests: 0)
        let outcome = try harness.run(harness.plan(fixture: fixture, suites: [PipelineHarness.xctest("x", "exit 0")]))
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.reasons.first?.contains("port \(busy.port)") == true)
    }

    @Test func aFixtureThatDiesDuringTheSuitesRejects() throws {
        let harness = try PipelineHarness()
        let fixture = ConfigFixture(
            launch: .command(["sh", "-c", "echo READY; sleep 0.2; exit 4"]), ports: .automatic, ready: .init(line: "READY"),
            expectForeignRequests: nil)
        let suite = PipelineHarness.xctest("slow", "sleep 1; " + PipelineHarness.passing(names), expect: names)
        let outcome = try harness.run(harness.plan(fixture: fixture, suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.reasons.contains { $0.contains("exited during the suites") })
    }

    @Test func aFixtureThatIgnoresSIGTERMIsKilledReportedAndRejected() throws {
        let harness = try PipelineHarness()
        let fixture = ConfigFixture(
            launch: .command(["sh", "-c", "trap '' TERM; echo READY; while :; do sleep 1; done"]), ports: .automatic,
            ready: .init(line: "READY"),
            teardown: .service(stopGrace: .milliseconds(300)), expectForeignRequests: nil)
        let outcome = try harness.run(
            harness.plan(fixture: fixture, suites: [PipelineHarness.xctest("ok", PipelineHarness.passing(names))]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.fixture?.stop?.how == .killed)
        #expect(outcome.report.fixture?.exit?.verified == false)
        #expect(outcome.report.reasons.contains { $0.contains("ignored SIGTERM") })
        if let pid = outcome.report.fixture?.pid { #expect(kill(-pid_t(pid), 0) == -1) }
    }

    /// A fake, format-valid GitHub token built at test time.
    private func fakeToken(seed: UInt64) -> String { FakeGitHubToken.make(seed: seed) }

    /// Fails when any 12 consecutive characters of `token` appear in `text`.
    private func expectNoPart(of token: String, in text: String, _ place: String) {
        let characters = Array(token)
        for start in 0...(characters.count - 12) {
            let window = String(characters[start..<(start + 12)])
            if text.contains(window) {
                Issue.record("\(place) holds '\(window.prefix(4))…', 12 characters of the token")
                return
            }
        }
    }

    @Test func aTokenPrintedByASuiteRejectsAndAppearsInNoOutput() throws {
        let harness = try PipelineHarness()
        let token = fakeToken(seed: 7)
        let script =
            "echo \"Test Case '\(names[0])' started at x\"; echo \"Authorization: token $LEAK\";"
            + " echo \"/x.swift:1: error: \(names[0]) : XCTAssertEqual failed: ($LEAK)\"; echo \"Test Case '\(names[0])' failed (0.001 seconds)\""
        var suite = PipelineHarness.xctest("leak", script)
        suite.environment = ["LEAK": token]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect((outcome.report.scan?.findings.count ?? 0) >= 1)
        #expect(outcome.report.reasons.contains { $0.contains("token-like") })
        for (name, text) in harness.outputs() {
            expectNoPart(of: token, in: text, name)
        }
        expectNoPart(of: token, in: harness.printed.withLock { $0 }, "the progress output")
    }

    @Test func aTokenInAFixtureFailureAppearsInNoOutput() throws {
        let harness = try PipelineHarness()
        let token = fakeToken(seed: 11)
        let fixture = ConfigFixture(
            launch: .command(["sh", "-c", "echo using token \(token); exit 1"]), ports: .automatic, ready: .init(line: "READY"),
            readyTimeout: .seconds(5), expectForeignRequests: nil)
        let outcome = try harness.run(harness.plan(fixture: fixture, suites: [PipelineHarness.xctest("x", "exit 0")]))
        // The fixture never became ready (infrastructure), and its log leaked a token (the change's
        // fault): a leak is a definite answer, so the run is rejected, with both problems listed.
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.leak, .fixtureNotReady])
        #expect((outcome.report.scan?.findings.count ?? 0) >= 1, "the fixture's log is scanned")
        for (name, text) in harness.outputs() {
            expectNoPart(of: token, in: text, name)
        }
        expectNoPart(of: token, in: harness.printed.withLock { $0 }, "the progress output")
    }

    @Test func inGitHubActionsARejectionAnnotatesAndAppendsTheJobSummary() throws {
        let harness = try PipelineHarness()
        let summary = harness.root + "/step-summary.md"
        _ = FileManager.default.createFile(atPath: summary, contents: Data("earlier step\n".utf8))
        harness.extraVariables = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary]
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("empty", "true", expect: names)]))
        #expect(outcome.exitCode == 1)
        let printed = harness.printed.withLock { $0 }
        let lines = printed.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("::error") && $0.contains("zero tests") })
        // Workflow commands are off from the first line until just before the annotations.
        let token = try #require(lines.first?.split(separator: ":").last.map(String.init))
        #expect(lines.first == "::stop-commands::\(token)")
        let resume = try #require(lines.firstIndex(of: "::\(token)::"))
        let firstError = try #require(lines.firstIndex { $0.hasPrefix("::error") })
        #expect(resume < firstError)
        let appended = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(appended.hasPrefix("earlier step\n"), "appended, not replaced")
        #expect(appended.contains("acceptance-gate: rejected"))
    }

    @Test func noGitRepositoryIsAnInfrastructureFailure() throws {
        let harness = try PipelineHarness()
        var plan = harness.plan(suites: [PipelineHarness.xctest("x", "exit 0")])
        plan.loaded.root = harness.root
        let outcome = try harness.run(plan)
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.reasons.first?.contains("git") == true)
        #expect(outcome.report.stages.first?.status == .failed)
    }

    @Test func requireSignatureWithoutAKeyRejectsBeforeTheSuites() throws {
        let harness = try PipelineHarness()
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("x", "exit 0")], requireSignature: true))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.reasons.first?.contains("--require-signature") == true)
        #expect(outcome.report.suites.isEmpty)
        #expect(outcome.report.signature?.signed == false)
    }

    @Test func anUnwritableOutFolderIsAClearError() throws {
        let harness = try PipelineHarness()
        let blocker = harness.root + "/file"
        _ = FileManager.default.createFile(atPath: blocker, contents: Data())
        do {
            _ = try harness.run(harness.plan(suites: [PipelineHarness.xctest("x", "exit 0")], out: blocker + "/out"))
            Issue.record("the run went ahead")
        } catch {
            #expect("\(error)".hasPrefix("cannot write to '\(blocker)/out/'"))
            #expect("\(error)".hasSuffix("choose a writable folder with --out"))
        }
    }

    @Test func aLogsFolderTheGateDidNotWriteIsNeverCleared() throws {
        let harness = try PipelineHarness()
        try FileManager.default.createDirectory(atPath: harness.out + "/logs", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: harness.out + "/logs/keep.txt", contents: Data("mine".utf8))
        #expect(throws: GateRunError.self) { try harness.run(harness.plan(suites: [PipelineHarness.xctest("x", "exit 0")])) }
        #expect(FileManager.default.fileExists(atPath: harness.out + "/logs/keep.txt"))
    }

    @Test func anEarlierRunsSignatureDoesNotSurviveAnUnsignedRun() throws {
        let harness = try PipelineHarness()
        let plan = harness.plan(suites: [PipelineHarness.xctest("x", PipelineHarness.passing(names))])
        _ = try harness.run(plan)
        _ = FileManager.default.createFile(atPath: harness.out + "/report.dsse.json", contents: Data("{}".utf8))
        let second = try harness.run(plan)
        #expect(second.report.signature?.signed == false)
        #expect(!FileManager.default.fileExists(atPath: harness.out + "/report.dsse.json"))
        #expect(FileManager.default.fileExists(atPath: harness.out + "/logs/x.log"))
    }

    @Test func requireCleanIgnoresTheGatesOwnOutFolderInsideTheTree() throws {
        let harness = try PipelineHarness()
        var plan = harness.plan(
            suites: [PipelineHarness.xctest("x", PipelineHarness.passing(names))], out: harness.repository + "/.acceptance-gate")
        plan.configuration.git.requireClean = true
        #expect(try harness.run(plan).exitCode == 0)
        let second = try harness.run(plan)
        #expect(second.exitCode == 0, "\(second.report.reasons)")
        _ = FileManager.default.createFile(atPath: harness.repository + "/stray.txt", contents: Data())
        let dirty = try harness.run(plan)
        #expect(dirty.exitCode == 1)
        #expect(dirty.report.reasons.first?.contains("stray.txt") == true)
    }

    @Test func anInterruptionDuringASuiteStopsItAndLeavesAnAbortedReport() throws {
        let harness = try PipelineHarness()
        let monitor = harness.monitor
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(700)) { monitor.interrupt(with: SIGINT) }
        let start = ContinuousClock.now
        let outcome = try harness.run(
            harness.plan(
                fixture: ConfigFixture(ports: .automatic, expectForeignRequests: 0),
                suites: [PipelineHarness.xctest("long", "sleep 64"), PipelineHarness.xctest("next", "exit 0")]))
        #expect(ContinuousClock.now - start < .seconds(7))
        #expect(outcome.exitCode == 130)
        #expect(outcome.report.verdict == .aborted)
        #expect(outcome.report.stages.contains { $0.name == "suite next" && $0.status == .aborted })
        #expect(harness.outputs()["report.json"]?.contains("\"aborted\"") == true)
        if let pid = outcome.report.fixture?.pid { #expect(kill(-pid_t(pid), 0) == -1) }
    }

    @Test func anInterruptionBeforeTheFirstStageSkipsEverythingAndStillReports() throws {
        let harness = try PipelineHarness()
        harness.monitor.interrupt(with: SIGINT)
        let deadline = ContinuousClock.now + .seconds(5)
        while harness.monitor.received == nil && ContinuousClock.now < deadline { usleep(5_000) }
        let outcome = try harness.run(
            harness.plan(
                fixture: ConfigFixture(ports: .automatic, expectForeignRequests: 0), suites: [PipelineHarness.xctest("x", "exit 0")]))
        #expect(outcome.exitCode == 130)
        #expect(outcome.report.verdict == .aborted)
        #expect(outcome.report.fixture == nil, "no fixture was started")
        #expect(outcome.report.stages.contains { $0.name == "suite x" && $0.status == .aborted })
        #expect(harness.outputs()["report.json"] != nil)
    }

    @Test func anInterruptionDuringTheFramesSuiteReturnsAtOnce() throws {
        let harness = try PipelineHarness()
        let monitor = harness.monitor
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) { monitor.interrupt(with: SIGTERM) }
        let start = ContinuousClock.now
        // The full 1 MiB suite takes seconds in a debug build; the stage must not wait for it.
        let outcome = try harness.run(harness.plan(suites: [ConfigSuite(name: "frames", kind: .frames)]))
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(outcome.exitCode == 143)
        #expect(outcome.report.verdict == .aborted)
        #expect(outcome.report.suites.first?.reasons == ["the run was interrupted"])
    }

    @Test func anInterruptionDuringFixtureStartLeavesAnAbortedReport() throws {
        let harness = try PipelineHarness()
        let monitor = harness.monitor
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) { monitor.interrupt(with: SIGTERM) }
        let fixture = ConfigFixture(launch: .command(["sh", "-c", "sleep 5; echo READY"]), ports: .automatic, ready: .init(line: "READY"))
        let outcome = try harness.run(harness.plan(fixture: fixture, suites: [PipelineHarness.xctest("x", "exit 0")]))
        #expect(outcome.exitCode == 143)
        #expect(outcome.report.verdict == .aborted)
    }
}
