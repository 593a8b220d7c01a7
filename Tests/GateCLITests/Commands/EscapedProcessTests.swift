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
        // A unique argument so the check below finds this test's process and no other.
        let marker = 60 + Int.random(in: 0...899)
        let escape =
            "perl -MPOSIX -e 'fork and exit; POSIX::setsid(); fork and exit; exec \\\"sleep\\\", \\\"\(marker).5\\\"'; echo started"
        let scratch = try RunCommandTests.Scratch(config: RunCommandTests.config(suiteCommand: escape))
        let child = try ChildProcess.spawn(
            ProcessSpec(
                arguments: [RunCommandTests.binary, "run", "--repo", scratch.repository, "--out", scratch.out],
                environment: [
                    "PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "CI": "true",
                ], stdout: .collect(), stderr: .collect()))
        let status = try child.wait(timeout: .seconds(60))
        _ = child.finishOutput(within: .seconds(2))
        let stdout = String(decoding: child.capturedStdout().bytes, as: UTF8.self)
        #expect(status == .exited(code: 1), "\(stdout)")
        let report = try scratch.report()
        let problems = try #require(report["problems"] as? [[String: Any]])
        let stray = try #require(problems.first { $0["code"] as? String == "stray-processes" }, "\(problems)")
        let sentence = try #require(stray["sentence"] as? String)
        #expect(sentence.contains("escaped its process group"))
        #expect(sentence.contains("sleep \(marker).5"), "\(sentence)")
        // It also held the suite's output pipe, so the log was still open when reading stopped.
        #expect(problems.contains { $0["code"] as? String == "incomplete-log" }, "\(problems)")
        let left = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["pgrep", "-f", "sleep \(marker).5"], environment: ["PATH": "/usr/bin:/bin"]), timeout: .seconds(5))
        #expect(left.status == .exited(code: 1), "the escaped process is gone: \(left.stdoutText)")
    }
}
