//===----------------------------------------------------------------------===//
// FirstTenMinutesTests.swift: a running suite shows it is alive; a failure says what failed.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateProcess
import GatePublishing
import GateReport
import GateTestSupport
import Testing

@testable import Gate
@testable import GateConfig

@Suite("what a newcomer sees while and after a suite runs", .timeLimit(.minutes(2)))
struct FirstTenMinutesTests {
    @Test("the verdict line names the failed test and its message, with counts and the report folder")
    func failingTest() throws {
        let harness = try PipelineHarness()
        let script =
            "echo \"Test Case 'A.testOne' started at x\"; echo \"Test Case 'A.testOne' passed (0.001 seconds)\"; "
            + "echo \"Test Case 'A.testTwo' started at x\"; echo \"/src/A.swift:9: error: A.testTwo : XCTAssertEqual failed: (\\\"301\\\") is not equal to (\\\"302\\\")\"; "
            + "echo \"Test Case 'A.testTwo' failed (0.002 seconds)\"; " + PipelineHarness.summary(2, failures: 1) + "; exit 1"
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script, expect: ["A.testOne"])]))
        #expect(outcome.exitCode == 1)
        let line = AcceptanceRun.verdictLine(outcome.report, outDirectory: harness.out)
        #expect(line.hasPrefix("rejected: suite 'unit': test A.testTwo failed: "), "\(line)")
        #expect(line.contains("XCTAssertEqual failed"))
        #expect(line.contains("(1 of 2 test(s) failed, 2 problem(s)); report in \(harness.out)"), "\(line)")
        let printed = harness.printed.withLock { $0 }
        #expect(printed.hasSuffix(line + "\n"), "the verdict is the last line printed")
        // Under the stage line: the suite's last log lines, as a test runner shows them.
        let lines = printed.split(separator: "\n").map(String.init)
        let stage = try #require(lines.firstIndex { $0.contains("suite unit") })
        #expect(lines[stage + 1].contains("last "), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("    │ ") && $0.contains("XCTAssertEqual failed") })
        #expect(lines.contains { $0.contains("│   Executed 2 tests, with 1 failures") }, "\(lines)")
    }

    @Test("a client that followed the cross-port redirect: the verdict line names the foreign listener's request")
    func crossPortFollow() throws {
        let harness = try PipelineHarness()
        // urllib follows every redirect, as URLSession on Linux does without a delegate.
        let follow =
            "python3 -c \"import os, urllib.request as r; r.urlopen(os.environ['ACCEPTANCE_GATE_ORIGIN_URL'] + '/start').read()\"; "
        let plan = harness.plan(
            fixture: ConfigFixture(ports: .automatic, expectForeignRequests: 0),
            suites: [PipelineHarness.xctest("unit", follow + PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])])
        let outcome = try harness.run(plan)
        #expect(outcome.exitCode == 1)
        let line = AcceptanceRun.verdictLine(outcome.report, outDirectory: harness.out)
        #expect(line.hasPrefix("rejected: the foreign listener "), "\(line)")
        #expect(line.contains("1 request(s)"), "\(line)")
    }

    @Test("Ctrl-C is named as what a person pressed; CI's SIGTERM by its signal")
    func interruptionWording() {
        #expect(ReportProblem.interruption(by: SIGINT).sentence == "the run was interrupted by Ctrl-C (SIGINT); every child was stopped")
        #expect(ReportProblem.interruption(by: SIGTERM).sentence == "the run was interrupted by SIGTERM; every child was stopped")
    }

    @Test("a build failure is named as one, with the compiler's first error")
    func buildFailure() throws {
        let harness = try PipelineHarness()
        let script =
            "echo 'Building for debugging...'; echo '/src/Sources/App/Model.swift:12:5: error: cannot find x in scope'; "
            + "echo 'error: fatalError'; exit 1"
        var suite = PipelineHarness.xctest("unit", script, expect: ["A.testOne"])
        suite.command = ["sh", "-c", script, "swift", "test"]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        let line = AcceptanceRun.verdictLine(outcome.report, outDirectory: harness.out)
        #expect(line.contains("the tests did not build: "), "\(line)")
        #expect(line.contains("cannot find x in scope"), "\(line)")
    }

    @Test("accepted: suites, tests and the report folder")
    func accepted() throws {
        let harness = try PipelineHarness()
        let outcome = try harness.run(
            harness.plan(suites: [PipelineHarness.xctest("unit", PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])]))
        let line = AcceptanceRun.verdictLine(outcome.report, outDirectory: harness.out)
        #expect(line.hasPrefix("accepted: 1 suite(s), 1 test(s) at "))
        #expect(line.hasSuffix("; report in \(harness.out)"))
    }

    @Test("the heartbeat names the phase, the tests done and the last line, redacted and without escapes")
    func heartbeatText() {
        let beats = Locked<[String]>([])
        let progress = ProgressReporter(style: ProgressStyle(live: true)) { text in beats.withLock { $0.append(text) } }
        let heartbeat = SuiteHeartbeat(
            name: "unit", progress: progress, redact: { $0.replacingOccurrences(of: "hunter2", with: "[REDACTED]") },
            interval: .seconds(3600))
        defer { heartbeat.stop() }
        heartbeat.observe(Array("[12/800] Compiling App Model.swift".utf8))
        #expect(heartbeat.text().contains(" · building · [12/800] Compiling App Model.swift"), "\(heartbeat.text())")
        heartbeat.observe(Array("Build complete! (41.2s)".utf8))
        #expect(heartbeat.text().contains(" · built · "))
        heartbeat.observe(Array("\u{1B}[1mTest Suite 'All tests' started\u{1B}[0m password=hunter2 \u{202E}x".utf8))
        let text = heartbeat.text()
        #expect(text.contains(" · testing · 0 test(s) done · Test Suite 'All tests' started password=[REDACTED] \\u{202e}x"), "\(text)")
        #expect(!text.contains("\u{1B}"))
        heartbeat.testFinished(failed: true)
        #expect(heartbeat.text().contains("1 test(s) done, 1 failed"))
        #expect(beats.withLock { $0 }.isEmpty, "nothing is offered between beats (the interval here is an hour)")
        heartbeat.observe(Array("Compiling Late.swift".utf8))
        #expect(heartbeat.text().contains(" · testing · "), "once testing, a build line does not change the phase")
    }

    @Test("in a CI log (no terminal) a long build gets plain heartbeat lines, no closer together than the interval")
    func plainHeartbeat() throws {
        let lines = Locked<[(text: String, at: ContinuousClock.Instant)]>([])
        let progress = ProgressReporter(style: ProgressStyle(live: false), plainInterval: .milliseconds(300)) { text in
            lines.withLock { $0.append((text, .now)) }
        }
        let heartbeat = SuiteHeartbeat(name: "unit", progress: progress, redact: { $0 }, interval: .milliseconds(50))
        heartbeat.observe(Array("Compiling App Model.swift".utf8))
        // Beats come every 50 ms; a loaded machine may delay them, so wait for three lines (at most 10 s).
        let deadline = ContinuousClock.now + .seconds(10)
        while lines.withLock({ $0.count }) < 3 && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        heartbeat.stop()
        let shown = lines.withLock { $0 }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(lines.withLock { $0.count } == shown.count, "no beat after stop()")
        #expect(shown.count >= 3, "\(shown.map(\.text))")
        for (earlier, later) in zip(shown, shown.dropFirst()) {
            // The limiter reads the clock before the line is written, so allow a little for the write.
            #expect(later.at - earlier.at >= .milliseconds(200), "a line at most every 300 ms, not every 50 ms beat")
        }
        #expect(
            shown.allSatisfy {
                $0.text.hasPrefix("  unit  ") && $0.text.contains(" · building · Compiling App Model.swift") && $0.text.hasSuffix("\n")
            })
        #expect(!shown.contains { $0.text.contains("\r") }, "no cursor tricks in a log")
    }

    @Test("a failed suite's tail: blank lines dropped, the last twelve, redacted before it is clipped")
    func tailNotes() {
        let lines = (1...20).map { "line \($0)" } + ["", "token ghp_" + String(repeating: "a", count: 200)]
        let notes = SuiteStage.tailNotes(
            lines, redact: { $0.replacingOccurrences(of: "ghp_" + String(repeating: "a", count: 200), with: "[REDACTED]") })
        #expect(notes.first == "last 12 line(s) of its log:")
        #expect(notes.count == 13)
        #expect(notes[1] == "│ line 10")
        #expect(notes.last == "│ token [REDACTED]")
    }
}
