// KeyInspectionTests.swift
//
// The signing key cannot be read back from the gate by the code it runs: a suite of the same user
// reading its parent's /proc entry (the environment block as it was at exec) gets nothing of it.

import Foundation
import GateProcess
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("the key is out of the suites' reach", .serialized, .timeLimit(.minutes(2)))
struct KeyInspectionTests {
    @Test(
        .enabled(
            if: Platform.current.processTable == .procfs,
            "a process's environment is read through /proc only where /proc is the process table (KeyInspectionDarwinTests covers macOS)"))
    func aSuiteReadingTheGatesProcEntryGetsNoPartOfTheKey() throws {
        // The attack the review found: the gate is the suite's parent, and its environ holds the key.
        // (HOME is the scratch folder, see below.)
        let steal = "cat /proc/$PPID/environ > $HOME/environ 2> $HOME/environ.err; cat /proc/$PPID/mem > /dev/null 2> $HOME/mem.err; exit 0"
        let scratch = try RunCommandTests.Scratch(
            config: #"{ "suites": [ { "name": "thief", "kind": "command", "command": ["sh", "-c", "\#(steal)"], "timeoutSeconds": 30 } ] }"#
        )
        let root = scratch.root
        let keygen = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: [BuildProducts.gate, "keygen", "--out", root + "/k"]), timeout: .seconds(30))
        try #require(keygen.status.isSuccess, "\(keygen.stderrText)")
        let pem = try String(contentsOfFile: root + "/k.key", encoding: .utf8)

        // Root may read any process's /proc entry: the attack is a same-user one, so as root the gate
        // and its suite run as nobody (the scratch folder becomes nobody's).
        var asUser: [String] = []
        if geteuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "running as root needs setpriv (util-linux)")
            let chown = try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: ["chown", "-R", "65534:65534", root]), timeout: .seconds(20))
            try #require(chown.status.isSuccess, "\(chown.stderrText)")
            asUser = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        }
        let run = try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: asUser + [BuildProducts.gate, "run", "--repo", scratch.repository, "--out", scratch.out],
                environment: [
                    "HOME": root,
                    "PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "CI": "true",
                    "ACCEPTANCE_GATE_SIGNING_KEY": pem,
                ]), timeout: .seconds(90))
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)")
        #expect(FileManager.default.fileExists(atPath: scratch.out + "/report.dsse.json"), "the gate itself still signs")
        let stolen = (try? String(contentsOfFile: root + "/environ", encoding: .utf8)) ?? ""
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        try #require(body.count > 40)
        let leaked = stride(from: 0, to: body.count - 16, by: 4).contains { stolen.contains(String(body.dropFirst($0).prefix(16))) }
        #expect(!leaked, "the suite read key material from the gate's environ")
        if !Platform.shimsBuiltPortable {
            // Non-dumpable: the gate's /proc entries are root's, not the suite's to read.
            let denied = (try? String(contentsOfFile: root + "/environ.err", encoding: .utf8)) ?? ""
            #expect(denied.contains("Permission denied"), "environ: \(denied)")
            let mem = (try? String(contentsOfFile: root + "/mem.err", encoding: .utf8)) ?? ""
            #expect(mem.contains("Permission denied"), "mem: \(mem)")
            #expect(!stolen.contains("PATH="), "the environ was not readable at all")
        }
    }
}
