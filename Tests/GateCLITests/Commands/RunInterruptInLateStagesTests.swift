// RunInterruptInLateStagesTests.swift
//
// Ctrl-C and CI cancellation after the suites: a real `acceptance-gate run` interrupted by a real
// signal while it scans one large file, and while it renders a report with tens of thousands of
// tests, must still exit 130 or 143 within 5 seconds with an aborted report, and leave nothing
// running.

import Foundation
import GateProcess
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("run command interrupted in the scan and the render", .serialized, .timeLimit(.minutes(3)))
struct RunInterruptInLateStagesTests {
    /// The built-in fixture on ephemeral ports, one suite, and `extra` JSON members.
    private static func config(suite: String, extra: String = "") -> String {
        """
        {
          "fixture": { "builtin": "redirect", "ports": "auto", "expect": { "foreignRequests": 0 } },
          "suites": [ \(suite) ]\(extra)
        }
        """
    }

    private func start(_ scratch: RunCommandTests.Scratch) throws -> ChildProcess {
        try RunCommandTests.spawnRun(repository: scratch.repository, out: scratch.out)
    }

    /// Waits (at most 60 s) until the gate's progress shows `line`, the stage before the one to
    /// interrupt.
    private func waitForProgress(_ child: ChildProcess, containing line: String) -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if String(decoding: child.capturedStdout().bytes, as: UTF8.self).contains(line) { return true }
            usleep(20_000)
        }
        return false
    }

    /// Sends `signal`, waits for the gate (10 s at most) and checks the contract: the exit code,
    /// within 5 seconds, the fixture's group gone.
    private func interrupt(_ child: ChildProcess, with signal: Int32, expecting code: Int32, scratch: RunCommandTests.Scratch) throws
        -> [String: Any]
    {
        let sent = ContinuousClock.now
        #expect(kill(child.pid, signal) == 0)
        let status = try child.wait(timeout: .seconds(10))
        let took = ContinuousClock.now - sent
        _ = child.finishOutput(within: .seconds(2))
        #expect(took < .seconds(5), "the gate took \(took) after the signal")
        #expect(status == .exited(code: code), "\(String(decoding: child.capturedStdout().bytes, as: UTF8.self))")
        let report = try scratch.report()
        #expect(report["verdict"] as? String == "aborted")
        let fixture = try #require(report["fixture"] as? [String: Any])
        let pid = try #require(fixture["pid"] as? Int)
        #expect(kill(-pid_t(pid), 0) == -1, "the fixture's group is gone")
        let check = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["pgrep", "-f", scratch.root], environment: [:]), timeout: .seconds(5))
        #expect(check.status == .exited(code: 1), "nothing started from the scratch folder is left: \(check.stdoutText)")
        return report
    }

    private func stage(_ name: String, in report: [String: Any]) -> [String: Any]? {
        (report["stages"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    @Test func sigintWhileScanningOneLargeFileStopsWithinFiveSecondsAndTheScanIsNotClean() throws {
        let scratch = try RunCommandTests.Scratch(
            config: Self.config(
                suite: #"{ "name": "work", "kind": "command", "command": ["true"], "timeoutSeconds": 60 }"#,
                extra: ",\n  \"scan\": { \"paths\": [\"../big.log\"] }"))
        // 4 GiB that cost 8 KiB of disk: a text head (so it is not skipped as binary), then a hole
        // the scanner reads as zeros. On the 2-core build machine a debug build scans zeros at
        // about 2.3 MB/s (30 minutes for this file) and a release one scans a CI log at about
        // 500 MB/s (`Benchmarks scan`: 8 s), so either way the signal lands in the file; the test
        // also checks that the gate stopped *inside* it (the problem's byte count).
        let big = scratch.root + "/big.log"
        let head = String(repeating: String(repeating: "a", count: 79) + "\n", count: 103)
        try Data(head.utf8).write(to: URL(fileURLWithPath: big))
        #expect(truncate(big, 4 << 30) == 0)
        defer { unlink(big) }
        let child = try start(scratch)
        defer { _ = child.terminate(grace: .seconds(1)) }
        try #require(waitForProgress(child, containing: "fixture stop"), "the run never reached the scan")
        usleep(500_000)
        let report = try interrupt(child, with: SIGINT, expecting: 130, scratch: scratch)
        let problems = try #require(report["problems"] as? [[String: Any]])
        let scanProblem = try #require(
            problems.first { ($0["subject"] as? [String: Any])?["name"] as? String == "scan" && $0["code"] as? String == "interrupted" },
            "a problem says the scan was interrupted: \(problems)")
        let sentence = try #require(scanProblem["sentence"] as? String)
        #expect(sentence.contains("interrupted in " + scratch.repository + "/../big.log"), "\(sentence)")
        #expect(!sentence.contains("after 0 byte(s)"), "the scan stopped inside the file, not before it: \(sentence)")
        #expect(stage("scan", in: report)?["status"] as? String == "aborted")
        let reasons = try #require(report["reasons"] as? [String])
        #expect(reasons.first?.hasPrefix("the leak scan was interrupted") == true, "\(reasons)")
    }

    @Test func sigtermWhileRenderingStopsWithinFiveSecondsAndWritesOnlyTheAbortedReportJSON() throws {
        // 40,000 passing tests: a debug build (what ci/test builds) takes several seconds to
        // redact and render the four formats (3.7 s measured for 20,000), so a signal half a
        // second after the scan lands in the render; a release build would render them too fast.
        let tests = 40_000
        let scratch = try RunCommandTests.Scratch(
            config: Self.config(suite: #"{ "name": "work", "kind": "xctest", "command": ["sh", "../suite.sh"], "timeoutSeconds": 120 }"#))
        try Data(Self.suiteScript(tests: tests).utf8).write(to: URL(fileURLWithPath: scratch.root + "/suite.sh"))
        let child = try start(scratch)
        defer { _ = child.terminate(grace: .seconds(1)) }
        try #require(waitForProgress(child, containing: "✓ scan"), "the run never reached the render")
        usleep(500_000)
        let report = try interrupt(child, with: SIGTERM, expecting: 143, scratch: scratch)
        let reasons = try #require(report["reasons"] as? [String])
        #expect(reasons.first == "the run was interrupted by SIGTERM; every child was stopped", "\(reasons)")
        #expect(stage("render", in: report)?["status"] as? String == "aborted")
        #expect(((report["suites"] as? [[String: Any]])?.first?["tests"] as? [Any])?.count == tests, "the report keeps every test")
        // What is written after a signal mid-render: report.json (and the archived logs), no other format.
        for name in ["junit.xml", "summary.md", "report.html"] {
            #expect(!FileManager.default.fileExists(atPath: scratch.out + "/" + name), "\(name) is not written")
        }
        #expect(FileManager.default.fileExists(atPath: scratch.out + "/logs/work.log"))
    }

    /// An XCTest-shaped console log of `tests` passing tests and its summary.
    private static func suiteScript(tests: Int) -> String {
        """
        awk -v n=\(tests) 'BEGIN { q = sprintf("%c", 39); for (i = 0; i < n; i++) { \
        printf "Test Case %sBig.test%d%s started at 2026-11-29 20:00:00.000\\n", q, i, q; \
        printf "Test Case %sBig.test%d%s passed (0.001 seconds)\\n", q, i, q }; \
        printf "\\t Executed %d tests, with 0 failures (0 unexpected) in 0.001 (0.001) seconds\\n", n }'

        """
    }
}
