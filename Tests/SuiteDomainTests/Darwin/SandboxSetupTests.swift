//===----------------------------------------------------------------------===//
// SandboxSetupTests.swift: how the gate decides, on a Mac, whether and how its suites are separated,
// with the machine's commands answered here: the macOS decisions, checked on Linux.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateProcess
import GateTestSupport
import Testing

@testable import SuiteDomain

@Suite("SuiteDomainSetup on macOS (sandbox)")
struct SandboxSetupTests {
    /// Answers each command the set-up runs, and keeps what was run, in order.
    final class Machine: @unchecked Sendable {
        var commands: [(command: [String], directory: String?)] = []
        /// The first command for which `refuse` is true fails.
        var refuse: ([String]) -> Bool = { _ in false }

        func run(_ command: [String], _ directory: String?) throws(DarwinSuiteDomainError) -> String {
            commands.append((command, directory))
            if refuse(command) { throw .commandFailed(command: command.joined(separator: " "), detail: "exit status 1: refused") }
            if command == DarwinSuiteUser.listUsers { return "root 0\nrunner 501\n" }
            if command.contains(DarwinFacts.getconf) { return "/private/var/folders/zz/abc/T/\n" }
            return ""
        }
    }

    /// A tree and a shared folder of their own, removed by the caller.
    static func folders() throws -> (tree: String, cache: String) {
        let base = try #require(RealPath.of(NSTemporaryDirectory())) + "/sandbox-setup-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base + "/tree", withIntermediateDirectories: true)
        return (base + "/tree", base + "/shared")
    }

    static func request(tree: String, cache: String) -> SuiteDomainRequest {
        SuiteDomainRequest(
            launcher: "/usr/local/bin/acceptance-gate", image: nil, readOnly: [tree], hidden: [tree + "/.acceptance-gate"],
            directory: tree, environment: [SuiteDomainCache.variable: cache], uid: 473, gid: 20)
    }

    @Test func aMacWithSudoGetsTheAccountUnderItsSandboxAfterEachCheckInOrder() throws {
        let (tree, cache) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
        let machine = Machine()
        let choice = SuiteDomainSetup.prepareSandbox(Self.request(tree: tree, cache: cache), run: machine.run)
        let domain = try #require(choice.domain, "reason: \(choice.reason ?? "")")
        #expect(choice.reason == nil)
        #expect(domain.mode == .sandbox)
        #expect(domain.layout.uid == 473 && domain.layout.home == "/Users/_acceptancegate")
        #expect(domain.darwin?.userFolders == ["/private/var/folders/zz/abc/T", "/private/var/folders/zz/abc/T"])
        let run = machine.commands.map(\.command)
        #expect(run.first == DarwinSuiteUser.sudoProbe)
        #expect(domain.darwin?.user.signalRelay.command == ["/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--", "/bin/kill"])
        // What an earlier run's suites left to run later is ended before this run's.
        #expect(run.contains(DarwinSuiteUser.asRoot(["/bin/launchctl", "bootout", "user/473"])))
        #expect(run.contains(DarwinSuiteUser.asRoot(["/usr/bin/crontab", "-r", "-u", "_acceptancegate"])))
        #expect(domain.layout.readOnly.contains("/Users/_acceptancegate/Library/LaunchAgents"), "no job of its own outside the profile")
        #expect(run[safe: 1] == DarwinSuiteDomain.sandboxProbe)
        #expect(run[safe: 2] == DarwinSuiteUser.listUsers)
        #expect(run.contains(DarwinSuiteUser.asRoot([DarwinFacts.dscl, ".", "-create", "/Users/_acceptancegate"])), "the account is made")
        // Last: `true` as the account, under the profile, in the suite's folder.
        let probe = try #require(machine.commands.last)
        #expect(probe.directory == tree)
        #expect(Array(probe.command.prefix(5)) == ["/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--"])
        #expect(probe.command.suffix(1) == [DarwinFacts.true])
        #expect(probe.command.contains(DarwinFacts.sandboxExec))
        // The shared folder is the gate's, readable by the account.
        var status = stat()
        #expect(lstat(cache, &status) == 0 && status.st_uid == geteuid() && status.st_mode & 0o777 == 0o755)
    }

