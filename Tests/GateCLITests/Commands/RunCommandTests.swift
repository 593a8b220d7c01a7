// RunCommandTests.swift
//
// `acceptance-gate run` as a real process: exit codes, the files it leaves, and Ctrl-C / CI
// cancellation (SIGINT, SIGTERM) in the middle of a suite, which must stop every child within
// 5 seconds and still leave an aborted report.

import Foundation
import GateProcess
import GateReport
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("run command", .serialized, .timeLimit(.minutes(2)))
struct RunCommandTests {
    /// A scratch repository with one commit and a configuration, and an out folder beside it.
    ///
    /// The repository is `repo/` in a ``ScratchFolder`` and made by its isolated `git`, so the
    /// user's or the machine's git set-up (hooks, templates, signing) cannot change the commit;
    /// the scratch folder's top stays outside the repository, for files the gate must not see
    /// as part of it (templates, a missing configuration, a job summary).
    final class Scratch {
        let folder: ScratchFolder
        var root: String { folder.path }
        var repository: String { folder.file("repo") }
        var out: String { folder.file("out") }

        init(config: String) throws {
            folder = try ScratchFolder("gate-run")
            do {
                try folder.makeRepository("repo", files: ["acceptance-gate.json": config])
            } catch {
                folder.remove()
                throw error
            }
        }

        deinit { folder.remove() }

        func report() throws -> [String: Any] {
            let data = try #require(FileManager.default.contents(atPath: out + "/report.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        /// The real report.json as `GateReport.decode` (the strict reader) reads it, checked equal
        /// to what `JSONDecoder`, which read reports before #21, makes of the same bytes.
        func decodedReport() throws -> GateReport {
            let data = try #require(FileManager.default.contents(atPath: out + "/report.json"))
            let strict = try GateReport.decode(Array(data), source: "report.json")
            #expect(strict == (try JSONDecoder().decode(GateReport.self, from: data)))
            return strict
        }
    }

    static var binary: String { BuildProducts.gate }

