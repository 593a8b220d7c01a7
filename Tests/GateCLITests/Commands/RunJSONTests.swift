//===----------------------------------------------------------------------===//
// RunJSONTests.swift: `run --json` prints one JSON line on stdout, the progress on stderr.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

@Suite("run --json", .serialized, .timeLimit(.minutes(2)))
struct RunJSONTests {
    private func run(_ suiteCommand: String) throws -> (result: ProcessResult, out: String) {
        let scratch = try RunCommandTests.Scratch(
            config:
                #"{ "suites": [ { "name": "unit", "kind": "command", "command": ["sh", "-c", "\#(suiteCommand)"], "timeoutSeconds": 30 } ] }"#
        )
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: [BuildProducts.gate, "run", "--repo", scratch.repository, "--out", scratch.out, "--json"],
                environment: [
                    "PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "HOME": scratch.root,
                    "CI": "true",
                ]), timeout: .seconds(90))
        return (result, scratch.out)
    }

    @Test("accepted: one line, the verdict and counts, the report folder; the progress went to stderr")
    func accepted() throws {
        let (result, out) = try run("exit 0")
        #expect(result.status == .exited(code: 0), "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stdoutText)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        #expect(object["verdict"] as? String == "accepted")
        #expect(object["exitCode"] as? Int == 0)
        #expect(object["suites"] as? Int == 1)
        #expect(object["problems"] as? Int == 0)
        #expect(object["reason"] is NSNull)
        #expect(object["report"] as? String == out)
        #expect(result.stderrText.contains("acceptance-gate "), "the header is on stderr")
        #expect(result.stderrText.contains("accepted: 1 suite(s)"), "the verdict line is on stderr")
    }

    @Test("rejected: exit 1, and the reason is the verdict line's")
    func rejected() throws {
        let (result, _) = try run("exit 4")
        #expect(result.status == .exited(code: 1))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(object["verdict"] as? String == "rejected")
        #expect(object["exitCode"] as? Int == 1)
        #expect((object["reason"] as? String)?.contains("exited with code 4") == true, "\(object)")
    }
}
