//===----------------------------------------------------------------------===//
// DarwinSandboxTests.swift: the generated profile and the suite user, run for real on a Mac.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateProcess
import GateTestSupport
import Testing

@testable import SuiteDomain

/// What only a Mac can show: `sandbox-exec` applying the generated profile (every Mac, as the
/// current user), and the suite user made through `sudo -n` and running a command under the
/// profile (only where `ACCEPTANCE_GATE_DARWIN_SUITE_USER=1`: it adds an account to the machine,
/// which the macOS CI job's runner is there for and a developer's Mac is not).
///
/// Elsewhere these are disabled with their reason, never passed; on a Mac a missing
/// `sandbox-exec` fails them.
@Suite("Darwin sandbox, for real")
struct DarwinSandboxTests {
    static let createsUser = ProcessInfo.processInfo.environment["ACCEPTANCE_GATE_DARWIN_SUITE_USER"] == "1"

    /// A shell that tries each access and prints `name=status`: `$1` is the scratch folder, `$2`
    /// the test process (standing for the gate).
    static let probe = """
        echo in > "$1/inside/file"; echo "inside=$?"
        echo out > "$1/outside/file"; echo "outside=$?"
        echo t > "$1/tree/file"; echo "tree=$?"
        echo b > "$1/tree/.build/file"; echo "build=$?"
        cat "$1/hidden/secret" > /dev/null; echo "hidden=$?"
        echo n > /dev/null; echo "devnull=$?"
        kill -0 "$2"; echo "gate=$?"
        kill -0 $$; echo "self=$?"
        """