    /// The built gate's `run` on `repository` into `out` (then `arguments`), started as CI starts
    /// it: `CI=true`, the usual tool folders first on `PATH`, and `environment` on top.
    static func spawnRun(
        repository: String, out: String, arguments: [String] = [], environment: [String: String] = [:]
    ) throws -> ChildProcess {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the product first")
        var variables = ["PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "CI": "true"]
        variables.merge(environment) { _, given in given }
        return try ChildProcess.spawn(
            ProcessSpec(
                arguments: [binary, "run", "--repo", repository, "--out", out] + arguments, environment: variables, stdout: .collect(),
                stderr: .collect()))
    }

    static func config(suiteCommand: String) -> String {
        """
        {
          "fixture": { "builtin": "redirect", "ports": "auto", "expect": { "foreignRequests": 0 } },
          "suites": [ { "name": "work", "kind": "command", "command": ["sh", "-c", "\(suiteCommand)"], "timeoutSeconds": 60 } ]
        }
        """
    }

    private func start(_ scratch: Scratch, extra: [String] = []) throws -> ChildProcess {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build the product first")
        return try ChildProcess.spawn(
            ProcessSpec(
                arguments: [Self.binary, "run", "--repo", scratch.repository, "--out", scratch.out] + extra,
                environment: [
                    "PATH": "/usr/local/bin:/usr/bin:/bin:" + ((ProcessInfo.processInfo.environment["PATH"]) ?? ""), "CI": "true",
                ],
                stdout: .collect(), stderr: .collect()))
    }

    @Test func anAcceptedRunExitsZeroAndLeavesEveryFile() throws {
        let scratch = try Scratch(config: Self.config(suiteCommand: "echo suite ran"))
        let child = try start(scratch)
        let status = try child.wait(timeout: .seconds(60))
        _ = child.finishOutput(within: .seconds(2))
        #expect(status == .exited(code: 0), "\(String(decoding: child.capturedStdout().bytes, as: UTF8.self))")
        for name in ["report.json", "junit.xml", "summary.md", "report.html", "logs/work.log", "logs/fixture.log"] {
            #expect(FileManager.default.fileExists(atPath: scratch.out + "/" + name), "\(name) missing")
        }
        let report = try scratch.report()
        #expect(report["verdict"] as? String == "accepted")
        let decoded = try scratch.decodedReport()
        #expect(decoded.verdict == .accepted)
        #expect(decoded.commit != nil && decoded.toolchain != nil && decoded.fixture?.ledger != nil && decoded.suites.count == 1)
        let stdout = String(decoding: child.capturedStdout().bytes, as: UTF8.self)
        #expect(stdout.split(separator: "\n").last?.hasPrefix("accepted:") == true)
        #expect(!stdout.contains("\u{1B}["), "no colour in CI")
    }

    @Test func aConfigurationHoldingATokenIsRefusedBeforeAnythingRunsAndNothingKeepsIt() throws {
        let token = FakeGitHubToken.make(seed: 43)
        let scratch = try Scratch(
            config: #"{ "suites": [ { "name": "work", "kind": "command", "command": ["true"], "env": { "GH_TOKEN": "\#(token)" } } ] }"#)
        let child = try start(scratch)
        let status = try child.wait(timeout: .seconds(60))
        _ = child.finishOutput(within: .seconds(2))
        let output = String(decoding: child.capturedStdout().bytes + child.capturedStderr().bytes, as: UTF8.self)
        #expect(status == .exited(code: 2), "\(output)")
        #expect(output.contains("suites[0].env.GH_TOKEN: holds a token-like string"), "\(output)")
        #expect(!output.contains(String(token.suffix(12))))
        #expect(!FileManager.default.fileExists(atPath: scratch.out + "/report.json"), "no report carries the configuration")
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalMidSuiteStopsEverythingAndLeavesAnAbortedReport(signal: Int32, code: Int32) throws {
        // The grandchild ignores SIGTERM: the 5-second bound must hold through SIGKILL too.
        // Unique durations, so the check below finds this run's processes and no other checkout's.
        let marker = 100 + Int.random(in: 0...899)
        // The suite says it is running through a file outside the repository: its log reaches
        // logs/ only in the archive stage, after the suites.
        let started = NSTemporaryDirectory() + "gate-run-started-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        defer { unlink(started) }
        let suite = "(trap '' TERM; sleep \(marker).1) & touch \(started); sleep \(marker).2; wait"
        let scratch = try Scratch(config: Self.config(suiteCommand: suite))
        let child = try start(scratch)
        defer { _ = child.terminate(grace: .seconds(1)) }
        let deadline = ContinuousClock.now + .seconds(30)
        while !FileManager.default.fileExists(atPath: started) && ContinuousClock.now < deadline {
            usleep(20_000)
        }
        try #require(FileManager.default.fileExists(atPath: started), "the suite never started")
        usleep(200_000)
        let sent = ContinuousClock.now
        #expect(kill(child.pid, signal) == 0)
        let status = try child.wait(timeout: .seconds(10))
        #expect(ContinuousClock.now - sent < .seconds(5))
        #expect(status == .exited(code: code))
        let report = try scratch.report()
        #expect(report["verdict"] as? String == "aborted")
        #expect(try scratch.decodedReport().verdict == .aborted)
        let fixture = try #require(report["fixture"] as? [String: Any])
        let pid = try #require(fixture["pid"] as? Int)
        #expect(kill(-pid_t(pid), 0) == -1, "the fixture's group is gone")
        let check = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["pgrep", "-f", "sleep \(marker)\\.[12]"], environment: [:]), timeout: .seconds(5))
        #expect(check.status == .exited(code: 1), "no suite process is left: \(check.stdoutText)")
    }

    @Test func aSignalStillStopsTheGateWithinFiveSecondsWhenAnEscapeeIgnoresSIGTERMAndHoldsThePipe() throws {
        // The review's case: every wait in a row (the group's grace, the output drain the escapee
        // holds open, the sweep's grace) added up to 7.1 s; after a signal they share the 5 s.
        let marker = 100 + Int.random(in: 0...899)
        let suite = "trap '' TERM; setsid sh -c 'trap \\\"\\\" TERM; sleep \(marker).3' & sleep \(marker).4; wait"
        let scratch = try Scratch(config: Self.config(suiteCommand: suite))
        let child = try start(scratch)
        let deadline = ContinuousClock.now + .seconds(30)
        while !String(decoding: child.capturedStdout().bytes, as: UTF8.self).contains("fixture ") && ContinuousClock.now < deadline {
            usleep(20_000)
        }
        usleep(700_000)
        let sent = ContinuousClock.now
        #expect(kill(child.pid, SIGINT) == 0)
        let status = try child.wait(timeout: .seconds(15))
        let took = ContinuousClock.now - sent
        _ = child.finishOutput(within: .seconds(2))
        #expect(took < .seconds(5), "the gate took \(took)")
        #expect(status == .exited(code: 130))
        #expect(try scratch.report()["verdict"] as? String == "aborted")
        let check = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["pgrep", "-f", "sleep \(marker)\\.[34]"], environment: [:]), timeout: .seconds(5))
        #expect(check.status == .exited(code: 1), "no suite process is left: \(check.stdoutText)")
    }

