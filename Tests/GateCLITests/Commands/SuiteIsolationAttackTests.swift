// SuiteIsolationAttackTests.swift
//
// The forgeries a failing change could commit when its suites shared the gate's user, processes
// and files (#34), each tried through the CLI: with the gate as root, the suite runs in its domain
// and every one of them fails honestly; with the gate dropped to another user, the suites run as
// before and the report says so (isolation none, with the reason), which signing refuses.

import Foundation
import GateProcess
import GateReport
import GateTestSupport
import Testing

@Suite("the code under test cannot reach the gate", .serialized, .timeLimit(.minutes(3)))
struct SuiteIsolationAttackTests {
    /// A repository whose one suite runs `script` (and fails), in a scratch folder the suites' user may enter.
    final class Attack {
        let scratch: RunCommandTests.Scratch
        let marker = "ag-attack-\(UInt32.random(in: 0...UInt32.max))"
        var out: String { scratch.out }
        var cache: String { scratch.folder.file("cache") }

        init(_ script: (Attack) -> String) throws {
            scratch = try RunCommandTests.Scratch(config: "{}")
            chmod(scratch.root, 0o755)
            let suite = script(self).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            let config =
                #"{ "suites": [ { "name": "attack", "kind": "command", "command": ["sh", "-c", "\#(suite)"], "timeoutSeconds": 60 } ] }"#
            try config.write(toFile: scratch.repository + "/acceptance-gate.json", atomically: true, encoding: .utf8)
            try scratch.folder.git(["commit", "-q", "-am", "attack"], in: "repo")
        }

        /// Runs the gate (as `prefix` says: nothing for root, setpriv for another user) and reads its report.
        func run(prefix: [String] = [], extra: [String] = []) throws -> (status: GateProcess.ExitStatus, output: String, report: GateReport)
        {
            let result = try ProcessSupervisor.standalone.run(
                ProcessSpec(
                    arguments: prefix + [BuildProducts.gate, "run", "--repo", scratch.repository, "--out", out] + extra,
                    environment: [
                        "PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "CI": "true",
                        "HOME": scratch.root, "ACCEPTANCE_GATE_SUITE_CACHE": cache,
                    ]), timeout: .seconds(120))
            let report = try scratch.decodedReport()
            return (result.status, result.stdoutText + result.stderrText, report)
        }

        /// The suite's log, as the gate archived it.
        var log: String { (try? String(contentsOfFile: out + "/logs/attack.log", encoding: .utf8)) ?? "" }

