//===----------------------------------------------------------------------===//
// DarwinSuiteDomainTests.swift: a suite's command wrapped for macOS, and the paths it names resolved.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateProcess
import GateTestSupport
import Testing

@testable import SuiteDomain

@Suite("DarwinSuiteDomain")
struct DarwinSuiteDomainTests {
    static let layout = SuiteDomainLayout(
        uid: 473, gid: 20, readOnly: ["/nonexistent-tree"], hidden: ["/nonexistent-tree/.acceptance-gate"],
        writable: ["/nonexistent-tree/.build"], home: "/Users/_acceptancegate", temporary: "/Users/_acceptancegate/tmp")

    static let domain = DarwinSuiteDomain(user: .standard, userFolders: [], network: .loopback)

    /// The suite's arguments after sudo and before sandbox-exec: `env -i -- NAME=VALUE…`.
    static func environmentPairs(_ wrapped: [String]) -> [String] {
        let start = (wrapped.firstIndex(of: "--").map { $0 + 1 } ?? 0)
        let afterEnv = wrapped[start...].drop { $0 != "/usr/bin/env" }.dropFirst(3)
        return Array(afterEnv.prefix { $0 != "/usr/bin/sandbox-exec" })
    }

    @Test("sudo -n as the suite user, env -i with exactly the given variables, sandbox-exec with the profile, the command rewritten")
    func wrapsTheCommand() throws {
        let wrapped = try Self.domain.wrap(
            arguments: ["swift", "test", "--parallel"], environment: ["PATH": "/usr/bin:/bin", "CI": "true", "HOME": "/Users/runner"],
            layout: Self.layout)
        #expect(Array(wrapped.arguments.prefix(8)) == ["/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--", "/usr/bin/env", "-i", "--"])
        #expect(
            Self.environmentPairs(wrapped.arguments) == [
                "CI=true", "HOME=/Users/_acceptancegate", "LOGNAME=_acceptancegate", "PATH=/usr/bin:/bin",
                "TMPDIR=/Users/_acceptancegate/tmp", "USER=_acceptancegate",
            ])
        let sandbox = try #require(wrapped.arguments.firstIndex(of: "/usr/bin/sandbox-exec"))
        #expect(wrapped.arguments[safe: sandbox + 1] == "-p")
        let profile = try SandboxProfile(layout: DarwinSuiteDomain.resolved(Self.layout))
        #expect(wrapped.arguments[safe: sandbox + 2] == profile.text)
        #expect(Array(wrapped.arguments[(sandbox + 3)...]) == ["swift", "test", "--disable-sandbox", "--parallel"])
        #expect(wrapped.environment == ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"], "sudo starts with nothing of the gate's")
    }

    @Test("a variable sudo's env_reset would keep (SSH_AUTH_SOCK, TZ) reaches the suite only when the gate passes it")
    func nothingSudoKeepsReachesTheSuite() throws {
        let wrapped = try Self.domain.wrap(arguments: ["/usr/bin/true"], environment: [:], layout: Self.layout)
        let names = Self.environmentPairs(wrapped.arguments).map { $0.prefix { $0 != "=" } }
        #expect(names == ["HOME", "LOGNAME", "TMPDIR", "USER"])
    }

    @Test("env -i gives the command exactly the pairs the wrapper lists (run for real with this system's env)")
    func envGivesExactlyThePairs() throws {
        let wrapped = try Self.domain.wrap(
            arguments: ["/usr/bin/true"], environment: ["PATH": "/usr/bin:/bin", "ODD": "a b=c ü"], layout: Self.layout)
        let pairs = Self.environmentPairs(wrapped.arguments)
        // The part sudo would run, without sudo and sandbox-exec: `env -i -- PAIRS… /usr/bin/env`.
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["/usr/bin/env", "-i", "--"] + pairs + ["/usr/bin/env"], environment: ["LEAK": "yes"]),
            timeout: .seconds(30))
        #expect(result.status.isSuccess, "\(result.stderrText)")
        #expect(result.stdoutText.split(separator: "\n").map(String.init).sorted() == pairs.sorted())
    }

    @Test("a variable name with '=' or a NUL, a value with a NUL, a program starting with '-', or a layout of another user is refused")
    func refusesWhatAWrapperWouldMisread() {
        for (name, value) in [("A=B", "x"), ("", "x"), ("A\u{0}", "x"), ("A", "x\u{0}y")] {
            #expect(throws: DarwinSuiteDomainError.invalidEnvironment(name: name)) {
                try Self.domain.wrap(arguments: ["/usr/bin/true"], environment: [name: value], layout: Self.layout)
            }
        }
        var other = Self.layout
        other.uid = 65534
        #expect(throws: DarwinSuiteDomainError.layoutUserMismatch(layoutUID: 65534, layoutGID: 20, userUID: 473, userGID: 20)) {
            try Self.domain.wrap(arguments: ["/usr/bin/true"], environment: [:], layout: other)
        }
        for arguments in [[], [""], ["-x"]] as [[String]] {
            #expect(throws: DarwinSuiteDomainError.self) {
                try Self.domain.wrap(arguments: arguments, environment: [:], layout: Self.layout)
            }
        }
    }

    @Test("paths are resolved before the profile names them: a link's target, and a missing tail kept")
    func resolvesPaths() throws {
        try ScratchFolder.with("darwin-paths") { scratch in
            try scratch.makeFolder("real/tree")
            try FileManager.default.createSymbolicLink(atPath: scratch.file("link"), withDestinationPath: scratch.file("real"))
            #expect(DarwinSuiteDomain.realPath(scratch.file("link/tree")) == scratch.file("real/tree"))
            #expect(DarwinSuiteDomain.realPath(scratch.file("link/tree/.build/new")) == scratch.file("real/tree/.build/new"))
            #expect(DarwinSuiteDomain.realPath("relative/x") == "relative/x")
            #expect(DarwinSuiteDomain.realPath("/") == "/")
            var layout = Self.layout
            layout.writable = [scratch.file("link/tree/.build")]
            let wrapped = try Self.domain.wrap(arguments: ["/usr/bin/true"], environment: [:], layout: layout)
            let text = try #require(wrapped.arguments.first { $0.hasPrefix("(version 1)") })
            #expect(text.contains("(allow file-write* (subpath \"\(scratch.file("real/tree/.build"))\"))"))
            #expect(!text.contains(scratch.file("link")))
        }
    }

    @Test("the set-up commands are the suite user's; the sandbox probe is Bazel's")
    func setUpAndProbe() throws {
        #expect(
            try Self.domain.setUpCommands(listing: "") == DarwinSuiteUser.standard.createCommands + DarwinSuiteUser.standard.homeCommands)
        #expect(DarwinSuiteDomain.sandboxProbe.first == "/usr/bin/sandbox-exec" && DarwinSuiteDomain.sandboxProbe.last == "/usr/bin/true")
    }

    @Test("every error is one sentence naming the thing and what to do")
    func errorMessages() {
        let errors: [DarwinSuiteDomainError] = [
            .pathNotAbsolute(path: "x"), .controlCharacterInPath(path: "/a\nb"), .writableRoot, .invalidEnvironment(name: "A=B"),
            .invalidCommand(program: "-x"), .layoutUserMismatch(layoutUID: 1, layoutGID: 2, userUID: 3, userGID: 4),
            .invalidUserName(name: "Root"), .userIDOutsideHiddenRange(uid: 501),
            .userIDTaken(uid: 473, by: "_x"), .userExistsWithOtherID(name: "_acceptancegate", uid: 480),
            .commandFailed(command: "sudo -n true", detail: "exited with status 1: a password is required"),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains(";"), "\(error.description)")
        }
        #expect(DarwinSuiteDomainError.commandFailed(command: "", detail: "").exitStatus == .infrastructure)
        #expect(DarwinSuiteDomainError.writableRoot.exitStatus == .usage)
    }
}