    /// The `name=status` lines of `output`.
    static func statuses(_ output: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let name = parts.first, let value = parts.last { result[String(name)] = String(value) }
        }
        return result
    }

    @Test(
        "sandbox-exec with the generated profile: writes inside allowed, outside, to the tree and to hidden paths denied, the gate unsignalled",
        .enabled(if: DarwinFacts.isCurrent, "sandbox-exec exists on macOS only; this Linux run checks the profile's text"),
        .timeLimit(.minutes(1)))
    func profileConfinesForReal() throws {
        try ScratchFolder.with("darwin-sandbox") { scratch in
            for folder in ["inside", "outside", "tree/.build", "hidden", "home", "tmp"] { try scratch.makeFolder(folder) }
            try scratch.write("not for the suite\n", to: "hidden/secret")
            let layout = SuiteDomainLayout(
                uid: getuid(), gid: getgid(), readOnly: [scratch.file("tree")], hidden: [scratch.file("hidden")],
                writable: [scratch.file("inside"), scratch.file("tree/.build")], home: scratch.file("home"),
                temporary: scratch.file("tmp"))
            let profile = try SandboxProfile(layout: DarwinSuiteDomain.resolved(layout))
            let command = DarwinSuiteDomain.confine(
                ["/bin/sh", "-c", Self.probe, "sh", scratch.path, String(getpid())], profile: profile)
            let result = try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: command, environment: ["PATH": "/usr/bin:/bin"]), timeout: .seconds(30))
            #expect(result.status.isSuccess, "\(result.stderrText)")
            let statuses = Self.statuses(result.stdoutText)
            #expect(statuses["inside"] == "0" && statuses["build"] == "0" && statuses["devnull"] == "0", "\(result.stdoutText)")
            #expect(statuses["outside"] != nil && statuses["outside"] != "0", "\(result.stdoutText)")
            #expect(statuses["tree"] != nil && statuses["tree"] != "0", "\(result.stdoutText)")
            #expect(statuses["hidden"] != nil && statuses["hidden"] != "0", "\(result.stdoutText)")
            #expect(statuses["gate"] != nil && statuses["gate"] != "0", "the gate, outside the sandbox, cannot be signalled")
            #expect(statuses["self"] == "0", "a suite still signals itself")
            #expect(scratch.text("inside/file") == "in\n" && scratch.text("tree/.build/file") == "b\n")
            #expect(scratch.text("outside/file") == nil && scratch.text("tree/file") == nil)
        }
    }

    @Test(
        "the toolchain starts under the profile (xcrun swift --version), with the user's own temporary and cache folders writable",
        .enabled(if: DarwinFacts.isCurrent, "xcrun and sandbox-exec exist on macOS only"), .timeLimit(.minutes(2)))
    func toolchainRunsUnderTheProfile() throws {
        try ScratchFolder.with("darwin-toolchain") { scratch in
            try scratch.makeFolder("home")
            try scratch.makeFolder("tmp")
            var folders: [String] = []
            for name in ["DARWIN_USER_TEMP_DIR", "DARWIN_USER_CACHE_DIR"] {
                let answer = try ProcessSupervisor.standalone.run(
                    ProcessSpec(arguments: [DarwinFacts.getconf, name]), timeout: .seconds(10))
                folders += DarwinSuiteUser.userFolder(fromGetconf: answer.stdoutText).map { [DarwinSuiteDomain.realPath($0)] } ?? []
            }
            #expect(folders.count == 2)
            let layout = SuiteDomainLayout(
                uid: getuid(), gid: getgid(), readOnly: [], hidden: [], writable: [], home: scratch.file("home"),
                temporary: scratch.file("tmp"))
            let profile = try SandboxProfile(layout: DarwinSuiteDomain.resolved(layout), userFolders: folders)
            var environment = ProcessSpec.currentEnvironment
            environment["HOME"] = scratch.file("home")
            environment["TMPDIR"] = scratch.file("tmp")
            let result = try ProcessSupervisor.standalone.run(
                ProcessSpec(
                    arguments: DarwinSuiteDomain.confine(["/usr/bin/xcrun", "swift", "--version"], profile: profile),
                    environment: environment),
                timeout: .seconds(90))
            #expect(result.status.isSuccess, "\(result.stdoutText)\(result.stderrText)")
            #expect((result.stdoutText + result.stderrText).contains("Swift version"))
        }
    }

    @Test(
        "the suite user, made through sudo -n (twice: the second time changes nothing), runs as its uid with exactly the given environment, confined",
        .enabled(
            if: DarwinFacts.isCurrent && createsUser,
            "adds the account _acceptancegate to this machine: runs on macOS with ACCEPTANCE_GATE_DARWIN_SUITE_USER=1 (the macOS CI job sets it)"
        ),
        .timeLimit(.minutes(3)))
    func suiteUserForReal() throws {
        let domain = try DarwinSuiteDomain.setUp()
        let again = try DarwinSuiteDomain.setUp()
        #expect(domain == again)
        #expect(domain.userFolders.count == 2, "the user's DARWIN_USER_TEMP_DIR and DARWIN_USER_CACHE_DIR")
        let listing = try ProcessSupervisor.standalone.run(ProcessSpec(arguments: DarwinSuiteUser.listUsers), timeout: .seconds(30))
        #expect(try domain.setUpCommands(listing: listing.stdoutText) == domain.user.homeCommands, "nothing left to create")

        let user = domain.user
        let layout = SuiteDomainLayout(
            uid: user.uid, gid: user.gid, readOnly: [], hidden: [], writable: [], home: user.home, temporary: user.home + "/tmp")
        let given = ["PATH": "/usr/bin:/bin", "ACCEPTANCE_GATE_PROBE": "a b=c"]

        let env = try domain.wrap(arguments: ["/usr/bin/env"], environment: given, layout: layout)
        let envResult = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: env.arguments, environment: env.environment), timeout: .seconds(60))
        #expect(envResult.status.isSuccess, "\(envResult.stderrText)")
        #expect(
            Set(envResult.stdoutText.split(separator: "\n").map(String.init)) == [
                "PATH=/usr/bin:/bin", "ACCEPTANCE_GATE_PROBE=a b=c", "HOME=\(user.home)", "TMPDIR=\(user.home)/tmp",
                "USER=\(user.name)", "LOGNAME=\(user.name)",
            ])

        let shared = "/private/tmp/acceptance-gate-outside-\(UUID().uuidString)"
        let script = """
            id -u; echo "in" > "$TMPDIR/probe"; echo "tmp=$?"
            echo "out" > "\(shared)"; echo "shared=$?"
            kill -0 \(getpid()); echo "gate=$?"
            cat "\(RepositoryFiles.root.path)/Package.swift" > /dev/null; echo "tree=$?"
            """
        let probe = try domain.wrap(arguments: ["/bin/sh", "-c", script], environment: given, layout: layout)
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: probe.arguments, environment: probe.environment), timeout: .seconds(60))
        #expect(result.status.isSuccess, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first == String(user.uid), "runs as the suite user")
        let statuses = Self.statuses(result.stdoutText)
        #expect(statuses["tmp"] == "0", "\(result.stdoutText)")
        #expect(statuses["shared"] != nil && statuses["shared"] != "0", "/private/tmp is writable by its mode, and the profile denies it")
        #expect(statuses["gate"] != nil && statuses["gate"] != "0", "another uid, outside the sandbox")
        #expect(statuses["tree"] == "0", "the suite user reads the checkout through the staff group: \(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: shared))

        // A helper that leaves the suite's process group (as a double fork or launchd would take
        // it out of the gate's sight) is still the suite user's, and the sweep stops it.
        let escape = try domain.wrap(
            arguments: ["/bin/sh", "-c", "/usr/bin/perl -e 'setpgrp(0, 0); exec q(/bin/sleep), q(300)' </dev/null >/dev/null 2>&1 &"],
            environment: given, layout: layout)
        let escaped = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: escape.arguments, environment: escape.environment), timeout: .seconds(60))
        #expect(escaped.status.isSuccess, "\(escaped.stderrText)")
        var started = false
        for _ in 0..<50 where !started {
            started = try Self.helperIsRunning(user)
            if !started { usleep(100_000) }
        }
        #expect(started, "the helper runs on after the suite's command ended")
        let sweep = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: user.signalEveryProcess("KILL"), environment: DarwinSuiteDomain.sudoEnvironment), timeout: .seconds(30))
        #expect(sweep.status.isSuccess, "\(sweep.stderrText)")
        var left = true
        for _ in 0..<50 where left {
            left = try Self.helperIsRunning(user)
            if left { usleep(100_000) }
        }
        #expect(!left, "kill -s KILL -1 as the suite user stops every process it has")
    }

    /// Whether `pgrep` finds a `sleep` of `user` (it lists every user's processes without sudo).
    /// Only `sleep`: launchd starts per-user agents (`cfprefsd`, `distnoted`) for the account on
    /// demand, and may start them again after the sweep.
    static func helperIsRunning(_ user: DarwinSuiteUser) throws -> Bool {
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["/usr/bin/pgrep", "-U", String(user.uid), "-x", "sleep"]), timeout: .seconds(10))
        return result.status.isSuccess
    }
}