        /// Whether a process whose command line holds the marker still runs.
        var leftRunning: Bool {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
            return entries.contains { entry in
                guard Int32(entry) != nil, let bytes = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
                let line = String(decoding: bytes, as: UTF8.self)
                return line.contains(marker) && !line.contains("__suite-domain")
            }
        }
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "the domain needs a root gate on Linux; the dropped gate is tested below"))
    func aCopiedOutFolderAndAKilledGateForgeNothing() throws {
        // The cheapest forgery: a second, passing run's folder over the real one, then the gate killed.
        let attack = try Attack { attack in
            """
            mkdir -p "$HOME/forged" && echo '{"verdict":"accepted"}' > "$HOME/forged/report.json"
            cp -r "$HOME/forged/." "\(attack.out)/" && echo "copied over the out folder"
            pkill -9 -f 'acceptance-gate run' && echo "killed the gate"
            kill -9 -1 2>/dev/null
            echo "\(attack.marker) still here"
            exit 1
            """
        }
        let run = try attack.run()
        #expect(run.status == .exited(code: 1), "\(run.output)")
        #expect(run.report.verdict == .rejected)
        #expect(run.report.isolation?.mechanism == .namespaces, "\(String(describing: run.report.isolation))")
        #expect(!attack.log.contains("copied over the out folder"), "\(attack.log)")
        #expect(!attack.log.contains("killed the gate"), "\(attack.log)")
        #expect(!attack.leftRunning)
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "the domain needs a root gate on Linux; the dropped gate is tested below"))
    func aHelperOutsideTheGatesTreeNeverRewritesTheVerdict() throws {
        // A service of the gate's user that lives outside its process tree (tmux, systemd --user,
        // at): its socket is the user's alone, here a FIFO in a folder only root may enter. A suite
        // of the same user hands it a command that rewrites the verdict once the gate has exited.
        let attack = try Attack { attack in
            """
            echo 'echo forged > "\(attack.out)/report.json"' > "\(attack.scratch.root)/service/fifo" && echo "handed over"
            exit 1
            """
        }
        let service = attack.scratch.root + "/service"
        try FileManager.default.createDirectory(atPath: service, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try #require(mkfifo(service + "/fifo", 0o600) == 0)
        let helper = try ProcessSupervisor.standalone.start(
            ProcessSpec(arguments: ["sh", "-c", "cat fifo > command; sleep 2; sh command"], workingDirectory: service),
            policy: .command(timeout: .seconds(30), grace: .seconds(1), outputDrain: .seconds(1)))
        defer { _ = helper.stop() }
        let run = try attack.run()
        #expect(run.status == .exited(code: 1), "\(run.output)")
        #expect(!attack.log.contains("handed over"), "\(attack.log)")
        usleep(3_000_000)
        #expect((try attack.scratch.decodedReport()).verdict == .rejected, "the verdict was rewritten after the gate exited")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "the domain needs a root gate on Linux; the dropped gate is tested below"))
    func anEditRestoredBeforeTheSuiteEndsIsImpossible() throws {
        let attack = try Attack { _ in
            """
            cp acceptance-gate.json /tmp/saved.json
            echo '{}' > acceptance-gate.json && echo "edited the tree"
            cp /tmp/saved.json acceptance-gate.json
            exit 1
            """
        }
        let before = attack.scratch.folder.text("repo/acceptance-gate.json")
        let run = try attack.run()
        #expect(run.status == .exited(code: 1), "\(run.output)")
        #expect(!attack.log.contains("edited the tree"), "\(attack.log)")
        #expect(attack.log.contains("Read-only file system"), "\(attack.log)")
        #expect(attack.scratch.folder.text("repo/acceptance-gate.json") == before)
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "the domain needs a root gate on Linux; the dropped gate is tested below"))
    func aSuiteFindsNeitherTheGateNorItsKey() throws {
        let attack = try Attack { _ in
            """
            for p in /proc/[0-9]*; do cat "$p/comm"; done
            cat /proc/*/environ /proc/*/cmdline 2>/dev/null | tr '\\000' '\\n' | grep -c PRIVATE
            cat "$KEYFILE" 2>&1
            id -u
            exit 1
            """
        }
        let keygen = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: [BuildProducts.gate, "keygen", "--out", attack.scratch.root + "/k"]), timeout: .seconds(30))
        try #require(keygen.status.isSuccess, "\(keygen.stderrText)")
        let pem = try String(contentsOfFile: attack.scratch.root + "/k.key", encoding: .utf8)
        let run = try attack.run(extra: ["--key", attack.scratch.root + "/k.key"])
        #expect(run.status == .exited(code: 1), "\(run.output)")
        let lines = attack.log.split(separator: "\n").map(String.init)
        // Only the domain: its init, the shell and its tools; never the gate (its name is acceptance-gate).
        #expect(lines.contains("ag-suite-domain"), "\(attack.log)")
        #expect(!lines.contains { $0.hasPrefix("acceptance-gat") }, "\(attack.log)")
        #expect(lines.contains("65534"), "\(attack.log)")
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        try #require(body.count > 40)
        #expect(!attack.log.contains(String(body.prefix(24))), "the suite read the key")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "the domain needs a root gate on Linux; the dropped gate is tested below"))
    func aFixtureAndAFrameDecoderOfTheTeamsOwnRunInTheDomainToo() throws {
        // Both are the change's code: a fixture command and an external frame decoder.
        let attack = try Attack { _ in "exit 0" }
        let gate = BuildProducts.gate
        let config = """
            { "fixture": { "command": ["sh", "-c", "echo fixture uid $(id -u); echo READY; exec sleep 60"], "ready": { "line": "READY" } },
              "suites": [
                { "name": "attack", "kind": "command", "command": ["sh", "-c", "id -u"], "timeoutSeconds": 60 },
                { "name": "frames", "kind": "frames", "decoder": ["sh", "-c", "id -u > $HOME/decoder-uid; exec \(gate) frames decode --batch"] } ] }
            """
        try config.write(toFile: attack.scratch.repository + "/acceptance-gate.json", atomically: true, encoding: .utf8)
        try attack.scratch.folder.git(["commit", "-q", "-am", "own fixture"], in: "repo")
        let run = try attack.run()
        #expect(run.report.isolation?.mechanism == .namespaces)
        let fixtureLog = (try? String(contentsOfFile: attack.out + "/logs/fixture.log", encoding: .utf8)) ?? ""
        #expect(fixtureLog.contains("fixture uid 65534"), "\(fixtureLog)")
        let decoder = (try? String(contentsOfFile: attack.cache + "/home/decoder-uid", encoding: .utf8)) ?? ""
        #expect(decoder == "65534\n", "the decoder ran as '\(decoder)'")
        #expect(run.report.fixture?.exit?.verified == true, "the fixture's exit is still proven: \(run.output)")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "the domain needs a root gate on Linux; the dropped gate is tested below"))
    func aSuitesLoaderVariablesNeverReachTheLauncher() throws {
        // The review's finding: a suite's `env` (LD_PRELOAD) reached the launcher, root until it drops.
        let attack = try Attack { _ in "exit 1" }
        let marks = attack.scratch.root + "/marks"
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
        chmod(marks, 0o777)
        let source = """
            #include <fcntl.h>
            #include <stdio.h>
            #include <unistd.h>
            __attribute__((constructor)) static void mark(void) {
                int fd = open("\(marks)/loaded", O_WRONLY | O_APPEND | O_CREAT, 0666);
                if (fd >= 0) { dprintf(fd, "uid=%d\\n", (int)geteuid()); close(fd); }
            }
            """
        try source.write(toFile: attack.scratch.root + "/mark.c", atomically: true, encoding: .utf8)
        let compiled = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: [
                "cc", "-shared", "-fPIC", "-o", attack.scratch.repository + "/mark.so", attack.scratch.root + "/mark.c",
            ]),
            timeout: .seconds(60))
        try #require(compiled.status.isSuccess, "cc: \(compiled.stderrText)")
        let config = """
            { "suites": [ { "name": "attack", "kind": "command", "command": ["sh", "-c", "exit 1"],
                            "env": { "LD_PRELOAD": "\(attack.scratch.repository)/mark.so" }, "timeoutSeconds": 60 } ] }
            """
        try config.write(toFile: attack.scratch.repository + "/acceptance-gate.json", atomically: true, encoding: .utf8)
        try attack.scratch.folder.git(["add", "-A"], in: "repo")
        try attack.scratch.folder.git(["commit", "-q", "-m", "preload"], in: "repo")
        let run = try attack.run()
        #expect(run.status == .exited(code: 1), "\(run.output)")
        let loaded = (try? String(contentsOfFile: marks + "/loaded", encoding: .utf8)) ?? ""
        #expect(loaded.contains("uid=65534"), "the suite itself still gets its own LD_PRELOAD: '\(loaded)'")
        #expect(!loaded.contains("uid=0"), "the library ran as root: '\(loaded)'")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "the domain needs a root gate on Linux; the dropped gate is tested below"))
    func aCommittedLinkCannotSwitchTheSeparationOff() throws {
        // The review's finding: a key path hidden through a dangling link made the probe fail, and
        // auto mode ran the suites unseparated. Only the machine may lower the separation.
        let attack = try Attack { _ in "id -u; exit 1" }
        symlink("/nonexistent/key", attack.scratch.repository + "/gate.key")
        try attack.scratch.folder.git(["add", "-A"], in: "repo")
        try attack.scratch.folder.git(["commit", "-q", "-m", "link"], in: "repo")
        let run = try attack.run(extra: ["--key", attack.scratch.repository + "/gate.key"])
        #expect(run.report.isolation?.mechanism != ReportIsolationMechanism.none, "\(String(describing: run.report.isolation))")
        #expect(!attack.log.contains("\n0\n") && !attack.log.hasPrefix("0\n"), "a suite ran as root: \(attack.log)")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "the domain needs a root gate on Linux; the dropped gate is tested below"))
    func aWorkingDirectoryOutsideTheTreeIsRefused() throws {
        // The review's finding: a suite's workingDirectory (or a link in the tree) outside it made
        // the gate, as root, create and hand over a `.build` there.
        let attack = try Attack { _ in "exit 0" }
        let outside = attack.scratch.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
        symlink(outside, attack.scratch.repository + "/pkg")
        let config = """
            { "suites": [ { "name": "attack", "kind": "command", "command": ["true"], "workingDirectory": "pkg", "timeoutSeconds": 60 } ] }
            """
        try config.write(toFile: attack.scratch.repository + "/acceptance-gate.json", atomically: true, encoding: .utf8)
        try attack.scratch.folder.git(["add", "-A"], in: "repo")
        try attack.scratch.folder.git(["commit", "-q", "-m", "outside"], in: "repo")
        let run = try attack.run()
        #expect(run.status != .exited(code: 0), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: outside + "/.build"), "the gate made a .build outside the tree")
        #expect(run.output.contains("not a folder inside the repository"), "\(run.output)")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "a user namespace of one user is made here with unshare as root"))
    func theRootOfAUserNamespaceOfOneUserSaysNoneAndRuns() throws {
        // A rootless container's root (uid 0 mapped to one user) has no other user to give a suite:
        // the machine's doing, so the suites run unseparated and the record says why.
        let attack = try Attack { _ in "id -u; exit 1" }
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), "this test needs unshare (util-linux)")
        let run = try attack.run(prefix: ["/usr/bin/unshare", "--user", "--map-root-user", "--"])
        #expect(run.status == .exited(code: 1), "\(run.output)")
        #expect(run.report.isolation?.mechanism == ReportIsolationMechanism.none)
        #expect(run.report.isolation?.reason?.contains("cannot become another user") == true, "\(String(describing: run.report.isolation))")
        #expect(!run.report.problems.contains { $0.code == .isolationUnavailable }, "the suites ran")
    }

    @Test func aGateThatCannotSeparateSaysSoInTheReport() throws {
        #if os(Linux)
            let attack = try Attack { _ in "id -u; exit 1" }
            var prefix: [String] = []
            if geteuid() == 0 {
                try #require(
                    FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "the dropped gate needs setpriv (util-linux)")
                let chown = try ProcessSupervisor.standalone.run(
                    ProcessSpec(arguments: ["chown", "-R", "65534:65534", attack.scratch.root]), timeout: .seconds(20))
                try #require(chown.status.isSuccess, "\(chown.stderrText)")
                prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
            }
            let run = try attack.run(prefix: prefix)
            #expect(run.status == .exited(code: 1), "\(run.output)")
            let isolation = try #require(run.report.isolation)
            #expect(isolation.mechanism == .none)
            #expect(isolation.reason?.contains("not root") == true, "\(String(describing: isolation.reason))")
            #expect(run.output.contains("isolation"), "the console says it too: \(run.output)")

            let required = try attack.run(prefix: prefix, extra: ["--isolation", "required"])
            #expect(required.status == .exited(code: 3), "\(required.output)")
            #expect(required.report.problems.contains { $0.code == .isolationUnavailable })
            #expect(required.report.stages.first { $0.name == "suite attack" }?.status == .skipped, "no suite ran")
        #else
            withKnownIssue("suites are separated on Linux only in this version") { throw SupportFailure("not Linux") }
        #endif
    }
}
