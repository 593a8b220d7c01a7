//===----------------------------------------------------------------------===//
// EscapedProcessTests.swift: a descendant that leaves its process group is still found.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real `acceptance-gate run`: a suite whose grandchild calls `setsid` and double-forks leaves
/// its process group, so stopping the group misses it; the gate, as the subreaper, is its parent
/// after the fork, finds it, names it, stops it and rejects the run.
@Suite("escaped descendants", .serialized, .timeLimit(.minutes(2)))
struct EscapedProcessTests {
    @Test func aGrandchildThatCalledSetsidIsNamedStoppedAndRejects() throws {
        // A unique argument so the check below finds this test's process and no other. The suite
        // lingers half a second so the escape has happened when it exits: otherwise the teardown of
        // its group can stop the forked perl before its setsid, and there is no escapee to find.
        let marker = 60 + Int.random(in: 0...899)
        let escape =
            "perl -MPOSIX -e 'fork and exit; POSIX::setsid(); fork and exit; exec \\\"sleep\\\", \\\"\(marker).5\\\"'; sleep 0.5; echo started"
        // With the fixture: the sweep after the suite must spare it and still find the escapee.
        let outcome = try run(config: RunCommandTests.config(suiteCommand: escape))
        #expect(outcome.status == .exited(code: 1), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("✓ suite "), "the stage the stray came from does not pass: \(outcome.stdout)")
        let problems = outcome.problems
        let stray = try #require(problems.first { $0["code"] as? String == "stray-processes" }, "\(problems)")
        let sentence = try #require(stray["sentence"] as? String)
        #expect(sentence.contains("escaped its process group"))
        #expect(sentence.contains("sleep \(marker).5"), "\(sentence)")
        // It also held the suite's output pipe, so the log was still open when reading stopped.
        #expect(problems.contains { $0["code"] as? String == "incomplete-log" }, "\(problems)")
        #expect(try survivors("sleep \(marker).5").isEmpty, "the escaped process is gone")
    }

    @Test func anEscapeeThatIgnoresSIGTERMGetsTheSweepsTwoSecondsBeforeSIGKILL() throws {
        // It leaves the suite's group and its output, so only the sweep after the suite stops it.
        let marker = 100 + Int.random(in: 0...899)
        let escape = "setsid sh -c 'trap \\\"\\\" TERM; exec sleep \(marker).7' </dev/null >/dev/null 2>&1 & sleep 0.5; echo started"
        let (scratch, status, output, _) = try launch(
            config: """
                { "suites": [ { "name": "work", "kind": "command", "command": ["sh", "-c", "\(escape)"], "timeoutSeconds": 60 } ] }
                """)
        #expect(status == .exited(code: 1), "\(output)")
        let report = try scratch.report()
        let problems = try #require(report["problems"] as? [[String: Any]])
        let stray = try #require(problems.first { $0["code"] as? String == "stray-processes" }, "\(problems)")
        let sentence = try #require(stray["sentence"] as? String)
        #expect(sentence.contains("sleep \(marker).7") && sentence.contains("(1 needed SIGKILL)"), "\(sentence)")
        // The suite stage's time beyond the suite's own is the sweep's: its grace, then SIGKILL.
        let stages = try #require(report["stages"] as? [[String: Any]])
        let stage = try #require(stages.first { $0["name"] as? String == "suite work" }?["durationSeconds"] as? Double)
        let suite = try #require((report["suites"] as? [[String: Any]])?.first?["durationSeconds"] as? Double)
        #expect(stage - suite >= 1.9 && stage - suite < 2.9, "the sweep took \(stage - suite) s, not its 2 s grace")
        #expect(try survivors("sleep \(marker).7").isEmpty, "the escapee is gone")
    }

    /// Runs the gate on a suite running `command` and no fixture (so the suite's sweep is the only
    /// one), and returns the report's problems and stdout.
    private func run(_ command: String) throws -> (problems: [[String: Any]], stdout: String, status: GateProcess.ExitStatus?) {
        try run(
            config: """
                { "suites": [ { "name": "work", "kind": "command", "command": ["sh", "-c", "\(command)"], "timeoutSeconds": 60 } ] }
                """)
    }

