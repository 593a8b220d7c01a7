// KeyInspectionDarwinTests.swift
//
// On a Mac a suite of the same user reads its parent's environment block with `ps eww` (through
// sysctl KERN_PROCARGS2), which PT_DENY_ATTACH does not close: the gate's scrub must have
// overwritten the key's bytes there before the suite started. Linux has its own test
// (KeyInspectionTests, /proc/<gate>/environ); this one runs only where `ps eww` reads Darwin's block.

import Foundation
import GateProcess
import GateTestSupport
import Testing

@Suite("the key is out of the suites' reach on Darwin", .serialized, .timeLimit(.minutes(2)))
struct KeyInspectionDarwinTests {
    #if os(macOS)
        @Test func aSuiteRunningPsEwwOnTheGateGetsNoPartOfTheKey() throws {
            let steal = "ps eww -o command= -p $PPID > $HOME/ps.txt 2> $HOME/ps.err; exit 0"
            let scratch = try RunCommandTests.Scratch(
                config:
                    #"{ "suites": [ { "name": "thief", "kind": "command", "command": ["sh", "-c", "\#(steal)"], "timeoutSeconds": 30 } ] }"#
            )
            let root = scratch.root
            let keygen = try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: [BuildProducts.gate, "keygen", "--out", root + "/k"]), timeout: .seconds(30))
            try #require(keygen.status.isSuccess, "\(keygen.stderrText)")
            let pem = try String(contentsOfFile: root + "/k.key", encoding: .utf8)
            let run = try ProcessSupervisor.standalone.run(
                ProcessSpec(
                    arguments: [BuildProducts.gate, "run", "--repo", scratch.repository, "--out", scratch.out],
                    environment: [
                        "HOME": root, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
                        "CI": "true", "ACCEPTANCE_GATE_SIGNING_KEY": pem,
                    ]), timeout: .seconds(90))
            #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
            let seen = (try? String(contentsOfFile: root + "/ps.txt", encoding: .utf8)) ?? ""
            #expect(seen.contains("HOME="), "ps eww showed no environment at all: \(seen.prefix(200))")
            let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
            try #require(body.count > 40)
            let leaked = stride(from: 0, to: body.count - 16, by: 4).contains { seen.contains(String(body.dropFirst($0).prefix(16))) }
            #expect(!leaked, "the suite read key material from the gate's environment block")
        }
    #endif
}
