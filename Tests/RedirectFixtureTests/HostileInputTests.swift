//===----------------------------------------------------------------------===//
// HostileInputTests.swift: malformed, oversized and random bytes.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import RedirectFixture
import Testing

@Suite("hostile input")
struct HostileInputTests {
    /// Sends `bytes`, expects one response with `status`, then the server's close; then checks
    /// the fixture still answers a well-formed request.
    private func expectRefusal(_ bytes: [UInt8], status: Int, endpoints: FixtureEndpoints) throws {
        let client = try RawClient(port: endpoints.originPort)
        try? client.send(bytes)  // the server may close while a huge request is still being sent
        let response = try client.readResponse()
        #expect(response.status == status, "\(response.head)")
        #expect(response.header("Connection") == "close")
        #expect(try client.closesWithoutData())
        #expect(try request(endpoints.originPort, get("/target", port: 0)).text == "ok")
    }

    @Test(
        "malformed request lines are 400",
        arguments: [
            "GET\r\n\r\n", "GET /target\r\n\r\n", "GET  /target HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /target  HTTP/1.1\r\nHost: x\r\n\r\n", "GET /target HTTP/1.1 \r\nHost: x\r\n\r\n",
            " GET /target HTTP/1.1\r\nHost: x\r\n\r\n", "GET /target http/1.1\r\nHost: x\r\n\r\n",
            "GET /target HTTP/1.10\r\nHost: x\r\n\r\n", "GET /tar\u{7F}get HTTP/1.1\r\nHost: x\r\n\r\n",
            "G(T /target HTTP/1.1\r\nHost: x\r\n\r\n", "GET /tárget HTTP/1.1\r\nHost: x\r\n\r\n",
        ])
    func malformedRequestLine(_ text: String) throws {
        try withFixture { server, endpoints in
            try expectRefusal(Array(text.utf8), status: 400, endpoints: endpoints)
            #expect(server.ledger.origin.requests == 1, "only the well-formed follow-up request counts")
        }
    }

    @Test(
        "malformed header sections are 400 (but the request, whose line was fine, is counted)",
        arguments: [
            "Host: x\r\nNo-Colon\r\n", "Host: x\r\nBad Name: v\r\n", "Host: x\r\nName : v\r\n",
            "Host: x\r\nX: a\r\n folded\r\n", "Host: x\r\n: empty-name\r\n", "Host: x\r\nX: a\u{01}b\r\n",
            "", "Host: a\r\nHost: b\r\n", "Host: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n",
            "Host: x\r\nContent-Length: -1\r\n", "Host: x\r\nContent-Length: 0x10\r\n",
            "Host: x\r\nContent-Length: 99999999999999999999\r\n",
        ])
    func malformedHeaders(_ headers: String) throws {
        try withFixture { server, endpoints in
            try expectRefusal(Array("GET /target HTTP/1.1\r\n\(headers)\r\n".utf8), status: 400, endpoints: endpoints)
            #expect(server.ledger.origin.requests == 2)
            #expect(server.ledger.origin.paths == ["/target", "/target"])
        }
    }

    @Test("a bare LF or bare CR line ending is 400: every line must end in CRLF")
    func bareLF() throws {
        try withFixture { server, endpoints in
            try expectRefusal(Array("GET /a HTTP/1.1\nHost: x\n\n".utf8), status: 400, endpoints: endpoints)
            try expectRefusal(Array("GET /b HTTP/1.1\r\nHost: x\n\r\n".utf8), status: 400, endpoints: endpoints)
            try expectRefusal(Array("GET /c HTTP/1.1\rHost: x\r\n\r\n".utf8), status: 400, endpoints: endpoints)
            #expect(server.ledger.origin.paths == ["/target", "/b", "/target", "/target"])
        }
    }

    @Test("NUL bytes anywhere in the head are 400")
    func nulBytes() throws {
        try withFixture { _, endpoints in
            try expectRefusal(Array("GET /tar\0get HTTP/1.1\r\nHost: x\r\n\r\n".utf8), status: 400, endpoints: endpoints)
            try expectRefusal(Array("GET /target HTTP/1.1\r\nHost: x\0\r\n\r\n".utf8), status: 400, endpoints: endpoints)
            try expectRefusal([0, 0, 0, 0, 0, 0, 0, 0], status: 400, endpoints: endpoints)
        }
    }

