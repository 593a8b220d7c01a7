// FrameSuiteChildTests.swift
//
// The frames suite is a supervised child (`acceptance-gate frames check --json`) like every other
// suite (issue #21): its timeout and the run's interruption stop the child's group, an external
// decoder's group goes with it, and whatever the child prints is read as hostile.

import Foundation
import FrameConformance
import GateConfig
import GateCore
import GateProcess
import GateReport
import GateTestSupport
import Testing

@testable import Gate

@Suite("the frames suite as a supervised child", .serialized, .timeLimit(.minutes(2)))
struct FrameSuiteChildTests {
    init() throws {
        try Subreaper.enable()
    }

    /// Writes an executable `sh` script named `name` in the harness's scratch folder.
    private func script(_ name: String, _ body: String, in harness: PipelineHarness) throws -> String {
        let folder = ScratchFolder(existing: harness.root)
        try folder.write("#!/bin/sh\n" + body + "\n", to: name, mode: 0o755)
        return folder.file(name)
    }

    /// A stand-in for the gate that writes its pid to `file` and then becomes the real gate, so
    /// the test knows the frames check's pid (which leads its group).
    private func recordingGate(_ file: String, in harness: PipelineHarness) throws -> String {
        try script("gate", "echo $$ > '\(file)'\nexec '\(PipelineHarness.gateExecutable)' \"$@\"", in: harness)
    }

