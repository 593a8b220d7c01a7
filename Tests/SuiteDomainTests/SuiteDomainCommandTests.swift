// SuiteDomainCommandTests.swift
//
// The launcher reads back exactly the command line the gate writes, and nothing else.

import SuiteDomain
import Testing

@Suite("the suite domain's command line")
struct SuiteDomainCommandTests {
    static let layout = SuiteDomainLayout(
        uid: 65534, gid: 65533, readOnly: ["/repo", "/usr/local/bin/acceptance-gate"], hidden: ["/repo/.acceptance-gate", "/tmp/cap ture"],
        writable: ["/cache/home", "/cache/tmp", "/cache/build/repo-1"],
        binds: [SuiteDomainBind(source: "/cache/build/repo-1", target: "/repo/.build")], home: "/cache/home", temporary: "/cache/tmp")

    @Test func whatTheGateWritesTheLauncherReadsBack() throws {
        let command = SuiteDomainCommand(
            mode: .namespaces, layout: Self.layout, workingDirectory: "/repo", executable: "/usr/bin/swift",
            arguments: ["swift", "test", "--", "--uid", "0", "--hide"])
        let parsed = try #require(SuiteDomainCommand(parsing: command.commandLine))
        #expect(parsed == command)
        #expect(command.commandLine.first == SuiteDomainCommand.name)
        // The suite's own arguments come after the separator, untouched, even when they look like options.
        #expect(Array(command.commandLine.suffix(8)) == ["--", "/usr/bin/swift", "swift", "test", "--", "--uid", "0", "--hide"])
    }

    @Test func aProbeAndTheUserModeRoundTripToo() throws {
        let command = SuiteDomainCommand(
            mode: .user, layout: Self.layout, probe: true, workingDirectory: nil, executable: "/", arguments: [])
        #expect(SuiteDomainCommand(parsing: command.commandLine) == command)
    }

    @Test(arguments: [
        [String](),
        ["__suite-domain"],
        ["__suite-domain", "jail", "--uid", "1", "--gid", "1", "--home", "/h", "--temporary", "/t", "--", "/bin/true"],
        ["__suite-domain", "user", "--uid", "-1", "--gid", "1", "--home", "/h", "--temporary", "/t", "--", "/bin/true"],
        ["__suite-domain", "user", "--uid", "1", "--gid", "1", "--home", "/h", "--temporary", "/t"],
        ["__suite-domain", "user", "--gid", "1", "--home", "/h", "--temporary", "/t", "--", "/bin/true"],
        ["__suite-domain", "user", "--uid", "1", "--gid", "1", "--home", "/h", "--temporary", "/t", "--bind", "/only-one"],
        ["__suite-domain", "user", "--uid", "1", "--gid", "1", "--home", "/h", "--temporary", "/t", "--frobnicate", "--", "/bin/true"],
        ["run", "user"],
    ])
    func anythingElseIsNotTheCommand(_ arguments: [String]) {
        #expect(SuiteDomainCommand(parsing: arguments) == nil)
    }
}
