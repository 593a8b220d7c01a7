// SuiteDomainLauncherTests.swift
//
// The launcher, for real: a suite in its domain is another user without capabilities, sees only
// its own processes, cannot write the tree or see the gate's files, writes its own folders, ends
// as its command ended, and what it leaves behind dies with the domain.

import Foundation
import GateCore
import GateProcess
import GateTestSupport
import SuiteDomain
import Testing

@Suite("the suite domain's launcher", .serialized, .timeLimit(.minutes(2)))
struct SuiteDomainLauncherTests {
    /// A tree, an out folder with a report, and a cache the suite's user owns, in a folder others may enter.
    struct Domain {
        /// What runs a command as uid 65534 without capabilities when the tests run as root (the
        /// launcher started by a gate that is not root); nothing when they already are not root.
        static func droppedFromRoot() throws -> [String] {
            guard geteuid() == 0 else { return [] }
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "the dropped case needs setpriv (util-linux)")
            return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all", "--"]
        }

        let scratch: ScratchFolder
        var tree: String { scratch.file("tree") }
        var out: String { scratch.file("tree/out") }
        var cache: String { scratch.file("cache") }

        init() throws {
            scratch = try ScratchFolder("domain")
            chmod(scratch.path, 0o755)
            try scratch.makeFolder("tree/out")
            try scratch.makeFolder("tree/.build")
            try scratch.write("the verdict\n", to: "tree/out/report.json", mode: 0o644)
            try scratch.write("let x = 1\n", to: "tree/Sources.swift", mode: 0o666)
            chmod(scratch.file("tree"), 0o777)
            for folder in ["cache/home", "cache/tmp", "cache/build"] {
                try scratch.makeFolder(folder)
                chown(scratch.file(folder), 65534, 65534)
            }
        }

        func command(_ script: String, mode: SuiteDomainMode = .namespaces) -> [String] {
            let layout = SuiteDomainLayout(
                uid: 65534, gid: 65534, readOnly: [tree], hidden: [out], writable: [cache + "/home", cache + "/tmp"],
                binds: [SuiteDomainBind(source: cache + "/build", target: tree + "/.build")], home: cache + "/home",
                temporary: cache + "/tmp")
            let command = SuiteDomainCommand(
                mode: mode, layout: layout, workingDirectory: tree, executable: "/bin/sh", arguments: ["sh", "-c", script])
            return [BuildProducts.gate] + command.commandLine
        }

