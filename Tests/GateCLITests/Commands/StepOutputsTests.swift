//===----------------------------------------------------------------------===//
// StepOutputsTests.swift: the gate writes its GitHub step outputs itself, so the action can exec it.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// `action.yml` `exec`s the gate (no shell stays behind the suites), so the gate appends the
/// step outputs `verdict`, `exit-code` and `report-dir` to `$GITHUB_OUTPUT` itself; a suite,
/// which never sees the variable, cannot add its own.
@Suite("run: the step outputs written by the gate", .serialized, .timeLimit(.minutes(2)))
struct StepOutputsTests {
    /// Runs the gate as the action's step runs it, with an output file that has an earlier line.
    static func run(suite: String) throws -> (result: ProcessResult, outputs: String, out: String) {
        let scratch = try RunCommandTests.Scratch(config: RunCommandTests.config(suiteCommand: suite))
        let outputs = scratch.root + "/github_output"
        try Data("earlier=1\n".utf8).write(to: URL(fileURLWithPath: outputs))
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: [BuildProducts.gate, "run", "--repo", scratch.repository, "--out", scratch.out],
                environment: [
                    "PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "HOME": scratch.root,
                    "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_OUTPUT": outputs,
                ]), timeout: .seconds(60))
        return (result, (try? String(contentsOfFile: outputs, encoding: .utf8)) ?? "", scratch.out)
    }

    @Test func anAcceptedRunAppendsItsVerdictExitCodeAndFolder() throws {
        let (result, outputs, out) = try Self.run(suite: "echo suite ran")
        #expect(result.status == .exited(code: 0), "\(result.stdoutText)\(result.stderrText)")
        #expect(outputs == "earlier=1\nverdict=accepted\nexit-code=0\nreport-dir=\(out)\n", "\(outputs)")
    }

    @Test func aRejectedRunSaysSoAndASuiteCannotWriteAnOutputOfItsOwn() throws {
        let suite = #"echo verdict=accepted >> \"${GITHUB_OUTPUT:-/dev/null}\"; exit 1"#
        let (result, outputs, out) = try Self.run(suite: suite)
        #expect(result.status == .exited(code: 1), "\(result.stdoutText)\(result.stderrText)")
        #expect(outputs == "earlier=1\nverdict=rejected\nexit-code=1\nreport-dir=\(out)\n", "\(outputs)")
    }
}