    @Test(arguments: [
        ("sudo", "passwordless sudo"), ("sandbox-exec", "sandboxes do not nest"), ("dscl", "account could not be set up"),
        ("/usr/bin/true", "cannot run in"),
    ])
    func eachRefusalOfTheMachineLowersToNoneWithItsReason(refused: String, said: String) throws {
        let (tree, cache) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
        let machine = Machine()
        machine.refuse = { command in
            switch refused {
            case "sudo": command == DarwinSuiteUser.sudoProbe
            case "sandbox-exec": command == DarwinSuiteDomain.sandboxProbe
            case "dscl": command.contains(DarwinFacts.dscl)
            default: command.last == refused && command.contains(DarwinFacts.sandboxExec) && command != DarwinSuiteDomain.sandboxProbe
            }
        }
        let choice = SuiteDomainSetup.prepareSandbox(Self.request(tree: tree, cache: cache), run: machine.run)
        #expect(choice.domain == nil)
        #expect(!choice.blocking, "the machine's refusal, not the repository's: the suites run unseparated and say so")
        #expect(choice.reason?.contains(said) == true, "reason: \(choice.reason ?? "nil")")
    }

    @Test func aSetUpThatFailsForAnAccountEarlierRunsUsedBlocks() throws {
        let (tree, cache) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
        let machine = Machine()
        // The account exists; its home's folders cannot be made (a suite left a file where one goes).
        machine.refuse = { $0.contains(DarwinFacts.mkdir) }
        let existing = MachineWithAccount(machine)
        let choice = SuiteDomainSetup.prepareSandbox(Self.request(tree: tree, cache: cache), run: existing.run)
        #expect(choice.domain == nil)
        #expect(choice.blocking, "an earlier suite may have caused it: not the machine's doing")
        #expect(choice.reason?.contains("remove /Users/_acceptancegate") == true, "reason: \(choice.reason ?? "nil")")
        // The same failure on a machine without the account is the machine's.
        let fresh = SuiteDomainSetup.prepareSandbox(Self.request(tree: tree, cache: cache), run: machine.run)
        #expect(fresh.domain == nil && !fresh.blocking)
    }

    /// A machine whose directory lists the account already.
    struct MachineWithAccount {
        let machine: Machine
        init(_ machine: Machine) { self.machine = machine }
        func run(_ command: [String], _ directory: String?) throws(DarwinSuiteDomainError) -> String {
            if command == DarwinSuiteUser.listUsers { return "root 0\n_acceptancegate 473\n" }
            return try machine.run(command, directory)
        }
    }

    @Test func aBuildThatCannotListProcessesDoesNotSeparate() throws {
        let (tree, cache) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
        let machine = Machine()
        let choice = SuiteDomainSetup.prepareSandbox(Self.request(tree: tree, cache: cache), canListProcesses: false, run: machine.run)
        #expect(choice.domain == nil && !choice.blocking)
        #expect(choice.reason?.contains("cannot list processes") == true)
        #expect(machine.commands.isEmpty, "nothing is set up for a domain the gate could not clean up after")
    }

