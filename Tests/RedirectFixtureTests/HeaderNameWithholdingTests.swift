//===----------------------------------------------------------------------===//
// HeaderNameWithholdingTests.swift: header names shaped like tokens never reach the ledger.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectFixture
import Testing

@Suite("header names shaped like tokens")
struct HeaderNameWithholdingTests {
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
                #expect(HeaderNameWithholding.isTokenShaped(token), "\(token.prefix(4))… should be withheld")
                #expect(HeaderNameWithholding.recorded(token) == "(withheld)")
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
        #expect(!HeaderNameWithholding.isTokenShaped(name))
        #expect(HeaderNameWithholding.recorded(name) == name)
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
}
