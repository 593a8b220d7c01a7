//===----------------------------------------------------------------------===//
// OutputHoldGraceTests.swift: a stray holding the test output is stopped after the stray grace.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// The real `acceptance-gate run` (the subreaper the orphan comes back to): a runner that waits
/// for its test output to close while a background process it started holds it is unblocked by
/// stopping that process after the suite's stray grace (2 s, docs/run.md), not its 5 s grace.
@Suite("output hold grace", .serialized, .timeLimit(.minutes(2)))
struct OutputHoldGraceTests {
    /// A runner in perl: its "test process" starts a sleep in a session of its own, holding the
    /// pipe the runner reads, and exits; the runner reads to end of file, so it waits on the sleep.
    static func runner(sleeping seconds: String) -> String {
        """
        use POSIX;
        $| = 1;
        pipe(my $r, my $w) or die;
        my $pid = fork;
        if ($pid == 0) {
            close $r;
            POSIX::setsid();
            if (fork == 0) {
                open STDOUT, '>&', $w or die;
                open STDERR, '>', '/dev/null';
                close $w;
                exec 'sleep', '\(seconds)';
            }
            POSIX::_exit(0);
        }
        close $w;
        waitpid $pid, 0;
        print "the runner waits for its test output\\n";
        while (<$r>) { print }
        print "the runner read the end of its test output\\n";
        """
    }

    @Test(.enabled(if: Platform.current.processTable == .procfs, "a subreaper and /proc name the holder (docs/run.md)"))
    func aStrayHoldingTheTestOutputIsStoppedAfterTheStrayGrace() throws {
        let sleep = "\(100 + Int.random(in: 0...899)).5"
        let config = """
            { "suites": [ { "name": "held", "kind": "command", "command": ["perl", "hold.pl"], "timeoutSeconds": 60 } ] }
            """
        let folder = try ScratchFolder("gate-hold")
        defer { folder.remove() }
        try folder.makeRepository("repo", files: ["acceptance-gate.json": config, "hold.pl": Self.runner(sleeping: sleep)])
        let out = folder.file("out")
        let child = try RunCommandTests.spawnRun(repository: folder.file("repo"), out: out)
        let status = try child.wait(timeout: .seconds(60))
        _ = child.finishOutput(within: .seconds(2))
        let stdout = String(decoding: child.capturedStdout().bytes, as: UTF8.self)
        #expect(status == .exited(code: 1), "\(stdout)")
        // The note says when the holder will be stopped: the stray grace, not the suite's grace.
        #expect(stdout.contains("(sleep \(sleep)) holding the test output; stopped in 2.00s unless it ends"), "\(stdout)")
        let data = try #require(FileManager.default.contents(atPath: out + "/report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let problems = try #require(report["problems"] as? [[String: Any]])
        let stray = try #require(problems.first { $0["code"] as? String == "stray-processes" }, "\(problems)")
        let sentence = try #require(stray["sentence"] as? String)
        #expect(sentence.hasPrefix("suite 'held': its tests had finished, but processes they started kept holding the test output"))
        #expect(sentence.contains("(sleep \(sleep))"), "\(sentence)")
        let suites = try #require(report["suites"] as? [[String: Any]])
        let seconds = try #require(suites.first?["durationSeconds"] as? Double)
        // Quiet for a second, seen on the next half-second check, then the 2 s grace: not the 5 s one.
        #expect(seconds < 5.5, "the holder was stopped after the stray grace: \(seconds) s")
    }
}