    @Test("a 64 KiB request line is 414, answered before the rest is read, and not counted")
    func longRequestLine() throws {
        try withFixture { server, endpoints in
            let line = "GET /" + String(repeating: "a", count: 64 * 1024) + " HTTP/1.1\r\nHost: x\r\n\r\n"
            try expectRefusal(Array(line.utf8), status: 414, endpoints: endpoints)
            #expect(server.ledger.origin.paths == ["/target"], "only the follow-up request")
        }
    }

    @Test("17 KiB of headers is 431 (the request still counts: it reached the listener); 16 KiB is fine")
    func largeHeaderSection() throws {
        try withFixture { server, endpoints in
            let big = "GET /same HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 17 * 1024) + "\r\n\r\n"
            try expectRefusal(Array(big.utf8), status: 431, endpoints: endpoints)
            #expect(server.ledger.origin.paths == ["/same", "/target"])
            #expect(server.ledger.origin.headerNames == ["host"], "names come from accepted requests only")

            let prefix = "GET /target HTTP/1.1\r\nHost: x\r\nX-Big: "
            let fits = prefix + String(repeating: "b", count: 16 * 1024 - prefix.utf8.count - 4) + "\r\n\r\n"
            #expect(fits.utf8.count == 16 * 1024)
            #expect(try request(endpoints.originPort, fits).status == 200)
        }
    }

    @Test("more than 100 header fields is 431; exactly 100 is fine")
    func tooManyHeaders() throws {
        try withFixture { _, endpoints in
            let two00 = (0..<199).map { "X-H\($0): v\r\n" }.joined()
            try expectRefusal(Array("GET /target HTTP/1.1\r\nHost: x\r\n\(two00)\r\n".utf8), status: 431, endpoints: endpoints)
            let ninetyNine = (0..<99).map { "X-H\($0): v\r\n" }.joined()
            #expect(try request(endpoints.originPort, "GET /target HTTP/1.1\r\nHost: x\r\n\(ninetyNine)\r\n").status == 200)
        }
    }

    @Test("other versions are 505; unknown expectations 417; oversized bodies 413")
    func otherRefusals() throws {
        try withFixture(FixtureConfiguration(maxBodyBytes: 1000)) { _, endpoints in
            try expectRefusal(Array("GET /target HTTP/2.0\r\nHost: x\r\n\r\n".utf8), status: 505, endpoints: endpoints)
            try expectRefusal(
                Array("GET /target HTTP/1.1\r\nHost: x\r\nExpect: tea\r\n\r\n".utf8), status: 417, endpoints: endpoints)
            try expectRefusal(
                Array("GET /target HTTP/1.1\r\nHost: x\r\nContent-Length: 1001\r\n\r\n".utf8), status: 413,
                endpoints: endpoints)
        }
    }

    @Test("a few empty lines before the request line are skipped; many are 400")
    func leadingEmptyLines() throws {
        try withFixture { _, endpoints in
            #expect(try request(endpoints.originPort, "\r\n\r\n" + get("/target", port: 0)).status == 200)
            try expectRefusal(
                Array((String(repeating: "\r\n", count: 9) + get("/target", port: 0)).utf8), status: 400,
                endpoints: endpoints)
        }
    }

    @Test("200 connections of seeded random garbage never crash the fixture or go unanswered")
    func randomGarbage() throws {
        try withFixture(FixtureConfiguration(headerTimeout: .milliseconds(300))) { _, endpoints in
            var generator = SplitMix64(seed: 0x5EED_F1C7)
            for round in 0..<200 {
                let count = Int(generator.next() % 2048) + 1
                var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                if round % 4 == 0 { bytes = Array("GET /target HTTP/1.1\r\n".utf8) + bytes }
                let client = try RawClient(port: endpoints.originPort, timeout: .seconds(5))
                try? client.send(bytes)
                // Garbage gets a 4xx and a close, or (if it never ends a head) 408 after 0.3 s.
                let reply = try client.readToEnd()
                let text = String(decoding: reply.prefix(12), as: UTF8.self)
                #expect(reply.isEmpty || text.hasPrefix("HTTP/1.1 4") || text.hasPrefix("HTTP/1.1 5"), "\(text)")
            }
            #expect(try request(endpoints.originPort, get("/target", port: 0)).text == "ok")
        }
    }
}
