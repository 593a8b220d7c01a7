// SuiteDomainNetworkTests.swift
//
// The suite's network, for real: in its domain a suite reaches the host's 127.0.0.1 only on the
// ports the gate forwards (the fixture's), an address out is refused at once and recorded in the
// egress ledger, `network: host` reaches what the default does not, and the relay survives a
// suite that opens many connections and never reads.

import Foundation
import GateCore
import GateProcess
import GateTestSupport
import SuiteDomain
import Testing

@Suite("the suite domain's network", .serialized, .timeLimit(.minutes(2)))
struct SuiteDomainNetworkTests {
    typealias Domain = SuiteDomainLauncherTests.Domain

    /// `script` run by bash in `domain` with `network`, the `forwarded` ports relayed, the ledger at `ledger`.
    static func run(
        _ script: String, in domain: Domain, network: SuiteDomainNetwork = .loopback, forwarding forwarded: [Int] = [],
        ledger: String? = nil, prefix: [String] = []
    ) throws -> ProcessResult {
        let layout = SuiteDomainLayout(
            uid: 65534, gid: 65534, readOnly: [domain.tree], hidden: [domain.out],
            writable: [domain.cache + "/home", domain.cache + "/tmp"], home: domain.cache + "/home", temporary: domain.cache + "/tmp")
        let command = SuiteDomainCommand(
            mode: .namespaces, layout: layout, network: network, forwardedPorts: forwarded, egressLedger: ledger,
            workingDirectory: domain.tree, executable: "/bin/bash", arguments: ["bash", "-c", script])
        return try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: prefix + [BuildProducts.gate] + command.commandLine,
                environment: SuiteDomainCommand.carried(["PATH": "/usr/bin:/bin", "HOME": domain.cache + "/home"])),
            timeout: .seconds(60))
    }

    /// bash's words for one connection to 127.0.0.1:`port`: its answer's first line, or `refused PORT`.
    static func connect(_ port: Int) -> String {
        "{ exec 3<>/dev/tcp/127.0.0.1/\(port) && head -1 <&3 && exec 3>&-; } 2>/dev/null || echo refused \(port)"
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "a network namespace needs root on Linux (the dropped case is tested below)"))
    func theSuiteReachesTheForwardedPortsAtTheSameAddressAndNothingElseOfTheHost() throws {
        let domain = try Domain()
        defer { domain.scratch.remove() }
        let origin = try AnsweringListener()
        let foreign = try AnsweringListener()
        let other = try AnsweringListener()
        defer { [origin, foreign, other].forEach { $0.stop() } }
        let result = try Self.run(
            """
            \(Self.connect(origin.port))
            \(Self.connect(other.port))
            grep -c ':' /proc/net/dev
            """, in: domain, forwarding: [origin.port, foreign.port])
        #expect(result.status == .exited(code: 0), "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["answer \(origin.port)", "refused \(other.port)"], "\(lines)")
        #expect(origin.accepted == 1)
        // The relay opens a connection out only when the suite opens one in: the redirect suite's
        // "the foreign listener is never reached" still holds.
        #expect(foreign.accepted == 0, "the relay connected to a port the suite never asked for")
        #expect(other.accepted == 0, "a port the gate did not forward was reached")
        #expect(lines.last == "1", "loopback alone in the suite's network: \(lines)")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "a network namespace needs root on Linux (the dropped case is tested below)"))
    func hostNetworkReachesAHostListenerTheGateDidNotForward() throws {
        let domain = try Domain()
        defer { domain.scratch.remove() }
        let listener = try AnsweringListener()
        defer { listener.stop() }
        let host = try Self.run(Self.connect(listener.port), in: domain, network: .host)
        #expect(host.stdoutText == "answer \(listener.port)\n", "\(host.stdoutText) \(host.stderrText)")
        let loopback = try Self.run(Self.connect(listener.port), in: domain)
        #expect(loopback.stdoutText == "refused \(listener.port)\n", "\(loopback.stdoutText) \(loopback.stderrText)")
        #expect(listener.accepted == 1)
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "a network namespace needs root on Linux (the dropped case is tested below)"))
    func anAddressOutIsRefusedAtOnceAndRecorded() throws {
        let domain = try Domain()
        defer { domain.scratch.remove() }
        let ledger = domain.scratch.file("egress.txt")
        let result = try Self.run(
            """
            start=$(date +%s%N)
            for i in 1 2; do { exec 3<>/dev/tcp/192.0.2.1/443; } 2>/dev/null && echo reached || echo refused; done
            { exec 3<>/dev/tcp/2001:4860:4860::8888/443; } 2>/dev/null && echo reached || echo refused
            echo datagram 2>/dev/null > /dev/udp/198.51.100.7/9999
            getent hosts example.com >/dev/null || echo unresolved
            echo "ms $(( ($(date +%s%N) - start) / 1000000 ))"
            grep -q . /proc/net/if_inet6 && echo ipv6
            exit 0
            """, in: domain, ledger: ledger)
        #expect(result.status == .exited(code: 0), "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.prefix(4) == ["refused", "refused", "refused", "unresolved"], "\(lines)")
        let milliseconds = lines.first { $0.hasPrefix("ms ") }.flatMap { Int($0.dropFirst(3)) } ?? .max
        #expect(milliseconds < 1000, "refused at once, not after a timeout: \(milliseconds) ms")
        let read = try SuiteEgressLedger.read(ledger)
        let attempts = Dictionary(read.attempts.map { ("\($0.protocol) \($0.destination)", $0.count) }) { $0 + $1 }
        #expect(attempts["tcp 192.0.2.1:443"] == 2, "\(attempts)")
        #expect(attempts["udp 198.51.100.7:9999"] == 1, "\(attempts)")
        #expect((attempts["dns example.com"] ?? 0) >= 1, "the lookup, by the name it asked for: \(attempts)")
        if lines.contains("ipv6") {
            #expect(attempts["tcp [2001:4860:4860::8888]:443"] == 1, "\(attempts)")
        }
        // Loopback is not an attempt out.
        #expect(!attempts.keys.contains { $0.contains("127.0.0.1") }, "\(attempts)")
        var status = stat()
        #expect(lstat(ledger, &status) == 0 && status.st_uid == 0 && status.st_mode & 0o777 == 0o600, "root's file, 0600")
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "a network namespace needs root on Linux (the dropped case is tested below)"))
    func theRelaySurvivesASuiteThatOpensManyConnectionsAndNeverReads() throws {
        let domain = try Domain()
        defer { domain.scratch.remove() }
        let fixture = try AnsweringListener(payload: 256 << 10)
        defer { fixture.stop() }
        let started = ContinuousClock.now
        let result = try Self.run(
            """
            for i in $(seq 10 209); do eval "exec $i<>/dev/tcp/127.0.0.1/\(fixture.port)" || echo "connection $i failed"; done
            sleep 1
            for i in $(seq 10 209); do eval "exec $i>&-"; done
            \(Self.connect(fixture.port))
            """, in: domain, forwarding: [fixture.port])
        #expect(result.status == .exited(code: 0), "\(result.stderrText)")
        #expect(result.stdoutText == "answer \(fixture.port)\n", "\(result.stdoutText)")
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "a network namespace needs root on Linux (the dropped case is tested below)"))
    func anAbstractSocketOfTheHostsIsReachableWithTheHostNetworkOnly() throws {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "the suite's client is python3 (bash has no Unix sockets)")
        let domain = try Domain()
        defer { domain.scratch.remove() }
        // Abstract Unix sockets belong to the network namespace: a service of the host's (a
        // session bus, an X server) listening on one is out of a loopback suite's reach.
        let name = "ag-abstract-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in bytes.enumerated() { path[index + 1] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        try #require(bound == 0 && listen(fd, 4) == 0)
        let client = """
            exec \(python) -c 'import socket
            s = socket.socket(socket.AF_UNIX)
            try:
                s.connect("\\0\(name)"); print("reached")
            except OSError:
                print("refused")'
            """
        #expect(try Self.run(client, in: domain, network: .host).stdoutText == "reached\n")
        #expect(try Self.run(client, in: domain).stdoutText == "refused\n")
    }

    @Test func droppedFromRootTheLauncherMakesNoNetworkAndSaysWhy() throws {
        #if os(Linux)
            let domain = try Domain()
            defer { domain.scratch.remove() }
            let prefix = try Domain.droppedFromRoot()
            let result = try Self.run("echo ran", in: domain, forwarding: [1], prefix: prefix)
            #expect(result.status == .exited(code: 124), "\(result.status) \(result.stderrText)")
            #expect(!result.stdoutText.contains("ran"))
            #expect(result.stderrText.hasPrefix("acceptance-gate: suite domain: cannot "), "\(result.stderrText)")
        #else
            withKnownIssue("the Linux launcher does not exist on this platform") { throw SupportFailure("not Linux") }
        #endif
    }
}
