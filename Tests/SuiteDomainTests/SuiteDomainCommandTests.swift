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

    @Test func aLoopbackNetworkItsForwardedPortsAndItsLedgerRoundTrip() throws {
        let command = SuiteDomainCommand(
            mode: .namespaces, layout: Self.layout, network: .loopback, forwardedPorts: [8080, 65535],
            egressLedger: "/cache/egress-1-unit.txt",
            workingDirectory: "/repo", executable: "/usr/bin/swift", arguments: ["swift", "test"])
        #expect(SuiteDomainCommand(parsing: command.commandLine) == command)
        #expect(command.commandLine.contains("--forward"))
        // The host's network is the launcher's default: nothing on the command line says it.
        var host = command
        host.network = .host
        #expect(!host.commandLine.contains("--network") && !host.commandLine.contains("--forward"))
        host.forwardedPorts = []
        host.egressLedger = nil
        #expect(SuiteDomainCommand(parsing: host.commandLine) == host)
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
        [
            "__suite-domain", "namespaces", "--uid", "1", "--gid", "1", "--home", "/h", "--temporary", "/t", "--network", "wide", "--",
            "/bin/true",
        ],
        [
            "__suite-domain", "namespaces", "--uid", "1", "--gid", "1", "--home", "/h", "--temporary", "/t", "--forward", "0", "--",
            "/bin/true",
        ],
        [
            "__suite-domain", "namespaces", "--uid", "1", "--gid", "1", "--home", "/h", "--temporary", "/t", "--forward", "65536", "--",
            "/bin/true",
        ],
        [
            "__suite-domain", "namespaces", "--uid", "1", "--gid", "1", "--home", "/h", "--temporary", "/t", "--egress-ledger", "rel", "--",
            "/bin/true",
        ],
    ])
    func anythingElseIsNotTheCommand(_ arguments: [String]) {
        #expect(SuiteDomainCommand(parsing: arguments) == nil)
    }
}
