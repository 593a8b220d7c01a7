//===----------------------------------------------------------------------===//
// PortInUseProbeTests.swift: a fixed port is probed with a connect before it is bound.
//===----------------------------------------------------------------------===//

import GateTestSupport
import Testing

@testable import RedirectFixture

/// On Darwin, SO_REUSEADDR lets 127.0.0.1:P be bound while another listener holds `*:P`, and the
/// suites would reach that listener; Linux refuses the bind. The connect probe answers the same on
/// both, so these run the Darwin decision here.
@Suite("a fixed port is probed before it is bound")
struct PortInUseProbeTests {
    @Test("the probe sees a wildcard listener, a loopback listener, and a free port")
    func probe() throws {
        let wildcard = try BusyPort(wildcard: true)
        let loopback = try BusyPort()
        let free = try freePort()
        #expect(Socket.acceptsConnections(port: try #require(UInt16(exactly: wildcard.port))))
        #expect(Socket.acceptsConnections(port: try #require(UInt16(exactly: loopback.port))))
        #expect(!Socket.acceptsConnections(port: try #require(UInt16(exactly: free))))
    }

    @Test("a port held on the wildcard address is portInUse, and the other listener is closed again")
    func wildcardHolderIsInUse() throws {
        let wildcard = try BusyPort(wildcard: true)
        let other = try freePort()
        let server = RedirectFixtureServer(configuration: FixtureConfiguration(ports: .fixed(origin: other, foreign: wildcard.port)))
        #expect(throws: FixtureError.portInUse(port: wildcard.port)) { try server.start() }
        #expect(canBind(other))
        #expect(!Socket.acceptsConnections(port: try #require(UInt16(exactly: other))))
    }
}
