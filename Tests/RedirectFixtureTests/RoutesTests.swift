//===----------------------------------------------------------------------===//
// RoutesTests.swift: every route's exact response, on both listeners.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectFixture
import Testing

@Suite("routes")
struct RoutesTests {
    @Test("GET /same on the origin: 302 to the relative /target, exact bytes")
    func same() throws {
        try withFixture { _, endpoints in
            let response = try request(endpoints.originPort, get("/same", port: endpoints.originPort))
            #expect(
                response.head
                    == "HTTP/1.1 302 Found\r\nLocation: /target\r\nContent-Length: 0\r\nCache-Control: no-store\r\n\r\n")
            #expect(response.body.isEmpty)
        }
    }

    @Test("GET /start on the origin: 302 to the foreign listener's absolute /target")
    func start() throws {
        try withFixture { _, endpoints in
            let response = try request(endpoints.originPort, get("/start", port: endpoints.originPort))
            #expect(response.status == 302)
            #expect(response.header("Location") == "http://127.0.0.1:\(endpoints.foreignPort)/target")
            #expect(response.header("Content-Length") == "0")
        }
    }

    @Test("GET /target answers 200 'ok' with Content-Length 2 on both listeners", arguments: ListenerRole.allCases)
    func target(role: ListenerRole) throws {
        try withFixture { _, endpoints in
            let port = endpoints.port(of: role)
            let response = try request(port, get("/target", port: port))
            #expect(
                response.head
                    == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 2\r\n"
                    + "Cache-Control: no-store\r\n\r\n")
            #expect(response.text == "ok")
        }
    }

    @Test(
        "anything else is 404",
        arguments: [
            (ListenerRole.origin, "GET /nothing HTTP/1.1"), (.origin, "GET / HTTP/1.1"), (.origin, "GET /TARGET HTTP/1.1"),
            (.origin, "GET /target/ HTTP/1.1"), (.origin, "POST /nothing HTTP/1.1"),
            (.origin, "GET /%74arget HTTP/1.1"), (.foreign, "GET /same HTTP/1.1"), (.foreign, "GET /start HTTP/1.1"),
            (.foreign, "GET /__ledger HTTP/1.1"), (.origin, "OPTIONS * HTTP/1.1"),
        ])
    func notFound(role: ListenerRole, requestLine: String) throws {
        try withFixture { _, endpoints in
            let port = endpoints.port(of: role)
            let response = try request(port, "\(requestLine)\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(response.status == 404, "\(response.head)")
            #expect(response.text == "not found\n")
        }
    }

    @Test(
        "a known path with another method is 405 with Allow: GET, HEAD, and counts in the ledger",
        arguments: [
            (ListenerRole.origin, "POST /target"), (.origin, "DELETE /same"), (.origin, "get /target"), (.origin, "PUT /start"),
            (.foreign, "POST /target"),
        ])
    func methodNotAllowed(role: ListenerRole, request line: String) throws {
        try withFixture { server, endpoints in
            let port = endpoints.port(of: role)
            let response = try request(port, "\(line) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
            #expect(response.status == 405, "\(response.head)")
            #expect(response.head.contains("\r\nAllow: GET, HEAD\r\n"), "\(response.head)")
            #expect(response.text == "method not allowed\n")
            let ledger = role == .origin ? server.ledger.origin : server.ledger.foreign
            #expect(ledger.requests == 1)
        }
    }

    @Test("the query does not change the route, and the ledger keeps only the path")
    func queryIgnored() throws {
        try withFixture { server, endpoints in
            let response = try request(endpoints.originPort, get("/target?token=s3cr3t-value", port: endpoints.originPort))
            #expect(response.status == 200)
            #expect(server.ledger.origin.paths == ["/target"])
            #expect(!server.ledger.json.contains("s3cr3t"))
        }
    }

    @Test("an absolute-form target routes by its path")
    func absoluteForm() throws {
        try withFixture { server, endpoints in
            let port = endpoints.originPort
            let response = try request(port, "GET http://127.0.0.1:\(port)/same HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(response.status == 302)
            #expect(server.ledger.origin.paths == ["/same"])
        }
    }

    @Test("GET /__ledger shows the live ledger as JSON and is not itself counted")
    func liveLedger() throws {
        try withFixture { server, endpoints in
            let port = endpoints.originPort
            _ = try request(port, get("/start", port: port, extraHeaders: "X-Test-Token: fixture-only\r\n"))
            _ = try request(endpoints.foreignPort, get("/target", port: endpoints.foreignPort))
            let response = try request(port, get("/__ledger", port: port))
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let ledger = try Ledger(jsonBytes: response.body)
            #expect(ledger == server.ledger)
            #expect(ledger.origin.requests == 1)
            #expect(ledger.origin.paths == ["/start"])
            #expect(ledger.origin.headerNames == ["host", "x-test-token"])
            #expect(ledger.origin.connections == 2, "the /__ledger read's connection counts, its request does not")
            #expect(
                ledger.foreign
                    == ListenerLedger(port: endpoints.foreignPort, requests: 1, paths: ["/target"], headerNames: ["host"], connections: 1))
            #expect(!response.text.contains("fixture-only"))
        }
    }

    @Test("header names are lowercased, deduplicated and sorted; values never appear")
    func headerNamesOnly() throws {
        try withFixture { server, endpoints in
            let port = endpoints.originPort
            let headers =
                "X-Test-Token: fixture-only\r\nAuthorization: Bearer fixture-only\r\nCookie: a=fixture-only\r\n"
                + "x-test-token: fixture-only\r\nAccept: */*\r\n"
            _ = try request(port, get("/same", port: port, extraHeaders: headers))
            #expect(server.ledger.origin.headerNames == ["accept", "authorization", "cookie", "host", "x-test-token"])
            #expect(!server.ledger.json.contains("fixture-only"))
            #expect(!server.ledger.json.contains("Bearer"))
        }
    }

    @Test("each listener has its own ledger; the origin's redirect does not touch the foreign one")
    func separateLedgers() throws {
        try withFixture { server, endpoints in
            _ = try request(endpoints.originPort, get("/start", port: endpoints.originPort))
            _ = try request(endpoints.originPort, get("/same", port: endpoints.originPort))
            _ = try request(endpoints.originPort, get("/target", port: endpoints.originPort))
            let ledger = server.ledger
            #expect(ledger.origin.requests == 3)
            #expect(ledger.origin.paths == ["/start", "/same", "/target"])
            #expect(ledger.origin.port == endpoints.originPort)
            #expect(ledger.foreign == ListenerLedger(port: endpoints.foreignPort))
        }
    }
}