    /// Runs the gate with `config` in a scratch repository, and returns the report's problems and stdout.
    private func run(config: String) throws -> (problems: [[String: Any]], stdout: String, status: GateProcess.ExitStatus?) {
        let (scratch, status, _, stdout) = try launch(config: config)
        return (try #require(scratch.report()["problems"] as? [[String: Any]]), stdout, status)
    }

    /// Runs the gate with `config` in a scratch repository: the scratch, how the gate ended, what
    /// it printed on both streams, and its standard output alone.
    private func launch(
        config: String
    ) throws -> (scratch: RunCommandTests.Scratch, status: GateProcess.ExitStatus?, output: String, stdout: String) {
        let scratch = try RunCommandTests.Scratch(config: config)
        let child = try RunCommandTests.spawnRun(repository: scratch.repository, out: scratch.out)
        let status = try child.wait(timeout: .seconds(60))
        _ = child.finishOutput(within: .seconds(2))
        let stdout = String(decoding: child.capturedStdout().bytes, as: UTF8.self)
        let output = stdout + String(decoding: child.capturedStderr().bytes, as: UTF8.self)
        return (scratch, status, output, stdout)
    }

    /// The pids of processes whose command line contains `marker`.
    private func survivors(_ marker: String) throws -> String {
        let left = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["pgrep", "-f", marker], environment: ["PATH": "/usr/bin:/bin"]), timeout: .seconds(5))
        return left.status == .exited(code: 1) ? "" : left.stdoutText
    }

    /// /proc shows a process whose main thread called pthread_exit as 'Z' while its other thread
    /// runs on; the review's attack hid a ledger forger that way.
    @Test(.enabled(if: Platform.current.processTable == .procfs, "a /proc reading: libproc reports a process's state otherwise"))
    func anEscapeeWhoseMainThreadExitedIsNotTakenForAZombie() throws {
        let marker = "zombie-leader-\(UInt32.random(in: 0...UInt32.max))"
        let script = NSTemporaryDirectory() + "\(marker).py"
        // pgrep cannot see it (its cmdline reads empty), so it shows that it lives by touching a file.
        let heartbeat = NSTemporaryDirectory() + "\(marker).alive"
        try Data(
            """
            import ctypes, os, threading, time
            if os.fork(): os._exit(0)
            os.setsid()
            def beat():
                for _ in range(400):
                    open("\(heartbeat)", "w").close()
                    time.sleep(0.05)
            threading.Thread(target=beat).start()
            ctypes.CDLL(None).pthread_exit(None)
            """.utf8
        ).write(to: URL(fileURLWithPath: script))
        defer {
            try? FileManager.default.removeItem(atPath: script)
            try? FileManager.default.removeItem(atPath: heartbeat)
        }
        let outcome = try run("python3 \(script) </dev/null >/dev/null 2>&1; sleep 0.5; echo started")
        #expect(outcome.status == .exited(code: 1), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("✓ suite "), "the stage the stray came from does not pass: \(outcome.stdout)")
        let stray = outcome.problems.first { $0["code"] as? String == "stray-processes" }
        #expect((stray?["sentence"] as? String)?.contains(marker) == true, "\(String(describing: stray))")
        try? FileManager.default.removeItem(atPath: heartbeat)
        usleep(400_000)
        #expect(!FileManager.default.fileExists(atPath: heartbeat), "the escapee outlived the gate")
    }

    @Test func theChildrenOfAnEscapeeDoNotOutliveTheGate() throws {
        let marker = 100 + Int.random(in: 0...899)
        let outcome = try run(
            "setsid sh -c 'sleep \(marker).1 & sleep \(marker).2' </dev/null >/dev/null 2>&1 & sleep 0.5; echo started")
        #expect(outcome.status == .exited(code: 1), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("✓ suite "), "the stage the stray came from does not pass: \(outcome.stdout)")
        #expect(outcome.problems.contains { $0["code"] as? String == "stray-processes" }, "\(outcome.problems)")
        #expect(try survivors("sleep \(marker).1").isEmpty, "the escapee's first child outlived the gate")
        #expect(try survivors("sleep \(marker).2").isEmpty, "the escapee's second child outlived the gate")
    }
}
