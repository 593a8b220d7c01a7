//===----------------------------------------------------------------------===//
// ConnectionTests.swift: keep-alive, pipelining, HEAD, bodies and closing.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectFixture
import Testing

@Suite("connections")
struct ConnectionTests {
    @Test("HTTP/1.1 keeps the connection open: ten requests on one connection")
    func keepAlive() throws {
        try withFixture { server, endpoints in
            let port = endpoints.originPort
            let client = try RawClient(port: port)
            for path in Array(repeating: ["/same", "/target", "/start", "/nope", "/target"], count: 2).joined() {
                try client.send(get(path, port: port))
                let response = try client.readResponse()
                #expect(response.header("Connection") == nil)
                #expect([200, 302, 404].contains(response.status))
            }
            #expect(server.ledger.origin.requests == 10)
        }
    }

    @Test("pipelined requests sent in one write are answered in order")
    func pipelining() throws {
        try withFixture { server, endpoints in
            let port = endpoints.originPort
            let client = try RawClient(port: port)
            let paths = ["/target", "/same", "/nope", "/start", "/target"]
            try client.send(paths.map { get($0, port: port) }.joined())
            let statuses = try paths.map { _ in try client.readResponse().status }
            #expect(statuses == [200, 302, 404, 302, 200])
            #expect(server.ledger.origin.paths == paths)
        }
    }

    @Test("200 pipelined requests split at odd byte boundaries are all answered, in order")
    func pipeliningAcrossWrites() throws {
        try withFixture { _, endpoints in
            let port = endpoints.originPort
            let client = try RawClient(port: port)
            let all = Array((0..<200).map { get($0 % 2 == 0 ? "/target" : "/same", port: port) }.joined().utf8)
            var offset = 0
            var size = 1
            while offset < all.count {
                let end = min(all.count, offset + size)
                try client.send(Array(all[offset..<end]))
                offset = end
                size = size * 3 % 997 + 1
            }
            for index in 0..<200 {
                #expect(try client.readResponse().status == (index % 2 == 0 ? 200 : 302))
            }
        }
    }

    @Test("HEAD gets GET's headers, Content-Length 2 included, and no body")
    func head() throws {
        try withFixture { server, endpoints in
            let port = endpoints.originPort
            let client = try RawClient(port: port)
            try client.send("HEAD /target HTTP/1.1\r\nHost: x\r\n\r\n" + get("/same", port: port))
            let head = try client.readResponse(bodyExpected: false)
            #expect(head.statusLine == "HTTP/1.1 200 OK")
            #expect(head.header("Content-Length") == "2")
            // The next bytes must be the second response, not a stray body.
            let next = try client.readResponse()
            #expect(next.statusLine == "HTTP/1.1 302 Found")
            #expect(server.ledger.origin.paths == ["/target", "/same"])
        }
    }

    @Test("a request body given by Content-Length is read and discarded; the connection stays in step")
    func requestBody() throws {
        try withFixture { _, endpoints in
            let port = endpoints.originPort
            let client = try RawClient(port: port)
            let body = String(repeating: "GET /same HTTP/1.1\r\n\r\n", count: 100)  // looks like requests; is not
            try client.send("POST /target HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            try client.send(get("/target", port: port))
            #expect(try client.readResponse().status == 405)  // /target answers GET and HEAD only
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test("a large body arriving in pieces is discarded without buffering it")
    func largeBody() throws {
        try withFixture { _, endpoints in
            let port = endpoints.originPort
            let client = try RawClient(port: port)
            let size = 4 * 1024 * 1024
            try client.send("GET /target HTTP/1.1\r\nHost: x\r\nContent-Length: \(size)\r\n\r\n")
            let chunk = [UInt8](repeating: 0x41, count: 64 * 1024)
            for _ in 0..<(size / chunk.count) { try client.send(chunk) }
            #expect(try client.readResponse().text == "ok")
        }
    }

    @Test("Expect: 100-continue gets an interim 100, then the response after the body")
    func expectContinue() throws {
        try withFixture { _, endpoints in
            let client = try RawClient(port: endpoints.originPort)
            try client.send("GET /target HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            let interim = try client.readResponse(bodyExpected: false)
            #expect(interim.head == "HTTP/1.1 100 Continue\r\n\r\n")
            try client.send("hello")
            #expect(try client.readResponse().text == "ok")
        }
    }

    @Test("Connection: close is honoured: the response says so and the server closes")
    func connectionClose() throws {
        try withFixture { _, endpoints in
            let client = try RawClient(port: endpoints.originPort)
            try client.send("GET /target HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" + get("/same", port: 0))
            let response = try client.readResponse()
            #expect(response.header("Connection") == "close")
            #expect(try client.closesWithoutData(), "the pipelined request after close must not be answered")
        }
    }

    @Test("HTTP/1.0 closes after the response unless it asks for keep-alive")
    func http10() throws {
        try withFixture { _, endpoints in
            let closing = try RawClient(port: endpoints.originPort)
            try closing.send("GET /target HTTP/1.0\r\n\r\n")
            let first = try closing.readResponse()
            #expect(first.statusLine == "HTTP/1.1 200 OK")
            #expect(first.header("Connection") == "close")
            #expect(try closing.closesWithoutData())

            let keeping = try RawClient(port: endpoints.originPort)
            for _ in 0..<3 {
                try keeping.send("GET /same HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
                let response = try keeping.readResponse()
                #expect(response.status == 302)
                #expect(response.header("Connection") == "keep-alive")
            }
        }
    }

    @Test("chunked uploads are refused with 411 and a close (bodies are read by Content-Length only)")
    func chunkedRefused() throws {
        try withFixture { server, endpoints in
            let client = try RawClient(port: endpoints.originPort)
            try client.send("POST /target HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 411)
            #expect(response.header("Connection") == "close")
            #expect(try client.closesWithoutData())
            #expect(server.ledger.origin.requests == 1, "the request line was well-formed, so it counts")
        }
    }

    @Test("a client that half-closes after pipelining still gets every response")
    func halfClose() throws {
        try withFixture { _, endpoints in
            let port = endpoints.originPort
            let client = try RawClient(port: port)
            try client.send(get("/target", port: port) + get("/same", port: port))
            client.shutdownWrite()
            #expect(try client.readResponse().status == 200)
            #expect(try client.readResponse().status == 302)
            #expect(try client.closesWithoutData())
        }
    }
}
