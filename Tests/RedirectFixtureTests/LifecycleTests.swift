//===----------------------------------------------------------------------===//
// LifecycleTests.swift: starting, stopping, ports and errors.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import RedirectFixture
import Testing

@Suite("server lifecycle")
struct LifecycleTests {
    @Test("stop() frees both ports at once, even with a client mid-request")
    func stopFreesPorts() throws {
        let server = RedirectFixtureServer()
        let endpoints = try server.start()
        #expect(!canBind(endpoints.originPort))
        #expect(!canBind(endpoints.foreignPort))
        let client = try RawClient(port: endpoints.originPort)
        try client.send("GET /target HTTP/1.1\r\nHo")
        let started = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(canBind(endpoints.originPort))
        #expect(canBind(endpoints.foreignPort))
        #expect(try client.closesWithoutData())
        server.stop()  // a second stop is harmless
        #expect(server.endpoints == endpoints, "the endpoints stay readable after stop")
    }

    @Test("fixed ports are bound exactly, and a restart can bind them again at once")
    func fixedPortsRebind() throws {
        let ports = FixturePorts.fixed(origin: try freePort(), foreign: try freePort())
        for _ in 0..<2 {
            let server = RedirectFixtureServer(configuration: FixtureConfiguration(ports: ports))
            let endpoints = try server.start()
            #expect(FixturePorts.fixed(origin: endpoints.originPort, foreign: endpoints.foreignPort) == ports)
            #expect(try request(endpoints.originPort, get("/target", port: 0)).text == "ok")  // leaves TIME_WAIT
            server.stop()
        }
    }

    @Test("a busy origin port is portInUse naming it; a busy foreign port too, and the origin is released")
    func portInUse() throws {
        let busy = try BusyPort()
        let other = try freePort()
        let first = RedirectFixtureServer(configuration: FixtureConfiguration(ports: .fixed(origin: busy.port, foreign: other)))
        #expect(throws: FixtureError.portInUse(port: busy.port)) { try first.start() }
        #expect(canBind(other))

        let second = RedirectFixtureServer(configuration: FixtureConfiguration(ports: .fixed(origin: other, foreign: busy.port)))
        #expect(throws: FixtureError.portInUse(port: busy.port)) { try second.start() }
        #expect(canBind(other), "the origin listener bound first is closed again")
        #expect(
            FixtureError.portInUse(port: 8765).description
                == "port 8765 on 127.0.0.1 is already in use; stop what is using it or pass --ports auto")
    }

    @Test("invalid fixed ports and a second start are refused")
    func refusals() throws {
        let same = RedirectFixtureServer(configuration: FixtureConfiguration(ports: .fixed(origin: 9000, foreign: 9000)))
        #expect(throws: FixtureError.invalidPorts(origin: 9000, foreign: 9000)) { try same.start() }
        let zero = RedirectFixtureServer(configuration: FixtureConfiguration(ports: .fixed(origin: 0, foreign: 9000)))
        #expect(throws: FixtureError.invalidPorts(origin: 0, foreign: 9000)) { try zero.start() }

        let server = RedirectFixtureServer()
        try server.start()
        defer { server.stop() }
        #expect(throws: FixtureError.alreadyStarted) { try server.start() }
    }

    @Test("releasing a running server stops it and frees its ports")
    func deinitStops() throws {
        var server: RedirectFixtureServer? = RedirectFixtureServer()
        let endpoints = try #require(try server?.start())
        server = nil
        #expect(canBind(endpoints.originPort))
        #expect(canBind(endpoints.foreignPort))
    }

    @Test("a stopped server cannot be started again; the ledger stays readable")
    func stoppedStaysStopped() throws {
        let server = RedirectFixtureServer()
        let endpoints = try server.start()
        _ = try request(endpoints.originPort, get("/same", port: 0))
        server.stop()
        #expect(throws: FixtureError.alreadyStarted) { try server.start() }
        #expect(server.ledger.origin.paths == ["/same"])
    }

    #if os(Linux)
        @Test("the listeners are bound to 127.0.0.1 only")
        func loopbackOnly() throws {
            try withFixture { _, endpoints in
                let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
                var listeners: [String] = []
                for row in table.split(separator: "\n").dropFirst() {
                    let fields = row.split(separator: " ").map(String.init)
                    if fields.count > 3, fields[3] == "0A" { listeners.append(fields[1]) }  // state 0A: LISTEN
                }
                for port in [endpoints.originPort, endpoints.foreignPort] {
                    let suffix = ":" + String(port, radix: 16, uppercase: true).leftPadded(to: 4)
                    let matching = listeners.filter { $0.hasSuffix(suffix) }
                    #expect(matching == ["0100007F" + suffix], "\(matching)")
                }
            }
        }
    #endif
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
