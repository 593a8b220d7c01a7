//===----------------------------------------------------------------------===//
// RequestHeadParserTests.swift: the head scanner and parser on their own.
//===----------------------------------------------------------------------===//

import Testing

@testable import RedirectFixture

@Suite("request head parsing")
struct RequestHeadParserTests {
    private let configuration = FixtureConfiguration()

    private func parse(_ text: String) -> Result<RequestHead, HeadRejection> {
        let bytes = Array(text.utf8)
        var scanner = HeadScanner(configuration: configuration)
        switch scanner.scan(bytes, from: 0) {
        case let .complete(end):
            return RequestHeadParser.parse(bytes, from: 0, to: end, configuration: configuration)
        case let .rejected(rejection):
            return .failure(rejection)
        case .needMore:
            return .failure(HeadRejection(.requestTimeout, "incomplete"))
        }
    }

    @Test("a typical request")
    func typical() throws {
        let head = try parse("GET /start?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test-Token:  fixture-only \r\nAccept: */*\r\n\r\n").get()
        #expect(head.line == RequestLine(method: "GET", path: "/start", version: .http11))
        #expect(head.headerNames == ["host", "x-test-token", "accept"])
        #expect(head.keepAlive)
        #expect(head.contentLength == 0)
        #expect(!head.expectsContinue)
    }

    @Test(
        "Connection and version decide keep-alive",
        arguments: [
            ("HTTP/1.1", "", true), ("HTTP/1.1", "Connection: close\r\n", false),
            ("HTTP/1.1", "Connection: Upgrade, CLOSE\r\n", false), ("HTTP/1.0", "", false),
            ("HTTP/1.0", "Connection: keep-alive\r\n", true), ("HTTP/1.0", "Connection: keep-alive, close\r\n", false),
        ])
    func keepAlive(version: String, header: String, expected: Bool) throws {
        let head = try parse("GET / \(version)\r\nHost: x\r\n\(header)\r\n").get()
        #expect(head.keepAlive == expected)
    }

    @Test("the scanner resumes where it stopped and finds the end however the bytes arrive")
    func incremental() {
        let bytes = Array("GET /target HTTP/1.1\r\nHost: x\r\n\r\nGET".utf8)
        var scanner = HeadScanner(configuration: configuration)
        var outcome = HeadScanner.Outcome.needMore
        for end in 1...bytes.count where outcome == .needMore {
            outcome = scanner.scan(Array(bytes[0..<end]), from: 0)
        }
        #expect(outcome == .complete(end: bytes.count - 3))
    }

    @Test(
        "paths for the ledger",
        arguments: [
            ("/target", "/target"), ("/target?token=x", "/target"), ("/a#frag", "/a"), ("*", "*"),
            ("http://127.0.0.1:8765/same?q", "/same"), ("HTTP://h", "/"), ("https://h?x", "/"), ("/?only", "/"),
            ("example.com:443", "example.com:443"),
        ])
    func paths(target: String, path: String) {
        #expect(RequestHeadParser.path(of: ArraySlice(target.utf8)) == path)
    }

    @Test(
        "refusals and their statuses",
        arguments: [
            ("GET /a HTTP/1.1\nHost: x\n\n", HTTPStatus.badRequest), ("GET /a HTTP/1.1\r\nHost: x\r\r\n\r\n", .badRequest),
            ("GET /a HTTP/3.0\r\n\r\n", .versionNotSupported),
            ("GET /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", .lengthRequired),
            ("GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: 9999999999\r\n\r\n", .contentTooLarge),
            ("GET /a HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n", .expectationFailed),
        ])
    func refusals(text: String, status: HTTPStatus) {
        #expect(throws: (any Error).self) { try parse(text).get() }
        if case let .failure(rejection) = parse(text) {
            #expect(rejection.status == status)
        }
    }
}
