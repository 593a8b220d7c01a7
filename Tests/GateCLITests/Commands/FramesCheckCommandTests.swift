//===----------------------------------------------------------------------===//
// FramesCheckCommandTests.swift
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateCore
import GateTestSupport
import Testing

@Suite("frames check")
struct FramesCheckCommandTests {
    @Test("the built-in decoder holds all four points; the report names each with its counts")
    func builtin() {
        let run = GateRun.run(["frames", "check", "--limit", "300"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(run.lines.first?.hasPrefix("frames check: built-in decoder, payload limit 300 bytes") == true)
        let points = run.lines.dropFirst().prefix(4)
        #expect(points.allSatisfy { $0.hasPrefix("  ✓ ") }, "\(points)")
        #expect(points.contains { $0.contains("every truncated prefix fails as truncated") && $0.hasSuffix("582 of 582 cases") })
        #expect(run.lines.last == "frames check: 4 of 4 acceptance points hold; passed")
    }

    @Test("an external decoder that lets trailing bytes through fails with a minimised counterexample, exit 1")
    func externalFailure() {
        // Answers the seed frame correctly, but also "ok" for it with a byte appended: a trailing-bytes bug.
        let script =
            #"while IFS= read -r l; do case "$l" in 01000000030080ff|01000000030080ff??) echo "ok 0080ff";; *) echo "error truncated";; esac; done"#
        let run = GateRun.run(["frames", "check", "--limit", "16", "--decoder", "sh -c '\(script)'"])
        #expect(run.exitCode == .failure, "\(run.stderr)")
        #expect(run.lines.contains { $0.hasPrefix("  ✗ trailing bytes cannot slip past the single-frame boundary") })
        #expect(
            run.lines.contains { $0.hasPrefix("  ✓ every valid frame returns exactly its bytes") } == false,
            "only the seed frame is answered right")
        #expect(run.lines.contains { $0.contains("three-byte-payload/trailing-00: expected error trailing, got ok 0080ff") })
        #expect(run.lines.contains { $0.contains("minimised counterexample (9 bytes): 01000000030080ff") })
        #expect(run.lines.last?.hasSuffix("acceptance points hold; FAILED") == true)
    }

    @Test(
        "usage and infrastructure errors are one line with the right exit code",
        arguments: [
            (["--decoder", "'unclosed"], GateExitStatus.usage, "invalid value ''unclosed' for '--decoder' of 'frames check'"),
            (["--decoder", "   "], .usage, "invalid value '   ' for '--decoder'"),
            (["--decoder", "/nonexistent/decoder --batch"], .infrastructure, "decoder '/nonexistent/decoder --batch' could not be run"),
            (["--decoder", "sh -c 'exit 7'"], .infrastructure, "it exited with code 7"),
            (["--limt", "3"], .usage, "unknown option '--limt' for 'frames check'; did you mean '--limit'?"),
            (["--timeout", "0"], .usage, "invalid value '0' for '--timeout'"),
        ])
    func errors(arguments: [String], code: GateExitStatus, message: String) {
        let run = GateRun.run(["frames", "check", "--limit", "16"] + arguments)
        #expect(run.exitCode == code)
        #expect(run.stderr.hasPrefix("acceptance-gate: "))
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("a limit the suite cannot build in memory is a usage error, not a crash")
    func limitTooLarge() {
        let run = GateRun.run(["frames", "check", "--limit", "4294967295"])
        #expect(run.exitCode == .usage)
        #expect(
            run.stderr
                == "acceptance-gate: invalid value '4294967295' for '--limit' of 'frames check'; expected an integer from 0 to 67108864 (see 'acceptance-gate frames check --help')\n"
        )
    }

    @Test("the real binary passes as an external decoder of itself")
    func selfAsExternal() throws {
        let binary = URL(fileURLWithPath: BuildProducts.gate)
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the product first: \(binary.path)")
        let run = GateRun.run(["frames", "check", "--decoder", "'\(binary.path)' frames decode --batch"])
        #expect(run.exitCode == .success, "\(run.stdout)\(run.stderr)")
        #expect(run.lines.last == "frames check: 4 of 4 acceptance points hold; passed")
    }
}