    @Test func aRunInsideAnotherRunIsRefusedInOneLineBeforeAnythingRuns() throws {
        let scratch = try Scratch(config: Self.config(suiteCommand: "true"))
        let child = try ChildProcess.spawn(
            ProcessSpec(
                arguments: [Self.binary, "run", "--repo", scratch.repository, "--out", scratch.out],
                environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "CI": "true", "ACCEPTANCE_GATE_RUN": "1"],
                stdout: .collect(), stderr: .collect()))
        defer { _ = child.terminate(grace: .seconds(1)) }
        let status = try child.wait(timeout: .seconds(30))
        _ = child.finishOutput(within: .seconds(2))
        let stderr = String(decoding: child.capturedStderr().bytes, as: UTF8.self)
        #expect(status == .exited(code: 2), "\(stderr)")
        #expect(stderr.contains("refusing to run inside another acceptance-gate run (ACCEPTANCE_GATE_RUN is set)"), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "one line: \(stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.out), "no out folder, no report")
    }

    @Test func aMalformedConfigIsAUsageErrorNamingTheKey() throws {
        let scratch = try Scratch(config: #"{ "suites": [ { "name": "x", "kind": "xctest", "command": ["true"], "timeoutSecond": 5 } ] }"#)
        let child = try start(scratch)
        let status = try child.wait(timeout: .seconds(30))
        _ = child.finishOutput(within: .seconds(2))
        #expect(status == .exited(code: 2))
        let stderr = String(decoding: child.capturedStderr().bytes, as: UTF8.self)
        #expect(stderr.contains("suites[0].timeoutSecond"))
        #expect(!FileManager.default.fileExists(atPath: scratch.out + "/report.json"))
    }

    @Test func aRelativeOutFolderWorksFromASubfolder() throws {
        let scratch = try Scratch(config: Self.config(suiteCommand: "true"))
        try FileManager.default.createDirectory(atPath: scratch.repository + "/sub", withIntermediateDirectories: true)
        let child = try ChildProcess.spawn(
            ProcessSpec(
                arguments: [Self.binary, "run", "--out", "rel-out"],
                environment: ["PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "CI": "1"],
                workingDirectory: scratch.repository + "/sub", stdout: .collect(), stderr: .collect()))
        let status = try child.wait(timeout: .seconds(60))
        _ = child.finishOutput(within: .seconds(2))
        #expect(status == .exited(code: 0), "\(String(decoding: child.capturedStdout().bytes, as: UTF8.self))")
        #expect(FileManager.default.fileExists(atPath: scratch.repository + "/sub/rel-out/logs/fixture-ledger.json"))
    }

    @Test func templatesReplaceTheMarkdownSummary() throws {
        let scratch = try Scratch(config: Self.config(suiteCommand: "true"))
        let folder = scratch.root + "/my-templates"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("custom summary: {{verdict}}\n".utf8).write(to: URL(fileURLWithPath: folder + "/summary.md.template"))
        let child = try start(scratch, extra: ["--templates", folder])
        #expect(try child.wait(timeout: .seconds(60)) == .exited(code: 0))
        _ = child.finishOutput(within: .seconds(2))
        let summary = try String(contentsOfFile: scratch.out + "/summary.md", encoding: .utf8)
        #expect(summary == "custom summary: accepted\n")
        #expect(try String(contentsOfFile: scratch.out + "/report.html", encoding: .utf8).contains("<!DOCTYPE html>"))
    }

    @Test func aMissingConfigFileIsAUsageError() throws {
        let scratch = try Scratch(config: Self.config(suiteCommand: "true"))
        let child = try start(scratch, extra: ["--config", scratch.root + "/nope.json"])
        #expect(try child.wait(timeout: .seconds(30)) == .exited(code: 2))
        _ = child.finishOutput(within: .seconds(2))
        #expect(String(decoding: child.capturedStderr().bytes, as: UTF8.self).contains("nope.json"))
    }

    @Test func runBeforeInitInAForeignRepositoryExitsTwoAtOncePointingAtInit() throws {
        let scratch = try Scratch(config: "{}")
        try FileManager.default.removeItem(atPath: scratch.repository + "/acceptance-gate.json")
        try Data("// swift-tools-version:5.9\n".utf8).write(to: URL(fileURLWithPath: scratch.repository + "/Package.swift"))
        let started = ContinuousClock.now
        let child = try start(scratch)
        #expect(try child.wait(timeout: .seconds(30)) == .exited(code: 2))
        _ = child.finishOutput(within: .seconds(2))
        // The self-check's build and suites take minutes; refusing is a few milliseconds of work.
        #expect(ContinuousClock.now - started < .seconds(10))
        let stderr = String(decoding: child.capturedStderr().bytes, as: UTF8.self)
        #expect(stderr.contains("no acceptance-gate.json here") && stderr.contains("run `acceptance-gate init`"), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "one line: \(stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.out))
    }

    @Test func aShardNameOutsideTheAllowedCharactersIsAUsageError() {
        let run = GateRun.run(["run", "--shard", "iOS 18"])
        #expect(run.exitCode == .usage)
        #expect(run.stderr.contains("--shard"))
    }
}
