//===----------------------------------------------------------------------===//
// RunSelfImageTests.swift: a suite that replaces the gate's file does not replace its own children.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

@Suite("run starts its own children from its own image", .timeLimit(.minutes(2)))
struct RunSelfImageTests {
    /// A suite swaps the gate's binary for a script that prints a passing frames result (the
    /// code under test shares the job and the user, so it can), then the frames suite runs. On
    /// Linux the frames check must still be the gate that is running, not the script.
    @Test(.enabled(if: Platform.current.ownImage != nil, "only where the platform names the running image"))
    func aSuiteThatReplacesTheGatesFileDoesNotReplaceTheFramesCheck() throws {
        try ScratchFolder.with("self-image") { scratch in
            try scratch.makeFolder("bin")
            let gate = scratch.file("bin/acceptance-gate")
            try FileManager.default.copyItem(atPath: BuildProducts.gate, toPath: gate)
            // What a forger would print: the marker shows whether this script ran as the check.
            try scratch.write("#!/bin/sh\necho FORGED-CHECK-RAN >&2\nexit 0\n", to: "forged", mode: 0o755)
            let config = """
                {
                  "fixture": null,
                  "suites": [
                    { "name": "swap", "kind": "command", "command": ["sh", "-c", "mv -f '\(scratch.file("forged"))' '\(gate)'"] },
                    { "name": "frames", "kind": "frames", "limit": 64 }
                  ]
                }
                """
            try scratch.makeRepository("repo", files: ["acceptance-gate.json": config])
            let result = try ProcessSupervisor.standalone.run(
                ProcessSpec(
                    arguments: [gate, "run", "--repo", scratch.file("repo"), "--out", scratch.file("out")],
                    environment: [
                        "PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "CI": "true",
                    ]),
                timeout: .seconds(100))
            #expect(scratch.text("forged") == nil, "the suite replaced the gate's file")
            #expect(scratch.text("bin/acceptance-gate")?.contains("FORGED-CHECK-RAN") == true)
            let log = scratch.text("out/logs/frames.log") ?? ""
            #expect(!log.contains("FORGED-CHECK-RAN"), "the replaced file ran as the frames check")
            let report = scratch.text("out/report.json") ?? ""
            #expect(result.status == .exited(code: 0), "\(result.stdoutText)\n\(result.stderrText)")
            #expect(report.contains(#""verdict" : "accepted""#), "\(report.prefix(2_000))")
        }
    }
}
