//===----------------------------------------------------------------------===//
// TimeoutTests.swift: slow and idle clients.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import RedirectFixture
import Testing

@Suite("timeouts")
struct TimeoutTests {
    @Test("a client sending a byte every 100 ms does not hold up another client")
    func slowClientDoesNotBlock() throws {
        try withFixture { _, endpoints throws in
            let port = endpoints.originPort
            let slowDone = DispatchSemaphore(value: 0)
            let slowResult = Locked<Int?>(nil)
            Thread.detachNewThread {
                defer { slowDone.signal() }
                guard let slow = try? RawClient(port: port) else { return }
                try? slow.trickle("GET /target HTTP/1.1\r\nHost: x\r\n\r\n", interval: .milliseconds(100))
                let status = (try? slow.readResponse())?.status
                slowResult.withLock { $0 = status }
            }
            pause(.milliseconds(250))  // the slow client is mid-request now
            let started = ContinuousClock.now
            for _ in 0..<20 {
                #expect(try request(port, get("/target", port: port)).text == "ok")
            }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(1), "20 requests took \(elapsed) while a slow client was connected")
            #expect(slowDone.wait(timeout: .now() + 10) == .success)
            #expect(slowResult.withLock { $0 } == 200, "the slow client is served too, within the header timeout")
        }
    }

    @Test("a header section not finished within the header timeout gets 408 and a close")
    func headerTimeout() throws {
        try withFixture(FixtureConfiguration(headerTimeout: .milliseconds(300))) { server, endpoints in
            let client = try RawClient(port: endpoints.originPort)
            let started = ContinuousClock.now
            try client.send("GET /target HTTP/1.1\r\nHost: x\r\n")  // no empty line: never finishes
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(try client.closesWithoutData())
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(250) && waited < .seconds(3), "\(waited)")
            #expect(server.ledger.origin.paths == ["/target"], "its request line arrived, so it counts")

            let partial = try RawClient(port: endpoints.originPort)
            try partial.send("GET /same HTT")  // not even a whole request line
            #expect(try partial.readResponse().status == 408)
            #expect(server.ledger.origin.paths == ["/target"], "an unfinished request line does not count")
        }
    }

    @Test("an idle connection is closed after the idle timeout, with nothing sent")
    func idleTimeout() throws {
        try withFixture(FixtureConfiguration(idleTimeout: .milliseconds(300))) { _, endpoints in
            let idle = try RawClient(port: endpoints.originPort)
            let started = ContinuousClock.now
            #expect(try idle.closesWithoutData())
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(250) && waited < .seconds(3), "\(waited)")

            // The same after a keep-alive request.
            let kept = try RawClient(port: endpoints.originPort)
            try kept.send(get("/target", port: 0))
            #expect(try kept.readResponse().text == "ok")
            #expect(try kept.closesWithoutData())
        }
    }

    @Test("a body that stalls is answered 408 after the idle timeout")
    func stalledBody() throws {
        try withFixture(FixtureConfiguration(idleTimeout: .milliseconds(300))) { _, endpoints in
            let client = try RawClient(port: endpoints.originPort)
            try client.send("GET /target HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
            #expect(try client.readResponse().status == 408)
            #expect(try client.closesWithoutData())
        }
    }

    @Test("many idle connections do not stop new clients being served")
    func manyIdleConnections() throws {
        // 200 client ends and 200 server ends in this one process: past macOS's soft limit of 256.
        try #require(ConcurrencyTests.raiseDescriptorLimit(to: 1024), "needs about 410 descriptors (client and server ends)")
        try withFixture { _, endpoints in
            let idle = try (0..<200).map { _ in try RawClient(port: endpoints.originPort) }
            #expect(try request(endpoints.originPort, get("/target", port: 0)).text == "ok")
            #expect(idle.count == 200)
        }
    }
}
