// PortProbeTests.swift
//
// The "ports released" half of the exit proof, against in-test listeners on loopback.

import Foundation
import GateProcess
import Testing

@Suite("PortProbe", .timeLimit(.minutes(1)))
struct PortProbeTests {
    @Test func aListeningPortIsAcceptingAndAClosedOneIsReleased() throws {
        let listener = try TestListener()
        defer { listener.stop() }
        #expect(PortProbe.isAcceptingConnections(host: "127.0.0.1", port: listener.port))
        let closed = try TestListener.freePort()
        #expect(!PortProbe.isAcceptingConnections(port: closed))

        let before = ContinuousClock.now
        #expect(PortProbe.waitUntilReleased(ports: [closed], deadline: .now + .seconds(5)) == [])
        #expect(TestSupport.seconds(.now - before) < 1, "a released port is reported at once")
        #expect(PortProbe.waitUntilReleased(ports: [closed, listener.port], deadline: .now + .milliseconds(300)) == [listener.port])
    }

    @Test func aPortReleasedWhileWaitingIsSeen() throws {
        let listener = try TestListener()
        let port = listener.port
        let thread = Thread {
            TestSupport.sleep(milliseconds: 200)
            listener.stop()
        }
        thread.start()
        let before = ContinuousClock.now
        #expect(PortProbe.waitUntilReleased(ports: [port], deadline: .now + .seconds(5)) == [])
        let elapsed = TestSupport.seconds(.now - before)
        #expect(elapsed >= 0.15 && elapsed < 3)
    }

    @Test func invalidHostsAndPortsAreNeverAccepting() {
        #expect(!PortProbe.isAcceptingConnections(host: "localhost", port: 80))
        #expect(!PortProbe.isAcceptingConnections(port: 0))
        #expect(!PortProbe.isAcceptingConnections(port: 65536))
    }
}
