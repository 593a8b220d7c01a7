//===----------------------------------------------------------------------===//
// TokenShapedTextTests.swift: header names and path segments shaped like tokens never reach the ledger.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import RedirectFixture
import Testing

@Suite("free text shaped like tokens")
struct TokenShapedTextTests {
    /// `count` random characters from `alphabet`, generated now: no credential lives in the source.
    private static func random(_ count: Int, from alphabet: String) -> String {
        let characters = Array(alphabet)
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).compactMap { _ in characters.randomElement(using: &generator) })
    }

    private static let lowerAlphanumeric = "abcdefghijklmnopqrstuvwxyz0123456789"

    /// Fake tokens in the shapes of real ones (lowercased, as the parser hands names over); each
    /// mixes digits in, as random ones do, except the long letters-only run.
    private static func fakeTokens() -> [String] {
        func withDigit(_ text: String) -> String { String(text.dropLast()) + "7" }
        return [
            "ghp_" + withDigit(random(36, from: lowerAlphanumeric)),
            "github_pat_" + withDigit(random(60, from: lowerAlphanumeric + "_")),
            "xoxb-" + withDigit(random(12, from: "0123456789")) + "-" + withDigit(random(24, from: lowerAlphanumeric)),
            "akia" + withDigit(random(16, from: "abcdefghijklmnopqrstuvwxyz234567")),
            withDigit(random(32, from: "0123456789abcdef")),
            "x-token-" + withDigit(random(14, from: lowerAlphanumeric)),
            "x-" + random(24, from: "abcdefghijklmnopqrstuvwxyz"),
            "x-" + String(repeating: "a-", count: 20) + "b",
        ]
    }

    @Test("generated fake tokens are withheld")
    func tokensWithheld() {
        for _ in 0..<50 {
            for token in Self.fakeTokens() {
                #expect(TokenShapedText.isTokenShaped(token), "\(token.prefix(4))… should be withheld")
                #expect(TokenShapedText.recorded(headerName: token) == "(withheld)")
            }
        }
    }

    @Test(
        "real field names are kept",
        arguments: [
            "host", "x-test-token", "authorization", "proxy-authorization", "content-security-policy-report-only",
            "sec-ch-ua-platform-version", "access-control-request-headers", "x-amzn-trace-id", "x-b3-traceid",
            "http2-settings", "x-amz-content-sha256", "x-permitted-cross-domain-policies", "upgrade-insecure-requests",
            "x-ms-client-request-id", "sec-websocket-extensions", "if-unmodified-since", "x-request-id",
        ])
    func realNamesKept(_ name: String) {
        #expect(!TokenShapedText.isTokenShaped(name))
        #expect(TokenShapedText.recorded(headerName: name) == name)
    }

    @Test("a request whose header name is a token reaches the ledger as (withheld), never as the token")
    func endToEnd() throws {
        let token = "ghp_" + Self.random(35, from: Self.lowerAlphanumeric) + "9"
        try withFixture { server, endpoints in
            let response = try request(endpoints.foreignPort, get("/target", port: endpoints.foreignPort, extraHeaders: "\(token): 1\r\n"))
            #expect(response.status == 200)
            let ledger = server.ledger
            #expect(ledger.foreign.headerNames == ["(withheld)", "host"])
            #expect(!ledger.json.contains(token))
            #expect(!ledger.json.contains(String(token.dropFirst(4).prefix(12))), "no 12-character window of it either")
            let live = try request(endpoints.originPort, get("/__ledger", port: endpoints.originPort))
            #expect(!live.text.contains(token))
        }
    }

    // MARK: - Paths

    /// Every 12-character window of `secret` that `text` contains (none, for a withheld secret).
    private static func windows(of secret: String, in text: String) -> [String] {
        let characters = Array(secret)
        guard characters.count >= 12 else { return text.contains(secret) ? [secret] : [] }
        return (0...(characters.count - 12)).map { String(characters[$0..<($0 + 12)]) }.filter { text.contains($0) }
    }

    @Test(
        "the paths a redirect test asks for are kept",
        arguments: [
            "/start", "/same", "/target", "/redirect/same-origin", "/redirect/cross-origin/", "/", "", "/a//b",
            "/api/v2/users/42/avatar.png", "/%E2%9C%93/check",
        ])
    func ordinaryPathsKept(_ path: String) {
        #expect(TokenShapedText.recorded(path: path) == path)
    }

    @Test("a path segment shaped like a token is withheld, and only that segment")
    func tokenSegmentWithheld() {
        let token = FakeGitHubToken.make(seed: UInt64.random(in: 0...UInt64.max))
        #expect(TokenShapedText.recorded(path: "/callback/\(token)") == "/callback/(withheld)")
        #expect(TokenShapedText.recorded(path: "/\(token)/done/") == "/(withheld)/done/")
        #expect(TokenShapedText.recorded(path: "/callback;token=\(token)") == "/(withheld)")
        // Percent-encoding every byte leaves no long run of letters, but is decoded first.
        let encoded = token.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
        #expect(TokenShapedText.recorded(path: "/callback/\(encoded)") == "/callback/(withheld)")
    }

    @Test("a request carrying a token in its query or its path leaves no 12-character window of it in ledger.json")
    func requestPathsEndToEnd() throws {
        let token = FakeGitHubToken.make(seed: UInt64.random(in: 0...UInt64.max))
        let scratch = try ScratchFolder("ledger")
        defer { scratch.remove() }
        let file = scratch.file("ledger.json")
        try withFixture { server, endpoints in
            for path in ["/start", "/redirect/same-origin", "/callback?token=\(token)", "/callback/\(token)"] {
                _ = try request(endpoints.originPort, get(path, port: endpoints.originPort))
            }
            let ledger = server.ledger
            #expect(ledger.origin.paths == ["/start", "/redirect/same-origin", "/callback", "/callback/(withheld)"])
            try ledger.write(toFile: file)
            let written = try String(contentsOfFile: file, encoding: .utf8)
            #expect(written.contains("/redirect/same-origin"), "ordinary paths stay readable")
            #expect(Self.windows(of: token, in: written).isEmpty, "no 12-character window of the token in ledger.json")
            let live = try request(endpoints.originPort, get("/__ledger", port: endpoints.originPort))
            #expect(Self.windows(of: token, in: live.text).isEmpty, "nor in the live ledger")
        }
    }
}