    @Test func theBuildFolderIsOpenedToTheAccountByTheGateWithoutRootAndNeverRecursively() throws {
        #expect(
            DarwinSuiteUser.standard.grantCommand("/Users/runner/work/app/.build") == [
                "/bin/chmod", "-h", "+a",
                "user:_acceptancegate allow read,write,append,execute,delete,delete_child,readattr,writeattr,readextattr,writeextattr,"
                    + "readsecurity,file_inherit,directory_inherit",
                "/Users/runner/work/app/.build",
            ])
        let (tree, cache) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
        let domain = try #require(SuiteDomainSetup.prepareSandbox(Self.request(tree: tree, cache: cache), run: Machine().run).domain)
        // Here (Linux) chmod has no access entries: the grant fails, and the suite does not start.
        let spec = ProcessSpec(arguments: ["sh", "-c", "true"], environment: ["PATH": "/usr/bin:/bin"], workingDirectory: tree)
        #expect(throws: SuiteDomainError.self) { try domain.wrap(spec, supervisor: .standalone) }
        var status = stat()
        #expect(lstat(tree + "/.build", &status) == 0 && status.st_uid == geteuid(), "the gate made .build and kept it: no chown")
    }

    @Test func aSuiteFolderTheSuitesUserMayWriteIsRefused() throws {
        let (tree, cache) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
        let domain = try #require(SuiteDomainSetup.prepareSandbox(Self.request(tree: tree, cache: cache), run: Machine().run).domain)
        // A folder a suite could write (an earlier suite's output, say): below it, a suite could
        // swap the .build the gate prepares.
        try FileManager.default.createDirectory(atPath: tree + "/out/app", withIntermediateDirectories: true)
        #expect(chmod(tree + "/out", 0o777) == 0)
        let spec = ProcessSpec(
            arguments: ["sh", "-c", "true"], environment: ["PATH": "/usr/bin:/bin"], workingDirectory: tree + "/out/app")
        do {
            _ = try domain.wrap(spec, supervisor: .standalone)
            Issue.record("a suite folder below a folder others may write was accepted")
        } catch {
            #expect(error.description.contains("\(tree)/out may be written by the suites' user"), "\(error.description)")
        }
        #expect(!FileManager.default.fileExists(atPath: tree + "/out/app/.build"), "refused before the gate made anything there")
    }

    @Test func aHiddenPathTheProfileCannotHoldBlocks() throws {
        let (tree, cache) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
        var request = Self.request(tree: tree, cache: cache)
        // The key file's path is the configuration's: the repository chose it.
        request.hidden.append(tree + "/key\nfile")
        let choice = SuiteDomainSetup.prepareSandbox(request, run: Machine().run)
        #expect(choice.domain == nil)
        #expect(choice.blocking, "the repository may not lower the separation")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "gives the tree's .build to uid 473 with chown: as root"))
    func aSuiteStartsThroughSudoAsTheAccountUnderItsProfileWithTheRelayForTeardown() throws {
        let (tree, cache) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: tree).deletingLastPathComponent().path) }
        let domain = try #require(SuiteDomainSetup.prepareSandbox(Self.request(tree: tree, cache: cache), run: Machine().run).domain)
        // The account already owns the package's .build (the set-up's sudo chown, done here as root).
        try FileManager.default.createDirectory(atPath: tree + "/.build", withIntermediateDirectories: false)
        #expect(chown(tree + "/.build", 473, 20) == 0)
        let spec = ProcessSpec(
            arguments: ["swift", "test", "--parallel"], environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"],
            workingDirectory: tree)
        let wrapped = try domain.wrap(spec, supervisor: .standalone)
        #expect(Array(wrapped.arguments.prefix(8)) == ["/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--", "/usr/bin/env", "-i", "--"])
        #expect(wrapped.environment == DarwinSuiteDomain.sudoEnvironment, "sudo starts with nothing of the gate's")
        #expect(wrapped.executable == nil)
        #expect(wrapped.signalRelay == DarwinSuiteUser.standard.signalRelay, "the gate's teardown reaches the account's processes")
        #expect(wrapped.arguments.contains("HOME=/Users/_acceptancegate"))
        #expect(wrapped.arguments.contains("GIT_CONFIG_VALUE_0=*"), "git is told the tree is safe")
        let profileIndex = try #require(wrapped.arguments.firstIndex(of: "-p")).advanced(by: 1)
        let profile = try #require(wrapped.arguments[safe: profileIndex])
        #expect(profile.contains(tree + "/.build"), "the package's .build is writable under the profile")
        #expect(wrapped.arguments.contains("--disable-sandbox"), "swift test does not try to sandbox itself inside it")
        // Then the suite's own program, resolved on its PATH by the gate, not by sudo's.
        #expect(wrapped.arguments[safe: profileIndex + 1]?.hasSuffix("/swift") == true)
    }
}