        func run(_ script: String, mode: SuiteDomainMode = .namespaces) throws -> ProcessResult {
            try ProcessSupervisor.standalone.run(
                ProcessSpec(
                    arguments: command(script, mode: mode),
                    environment: SuiteDomainCommand.carried(["PATH": "/usr/bin:/bin", "HOME": cache + "/home"])),
                timeout: .seconds(30))
        }
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "namespaces and another user need root on Linux (the dropped case is tested below)"))
    func theSuiteIsAnotherUserWithoutPrivilegeInNamespacesOfItsOwn() throws {
        let domain = try Domain()
        defer { domain.scratch.remove() }
        let gate = getpid()
        let result = try domain.run(
            """
            id -u; id -g; echo "pid $$"
            grep -E '^(NoNewPrivs|CapEff|CapBnd|CapPrm)' /proc/self/status
            kill -0 \(gate) 2>/dev/null && echo "sees the gate" || echo "no gate"
            ls /proc | grep -c '^[0-9]'
            """)
        #expect(result.status == .exited(code: 0), "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["65534", "65534", "pid 2"], "\(lines)")
        #expect(lines.contains("NoNewPrivs:\t1"))
        for capability in ["CapEff", "CapBnd", "CapPrm"] { #expect(lines.contains("\(capability):\t0000000000000000"), "\(capability)") }
        #expect(lines.contains("no gate"), "the suite can address the gate's pid \(gate)")
        // init, the shell, ls and grep: nothing of the machine outside.
        #expect((Int(lines.last ?? "") ?? 99) <= 4, "\(lines)")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "namespaces and another user need root on Linux (the dropped case is tested below)"))
    func theTreeIsReadOnlyTheOutFolderHiddenAndTheSuitesFoldersWritable() throws {
        let domain = try Domain()
        defer { domain.scratch.remove() }
        let result = try domain.run(
            """
            cat Sources.swift
            echo forged > Sources.swift 2>/dev/null && echo "wrote the tree" || echo "tree read-only"
            echo new > added.swift 2>/dev/null && echo "added to the tree" || echo "no file added"
            ls -A out; cat out/report.json 2>/dev/null || echo "no report"
            touch out/report.json 2>/dev/null && echo "wrote the out folder" || echo "out folder closed"
            echo built > .build/product && echo "build written"
            echo cached > "$HOME/cache" && echo "home written"
            exit 7
            """)
        #expect(result.status == .exited(code: 7), "the launcher ends as the suite ended: \(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "let x = 1", "tree read-only", "no file added", "no report", "out folder closed", "build written", "home written",
            ], "\(lines)")
        // Outside, nothing changed but the suite's own folders.
        #expect(domain.scratch.text("tree/Sources.swift") == "let x = 1\n")
        #expect(domain.scratch.text("tree/out/report.json") == "the verdict\n")
        #expect(domain.scratch.text("tree/.build/product") == nil, "the tree's .build is the cache's inside the domain only")
        #expect(domain.scratch.text("cache/build/product") == "built\n")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "another user needs root on Linux (the dropped case is tested below)"))
    func withoutNamespacesTheSuiteIsStillAnotherUserWithoutPrivilege() throws {
        // What a container whose seccomp profile refuses unshare gets: the user, not the namespaces.
        let domain = try Domain()
        defer { domain.scratch.remove() }
        chmod(domain.scratch.file("tree"), 0o755)
        let result = try domain.run(
            """
            id -u; echo "pid $$"
            grep -E '^(NoNewPrivs|CapEff)' /proc/self/status
            echo forged > Sources.swift 2>/dev/null && echo "wrote the tree" || echo "tree not writable"
            kill -0 \(getpid()) 2>/dev/null && echo "signals the gate" || echo "cannot signal the gate"
            """, mode: .user)
        #expect(result.status == .exited(code: 0), "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first == "65534")
        #expect(lines.dropFirst().first != "pid 2", "no PID namespace of its own in this mode")
        #expect(lines.contains("NoNewPrivs:\t1") && lines.contains("CapEff:\t0000000000000000"), "\(lines)")
        #expect(lines.contains("cannot signal the gate"), "\(lines)")
        // The tree's own permissions are all that keep it: a file the gate's user left world-writable is not kept.
        #expect(lines.contains("wrote the tree"), "Sources.swift is 0666 here: \(lines)")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "namespaces and another user need root on Linux (the dropped case is tested below)"))
    func aSignalEndsTheLauncherAsItEndedTheSuite() throws {
        let domain = try Domain()
        defer { domain.scratch.remove() }
        let result = try domain.run("kill -TERM $$")
        #expect(result.status == .signalled(signal: SIGTERM), "\(result.status)")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "namespaces and another user need root on Linux (the dropped case is tested below)"))
    func whatTheSuiteLeavesBehindStaysInTheGroupAndDiesWithTheDomain() throws {
        let domain = try Domain()
        defer { domain.scratch.remove() }
        let marker = "ag-domain-stray-\(UInt32.random(in: 0...UInt32.max))"
        let process = try ProcessSupervisor.standalone.start(
            ProcessSpec(
                arguments: domain.command("setsid sh -c 'sleep 60; echo \(marker)' >/dev/null 2>&1 & sleep 0.2; exit 3"),
                environment: SuiteDomainCommand.carried(["PATH": "/usr/bin:/bin"])),
            policy: .command(timeout: .seconds(30), grace: .seconds(2), outputDrain: .seconds(1)))
        let status = try process.child.wait(timeout: .seconds(20))
        #expect(status == .exited(code: 3), "the launcher returns when the suite exits, not when its strays do")
        #expect(Self.running(marker), "the stray still runs, in the domain")
        // The gate stops the group; the domain's init forwards, and the kernel ends the namespace.
        _ = process.child.signalGroup(SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        while Self.running(marker) && ContinuousClock.now < deadline { usleep(20_000) }
        #expect(!Self.running(marker), "the stray outlived its domain")
        _ = process.finish()
    }

    @Test func droppedFromRootTheLauncherRefusesAndSaysWhy() throws {
        #if os(Linux)
            let domain = try Domain()
            defer { domain.scratch.remove() }
            let prefix = try Domain.droppedFromRoot()
            for (mode, code) in [(SuiteDomainMode.namespaces, 124), (.user, 125)] {
                let result = try ProcessSupervisor.standalone.run(
                    ProcessSpec(
                        arguments: prefix + domain.command("echo ran", mode: mode),
                        environment: SuiteDomainCommand.carried(["PATH": "/usr/bin:/bin"])),
                    timeout: .seconds(30))
                #expect(result.status == .exited(code: Int32(code)), "\(mode): \(result.status) \(result.stderrText)")
                #expect(!result.stdoutText.contains("ran"), "\(mode): the suite ran without its domain")
                #expect(result.stderrText.hasPrefix("acceptance-gate: suite domain: cannot "), "\(result.stderrText)")
            }
        #else
            withKnownIssue("the Linux launcher does not exist on this platform") { throw SupportFailure("not Linux") }
        #endif
    }

    @Test func typedByHandTheHiddenCommandExplainsItself() throws {
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: [BuildProducts.gate, SuiteDomainCommand.name, "--help"]), timeout: .seconds(30))
        #expect(result.status == .exited(code: 125))
        #expect(result.stderrText.contains("not a command to type"), "\(result.stderrText)")
    }

    static func running(_ marker: String) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        return entries.contains { entry in
            guard Int32(entry) != nil, let bytes = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return false }
            // The stray's own shell, not the launcher or init, whose command lines hold the script too.
            return String(decoding: bytes, as: UTF8.self).hasPrefix("sh\u{0}-c\u{0}sleep 60; echo \(marker)")
        }
    }
}