    /// The pid written to `file`, waiting a little for it.
    private func pid(in file: String) throws -> pid_t {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: file, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            usleep(10_000)
        }
        throw SupportFailure("no pid in \(file): the child was never started")
    }

    /// Whether `pid` (or the group it leads, with a negative number) is gone.
    private func gone(_ pid: pid_t) -> Bool {
        kill(pid, 0) == -1 && errno == ESRCH
    }

    @Test func theSuitesTimeoutStopsTheFramesCheckChildAndLeavesNothingRunning() throws {
        let harness = try PipelineHarness()
        let pidFile = harness.root + "/check.pid"
        harness.gateExecutable = try recordingGate(pidFile, in: harness)
        // The full 1 MiB suite takes seconds in a debug build: far past the timeout.
        let suite = ConfigSuite(name: "frames", kind: .frames, timeout: .seconds(1))
        let start = ContinuousClock.now
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(ContinuousClock.now - start < .seconds(15))
        let report = try #require(outcome.report.suites.first)
        #expect(report.status == .timedOut)
        // As every suite's timeout reads: the supervised-suite core says it once for all kinds.
        #expect(report.reasons.count == 1)
        #expect(
            report.reasons.first?.hasPrefix("it ran past its timeout of \(ProgressReporter.seconds(1)) and was stopped (deadline reached; ")
                == true, "\(report.reasons)")
        #expect(outcome.report.problems.map(\.code) == [.suiteTimedOut])
        let check = try pid(in: pidFile)
        #expect(gone(check), "the frames check (pid \(check)) was reaped")
        #expect(gone(-check), "its process group is empty")
    }

    @Test func anInterruptionStopsTheFramesCheckChild() throws {
        let harness = try PipelineHarness()
        let pidFile = harness.root + "/check.pid"
        harness.gateExecutable = try recordingGate(pidFile, in: harness)
        let monitor = harness.monitor
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) { monitor.interrupt(with: SIGTERM) }
        let start = ContinuousClock.now
        let outcome = try harness.run(harness.plan(suites: [ConfigSuite(name: "frames", kind: .frames)]))
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(outcome.exitCode == 143)
        #expect(outcome.report.suites.first?.reasons == ["the run was interrupted"])
        let check = try pid(in: pidFile)
        #expect(gone(check))
        #expect(gone(-check))
    }

    @Test func anExternalDecoderThatIgnoresSIGTERMIsGoneWhenTheTimedOutSuiteReturns() throws {
        let harness = try PipelineHarness()
        let checkFile = harness.root + "/check.pid"
        let decoderFile = harness.root + "/decoder.pid"
        harness.gateExecutable = try recordingGate(checkFile, in: harness)
        // `exec` keeps the pid, and an ignored SIGTERM survives it: only SIGKILL ends the decoder.
        let decoder = ["sh", "-c", "echo $$ > '\(decoderFile)'; trap '' TERM; exec sleep 30"]
        let suite = ConfigSuite(name: "frames", kind: .frames, decoder: .command(decoder), limit: 16, timeout: .seconds(2))
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.report.suites.first?.status == .timedOut)
        let decoderPid = try pid(in: decoderFile)
        #expect(gone(decoderPid), "the decoder (pid \(decoderPid)) was stopped with the frames check, not after it")
        #expect(gone(-decoderPid))
        let check = try pid(in: checkFile)
        #expect(gone(check))
        #expect(gone(-check))
    }

    @Test func anInterruptionStopsAnExternalDecoderThatIgnoresSIGTERM() throws {
        let harness = try PipelineHarness()
        let decoderFile = harness.root + "/decoder.pid"
        let decoder = ["sh", "-c", "echo $$ > '\(decoderFile)'; trap '' TERM; exec sleep 30"]
        let monitor = harness.monitor
        let interruptedAt = Locked<ContinuousClock.Instant?>(nil)
        // Interrupted once the decoder runs (a loaded machine may take a while to get there).
        DispatchQueue.global().async {
            let deadline = ContinuousClock.now + .seconds(60)
            while !FileManager.default.fileExists(atPath: decoderFile) && ContinuousClock.now < deadline { usleep(10_000) }
            interruptedAt.withLock { $0 = .now }
            monitor.interrupt(with: SIGINT)
        }
        let suite = ConfigSuite(name: "frames", kind: .frames, decoder: .command(decoder), limit: 16)
        let outcome = try harness.run(harness.plan(suites: [suite]))
        let stopped = ContinuousClock.now
        let interrupted = try #require(interruptedAt.withLock { $0 })
        #expect(stopped - interrupted < .seconds(5), "inside CI's 7.5 seconds from SIGINT to SIGTERM")
        #expect(outcome.exitCode == 130)
        #expect(outcome.report.suites.first?.reasons == ["the run was interrupted"])
        let decoderPid = try pid(in: decoderFile)
        #expect(gone(decoderPid))
        #expect(gone(-decoderPid))
    }

    @Test func anExternalDecoderWithQuotesAndSpacesInItsArgumentsStillWorks() throws {
        let harness = try PipelineHarness()
        // The child gets the decoder as one --decoder value: each word must come back as it was.
        let decoder = [
            "sh", "-c", "exec \"$0\" frames decode --batch \"$1\" # it's a \"decoder\"", PipelineHarness.gateExecutable, "--limit=16",
        ]
        let suite = ConfigSuite(name: "frames", kind: .frames, decoder: .command(decoder), limit: 16)
        let outcome = try harness.run(harness.plan(suites: [suite]))
        let report = try #require(outcome.report.suites.first)
        #expect(report.status == .passed, "\(report.reasons) \(outcome.report.problems)")
        #expect(report.command == decoder)
        #expect(report.tests.map(\.name) == ["valid-frames", "truncated-prefixes", "rejected-headers", "trailing-bytes"])
        let log = try #require(harness.outputs()["logs/frames.log"])
        #expect(log.hasPrefix("frames check: decoder 'sh -c exec \"$0\" frames decode"), "\(log)")
        #expect(log.hasSuffix("frames check: 4 of 4 acceptance points hold; passed\n"), "\(log)")
    }

    @Test func aFailingPointKeepsItsTestItsProblemAndItsMinimisedCounterexample() throws {
        let harness = try PipelineHarness()
        // Answers the seed frame right, and "ok" for it with a byte appended: a trailing-bytes bug.
        let answer =
            #"while IFS= read -r l; do case "$l" in 01000000030080ff|01000000030080ff??) echo "ok 0080ff";; *) echo "error truncated";; esac; done"#
        let suite = ConfigSuite(name: "frames", kind: .frames, decoder: .command(["sh", "-c", answer]), limit: 16)
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        let report = try #require(outcome.report.suites.first)
        #expect(report.status == .failed)
        let trailing = try #require(report.tests.first { $0.name == "trailing-bytes" })
        #expect(trailing.status == .failed)
        #expect(trailing.message?.contains("minimised counterexample 01000000030080ff") == true, "\(trailing.message ?? "")")
        #expect(outcome.report.problems.contains { $0.code == .framePointFailed && $0.sentence.contains("trailing bytes cannot slip") })
        #expect(outcome.report.frames?.points.count == 4)
        let log = try #require(harness.outputs()["logs/frames.log"])
        #expect(log.contains("minimised counterexample (9 bytes): 01000000030080ff"))
        #expect(!log.contains("{\""), "the log holds the report's lines, not the child's JSON")
    }

    /// Stand-ins for the frames check that answer with something the gate must not take.
    static let hostileChildren: [(name: String, body: String, reason: String)] = [
        ("oversized", "head -c 1100000 /dev/zero | tr '\\000' ' '; echo '{}'", "its result is larger than 1048576 bytes"),
        ("malformed", "printf '{\"format\": 1, \"cases\": '", "its result is not valid JSON"),
        ("duplicate key", "printf '{\"format\": 1, \"failure\": \"a\", \"failure\": \"b\"}'; exit 3", "duplicate key 'failure'"),
        (
            "unknown key", "printf '{\"format\": 1, \"failure\": \"a\", \"verdict\": \"accepted\"}'; exit 3",
            "the document has the unknown key 'verdict'"
        ),
        (
            "control character",
            "printf '{\"format\": 1, \"cases\": 0, \"points\": [], \"lines\": [\"a\\\\u001b[2J\"]}'",
            "lines[0] holds a control character"
        ),
        ("no output", "exit 0", "the frames check exited with code 0 without a result"),
        ("crash", "kill -SEGV $$", "without a result"),
        (
            "result against its status", "'\(PipelineHarness.gateExecutable)' frames check --json --limit 16 --timeout 5; exit 9",
            "the frames check exited with code 9, which does not agree with its result"
        ),
    ]

    @Test(arguments: hostileChildren.indices)
    func aHostileResultIsASuiteThatCouldNotRunNotATrap(index: Int) throws {
        let hostile = Self.hostileChildren[index]
        let harness = try PipelineHarness()
        harness.gateExecutable = try script("gate", hostile.body, in: harness)
        let outcome = try harness.run(harness.plan(suites: [ConfigSuite(name: "frames", kind: .frames, limit: 16)]))
        let report = try #require(outcome.report.suites.first)
        #expect(report.status == .error, "\(hostile.name)")
        let reason = try #require(report.reasons.first)
        #expect(reason.hasPrefix("the conformance suite could not run: the frames check "), "\(hostile.name): \(reason)")
        #expect(reason.contains(hostile.reason), "\(hostile.name): \(reason)")
        #expect(outcome.report.problems.map(\.code) == [.suiteDidNotRun], "\(hostile.name)")
        #expect(outcome.report.frames == nil)
        let log = try #require(harness.outputs()["logs/frames.log"])
        #expect(log.contains("frames check could not run: the frames check "), "\(hostile.name)")
    }

    @Test func theBuiltInCheckGetsNeitherTheSuitesEnvironmentNorTheLoadersVariables() throws {
        let harness = try PipelineHarness()
        let envFile = harness.root + "/env.txt"
        harness.gateExecutable = try script("gate", "env > '\(envFile)'\nexec '\(PipelineHarness.gateExecutable)' \"$@\"", in: harness)
        harness.extraVariables = ["LD_PRELOAD": "/nonexistent/x.so", "FROM_RUN": "1"]
        var suite = ConfigSuite(name: "frames", kind: .frames, limit: 16)
        suite.environment = ["FROM_SUITE": "2", "DYLD_INSERT_LIBRARIES": "/nonexistent/y.dylib"]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.report.suites.first?.status == .passed)
        let lines = try String(contentsOfFile: envFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains("FROM_RUN=1"))
        #expect(!lines.contains { $0.hasPrefix("FROM_SUITE") || $0.hasPrefix("LD_") || $0.hasPrefix("DYLD_") })
        #expect(!lines.contains { $0.hasPrefix(FrameDecoderEnvironment.prefix) })
    }

    /// The change's `env` (`LD_PRELOAD` among it) reaches an external decoder, as it did when the
    /// suite ran in-process, but never the gate's own check that judges the decoder's answers.
    @Test func anExternalDecoderGetsTheSuitesEnvironmentAndItsJudgeDoesNot() throws {
        let harness = try PipelineHarness()
        let gateEnv = harness.root + "/gate-env.txt"
        let decoderEnv = harness.root + "/decoder-env.txt"
        harness.gateExecutable = try script("gate", "env > '\(gateEnv)'\nexec '\(PipelineHarness.gateExecutable)' \"$@\"", in: harness)
        harness.extraVariables = ["LD_PRELOAD": "/nonexistent/x.so", "FROM_RUN": "1"]
        let decoder = ["sh", "-c", "env > '\(decoderEnv)'; exec \"$0\" frames decode --batch --limit=16", PipelineHarness.gateExecutable]
        var suite = ConfigSuite(name: "frames", kind: .frames, decoder: .command(decoder), limit: 16)
        suite.environment = ["FROM_SUITE": "2", "DYLD_INSERT_LIBRARIES": "/nonexistent/y.dylib"]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.report.suites.first?.status == .passed)
        let judge = try String(contentsOfFile: gateEnv, encoding: .utf8).split(separator: "\n")
        #expect(judge.contains("FROM_RUN=1"))
        #expect(!judge.contains { $0.hasPrefix("FROM_SUITE") || $0.hasPrefix("LD_") || $0.hasPrefix("DYLD_") })
        let decoding = try String(contentsOfFile: decoderEnv, encoding: .utf8).split(separator: "\n")
        #expect(decoding.contains("FROM_RUN=1") && decoding.contains("FROM_SUITE=2"))
        #expect(decoding.contains("LD_PRELOAD=/nonexistent/x.so") && decoding.contains("DYLD_INSERT_LIBRARIES=/nonexistent/y.dylib"))
        #expect(!decoding.contains { $0.hasPrefix(FrameDecoderEnvironment.prefix) })
    }
}
