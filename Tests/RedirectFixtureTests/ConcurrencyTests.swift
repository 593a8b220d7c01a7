//===----------------------------------------------------------------------===//
// ConcurrencyTests.swift: many connections at once, and the ledger read from many threads.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import RedirectFixture
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("concurrency")
struct ConcurrencyTests {
    @Test("1,000 connections open at once, each doing one request, are all served within 20 s")
    func thousandConnections() throws {
        try #require(Self.raiseDescriptorLimit(to: 2600), "needs about 2,100 descriptors (client and server ends)")
        try withFixture { server, endpoints in
            let started = ContinuousClock.now
            let port = endpoints.originPort
            // All 1,000 connect before any sends, so the server really holds 1,000 at once.
            let clients = try (0..<1000).map { _ in try RawClient(port: port, timeout: .seconds(20)) }
            for (index, client) in clients.enumerated() {
                try client.send(get(index % 2 == 0 ? "/target" : "/same", port: port))
            }
            var served = 0
            for (index, client) in clients.enumerated() {
                let response = try client.readResponse()
                if response.status == (index % 2 == 0 ? 200 : 302) { served += 1 }
            }
            #expect(served == 1000)
            #expect(server.ledger.origin.requests == 1000)
            #expect(ContinuousClock.now - started < .seconds(20))
        }
    }

    @Test("past the connection cap, clients wait in the backlog and are served as others leave")
    func connectionCap() throws {
        try withFixture(FixtureConfiguration(maxConnections: 4)) { _, endpoints in
            let port = endpoints.originPort
            var held = try (0..<4).map { _ in try RawClient(port: port) }
            for client in held {
                try client.send(get("/target", port: 0))
                #expect(try client.readResponse().text == "ok")
            }
            let waiting = try RawClient(port: port, timeout: .seconds(5))
            try waiting.send(get("/target", port: 0))
            held.removeFirst()  // one leaves: the waiting client gets its turn
            #expect(try waiting.readResponse().text == "ok")
            #expect(held.count == 3)
        }
    }

    @Test("the ledger can be read from many threads while requests are recorded")
    func ledgerSnapshots() throws {
        try withFixture { server, endpoints in
            let port = endpoints.originPort
            let readers = DispatchGroup()
            let stop = Locked(false)
            let inconsistent = Locked(0)
            for _ in 0..<4 {
                readers.enter()
                Thread.detachNewThread {
                    defer { readers.leave() }
                    while !stop.withLock({ $0 }) {
                        let ledger = server.ledger
                        if ledger.origin.paths.count != ledger.origin.requests { inconsistent.withLock { $0 += 1 } }
                    }
                }
            }
            let client = try RawClient(port: port)
            for _ in 0..<300 {
                try client.send(get("/target", port: port))
                _ = try client.readResponse()
            }
            stop.withLock { $0 = true }
            #expect(readers.wait(timeout: .now() + 10) == .success)
            #expect(inconsistent.withLock { $0 } == 0)
            #expect(server.ledger.origin.requests == 300)
        }
    }

    /// Raises the soft descriptor limit to at least `count` if the hard limit allows.
    static func raiseDescriptorLimit(to count: rlim_t) -> Bool {
        var limit = rlimit()
        guard getrlimit(openFilesResource, &limit) == 0 else { return false }
        if limit.rlim_cur >= count { return true }
        guard limit.rlim_max >= count else { return false }
        limit.rlim_cur = count
        return setrlimit(openFilesResource, &limit) == 0
    }
}
