//===----------------------------------------------------------------------===//
// ConnectionLedgerTests.swift: every connection that reaches a listener is counted.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import RedirectFixture

@Suite("connections in the ledger")
struct ConnectionLedgerTests {
    /// Waits (at most two seconds) until the live ledger satisfies `condition`.
    private func eventually(_ server: RedirectFixtureServer, _ condition: (Ledger) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            if condition(server.ledger) { return true }
            pause(.milliseconds(5))
        }
        return condition(server.ledger)
    }

    @Test("a bare connect that sends nothing counts as a connection, not a request")
    func bareConnect() throws {
        try withFixture { server, endpoints in
            do {
                let client = try RawClient(port: endpoints.foreignPort)
                #expect(eventually(server) { $0.foreign.connections == 1 }, "counted while still open, before any byte")
                _ = client
            }
            server.stop()
            #expect(server.ledger.foreign.connections == 1)
            #expect(server.ledger.foreign.requests == 0)
            #expect(server.ledger.origin.connections == 0)
        }
    }

    @Test(
        "bytes the fixture refuses or cannot read as HTTP/1.1 still count the connection",
        arguments: [
            ("garbage", Array("GARBAGE\r\n\r\n".utf8)),
            ("HTTP/2 preface", Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)),
            ("HTTP/2.0 request line (505)", Array("GET /target HTTP/2.0\r\nHost: x\r\n\r\n".utf8)),
            ("request line too long (414)", Array(("GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\n\r\n").utf8)),
            (
                "headers too large (431)",
                Array(("GET /target HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 70_000) + "\r\n\r\n").utf8)
            ),
            // The start of a TLS 1.2 ClientHello record: handshake (0x16), version 3.1, length, type 1.
            ("TLS ClientHello", [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03] + [UInt8](repeating: 0x2A, count: 32)),
            ("one NUL byte", [0x00]),
        ] as [(String, [UInt8])])
    func refusedBytes(_ label: String, _ bytes: [UInt8]) throws {
        try withFixture { server, endpoints in
            do {
                let client = try RawClient(port: endpoints.foreignPort, timeout: .seconds(2))
                try? client.send(bytes)  // the fixture may close while a long line is still being sent
                client.shutdownWrite()
                let answer = String(decoding: (try? client.readToEnd()) ?? [], as: UTF8.self)
                // A refusal or nothing at all (a head cut short by the client's close): never a 2xx or 3xx.
                let status = answer.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                #expect(answer.isEmpty || (status ?? 0) >= 400, "\(label): \(answer.prefix(40))")
            }
            server.stop()
            #expect(server.ledger.foreign.connections == 1, "\(label)")
            #expect(server.ledger.foreign.paths.allSatisfy { $0 == "/target" }, "\(label): no invented path")
        }
    }

    @Test("requests and connections differ: two requests on one keep-alive connection, then a second connection")
    func requestsAndConnections() throws {
        try withFixture { server, endpoints in
            let client = try RawClient(port: endpoints.foreignPort)
            try client.send(get("/target", port: endpoints.foreignPort) + get("/target", port: endpoints.foreignPort))
            let first = try client.readResponse()
            let second = try client.readResponse()
            let other = try request(endpoints.foreignPort, get("/other", port: endpoints.foreignPort))
            #expect([first.status, second.status, other.status] == [Int]([200, 200, 404]))
            server.stop()
            #expect(server.ledger.foreign.requests == 3)
            #expect(server.ledger.foreign.connections == 2)
        }
    }

    @Test("reading /__ledger on the origin counts a connection but no request, and nothing on the foreign listener")
    func ledgerReads() throws {
        try withFixture { server, endpoints in
            let response = try request(endpoints.originPort, get("/__ledger", port: endpoints.originPort))
            #expect(response.status == 200)
            server.stop()
            #expect(server.ledger.origin.requests == 0)
            #expect(server.ledger.origin.connections == 1)
            #expect(server.ledger.foreign == ListenerLedger(port: endpoints.foreignPort))
        }
    }

    @Test("connections still waiting in the listen backlog when the fixture stops are counted too")
    func backlog() throws {
        var configuration = FixtureConfiguration()
        configuration.maxConnections = 1
        try withFixture(configuration) { server, endpoints in
            let held = try RawClient(port: endpoints.foreignPort)
            #expect(eventually(server) { $0.foreign.connections == 1 })
            // At the limit the loop stops accepting: these two wait in the kernel's backlog.
            let waiting = try [RawClient(port: endpoints.foreignPort), RawClient(port: endpoints.foreignPort)]
            pause(.milliseconds(50))
            #expect(server.ledger.foreign.connections == 1, "not accepted yet")
            server.stop()
            #expect(server.ledger.foreign.connections == 3)
            _ = (held, waiting)
        }
    }

    @Test("the JSON carries connections after the older fields and reads back")
    func json() throws {
        let ledger = Ledger(
            origin: ListenerLedger(port: 1, requests: 2, paths: ["/a"], headerNames: ["host"], connections: 3),
            foreign: ListenerLedger(port: 2, connections: 1))
        #expect(
            ledger.json
                == #"{"origin": {"port": 1, "requests": 2, "paths": ["/a"], "headerNames": ["host"], "connections": 3}, "#
                + #""foreign": {"port": 2, "requests": 0, "paths": [], "headerNames": [], "connections": 1}}"#)
        #expect(try Ledger(jsonBytes: Array(ledger.json.utf8)) == ledger)
    }

    @Test("a ledger without connections is malformed, not zero connections")
    func missingConnections() {
        let listener = #"{"port": 1, "requests": 0, "paths": [], "headerNames": []}"#
        #expect(throws: FixtureError.malformedLedger(detail: "the key 'connections' is missing")) {
            try Ledger(jsonBytes: Array(#"{"origin": \#(listener), "foreign": \#(listener)}"#.utf8))
        }
    }
}
