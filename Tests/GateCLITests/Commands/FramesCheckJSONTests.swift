//===----------------------------------------------------------------------===//
// FramesCheckJSONTests.swift: `frames check --json`, what the gate's frames suite reads back.
//===----------------------------------------------------------------------===//

import FrameConformance
import GateCLI
import Testing

@testable import Gate

@Suite("frames check --json", .timeLimit(.minutes(1)))
struct FramesCheckJSONTests {
    @Test("the built-in decoder: one JSON line that reads back as the report, exit 0")
    func builtin() throws {
        let run = GateRun.run(["frames", "check", "--limit", "300", "--json"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.lines.count == 1)
        guard case .result(let result) = try ConformanceDocument(jsonBytes: Array(run.stdout.utf8)) else {
            Issue.record("not a result: \(run.stdout)")
            return
        }
        #expect(result.passed)
        #expect(result.lines.last == "frames check: 4 of 4 acceptance points hold; passed")
        #expect(result.lines == GateRun.run(["frames", "check", "--limit", "300"]).lines, "the same lines as without --json")
    }

    @Test("a failing external decoder: its result with the minimised counterexample, exit 1")
    func failing() throws {
        let script =
            #"while IFS= read -r l; do case "$l" in 01000000030080ff|01000000030080ff??) echo "ok 0080ff";; *) echo "error truncated";; esac; done"#
        let run = GateRun.run(["frames", "check", "--limit", "16", "--json", "--decoder", "sh -c '\(script)'"])
        #expect(run.exitCode == .failure, "\(run.stderr)")
        guard case .result(let result) = try ConformanceDocument(jsonBytes: Array(run.stdout.utf8)) else {
            Issue.record("not a result: \(run.stdout)")
            return
        }
        let trailing = try #require(result.points.first { $0.point == .trailingBytes })
        #expect(!trailing.holds)
        #expect(trailing.counterexample?.head == [0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80, 0xFF, 0x00])
    }

    @Test("a decoder that cannot be run: a failure document and exit 3, nothing on standard error")
    func cannotRun() throws {
        let run = GateRun.run(["frames", "check", "--limit", "16", "--json", "--decoder", "/nonexistent/decoder --batch"])
        #expect(run.exitCode == .infrastructure)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        guard case .failure(let message) = try ConformanceDocument(jsonBytes: Array(run.stdout.utf8)) else {
            Issue.record("not a failure: \(run.stdout)")
            return
        }
        #expect(message.hasPrefix("decoder '/nonexistent/decoder --batch' could not be run"))
    }

    @Test(
        "the frames suite hands the child each decoder word as it was",
        arguments: [
            ["plain"], ["it's"], ["two words"], [""], ["'"], ["a'b'c", "''"], ["\"x\" \\y $z"], ["tab\there", "new\nline"],
            // A quote beside a combining mark (U+0301) or a prepended one (U+0600) is one character with it.
            ["\u{301}starts-combining"], ["ends-prepended\u{600}"], ["a'\u{301}b"], ["\u{600}'"],
        ])
    func decoderWords(words: [String]) {
        let decoder = ["/usr/bin/decoder"] + words
        let arguments = FrameSuiteRunner.arguments("/gate", decoder: decoder, limit: 16, timeout: .milliseconds(1))
        #expect(arguments.prefix(4) == ["/gate", "frames", "check", "--json"])
        #expect(arguments.dropLast(2).suffix(2) == ["--timeout", "1"], "a timeout under a second is a second: \(arguments)")
        #expect(arguments.dropLast().last == "--decoder")
        #expect(arguments.last.flatMap(CommandWords.split) == decoder)
    }

    @Test("the child's timeout is capped where frames check's own range ends: the longest, and any longer, is accepted")
    func timeoutCap() {
        let longest = ConformanceRunner.maximumBatchTimeoutSeconds
        for timeout in [Duration.seconds(longest), .seconds(longest) + .milliseconds(1), .seconds(10 * longest)] {
            let arguments = FrameSuiteRunner.arguments("/gate", decoder: nil, limit: 16, timeout: timeout)
            #expect(arguments.suffix(2) == ["--timeout", String(longest)], "\(timeout): \(arguments)")
            let run = GateRun.run(Array(arguments.dropFirst()))
            #expect(run.exitCode == .success, "\(timeout): \(run.stderr)")
        }
    }
}
