//===----------------------------------------------------------------------===//
// OriginTests.swift: normalisation of (scheme, host, port).
//===----------------------------------------------------------------------===//

import Foundation
import RedirectGate
import Testing

@Suite struct OriginTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var url: String
        var origin: String
        var testDescription: String { "\(url) → \(origin)" }
    }

    /// Hand-written cases in the spirit of python-requests' default-port handling, Go's host
    /// comparison, curl CVE-2022-27776 (ports) and the WPT origin entries.
    static let cases: [Case] = [
        // Scheme and host case, default ports.
        Case(url: "HTTP://Example.COM/", origin: "http://example.com"),
        Case(url: "http://example.com:80/foo", origin: "http://example.com"),
        Case(url: "https://example.com:443/foo", origin: "https://example.com"),
        Case(url: "http://example.com:443/", origin: "http://example.com:443"),
        Case(url: "https://example.com:80/", origin: "https://example.com:80"),
        Case(url: "http://example.com:8080/", origin: "http://example.com:8080"),
        Case(url: "http://example.com:/", origin: "http://example.com"),
        Case(url: "http://example.com:0080/", origin: "http://example.com"),
        Case(url: "http://example.com:0/", origin: "http://example.com:0"),
        Case(url: "ws://example.com:80/", origin: "ws://example.com"),
        Case(url: "wss://example.com:443/", origin: "wss://example.com"),
        Case(url: "ws://example.com:443/", origin: "ws://example.com:443"),
        // Userinfo is not part of the origin.
        Case(url: "http://user:secret@example.com/", origin: "http://example.com"),
        Case(url: "https://user@example.com:8443/", origin: "https://example.com:8443"),
        // A trailing dot is kept on names.
        Case(url: "http://example.com./", origin: "http://example.com."),
        Case(url: "http://EXAMPLE.com.:80/", origin: "http://example.com."),
        // IPv4 in every WHATWG form.
        Case(url: "http://127.0.0.1:8765/", origin: "http://127.0.0.1:8765"),
        Case(url: "http://0x7f.1/", origin: "http://127.0.0.1"),
        Case(url: "http://0X7F.0.0.1/", origin: "http://127.0.0.1"),
        Case(url: "http://0177.0.0.1/", origin: "http://127.0.0.1"),
        Case(url: "http://127.1/", origin: "http://127.0.0.1"),
        Case(url: "http://2130706433/", origin: "http://127.0.0.1"),
        Case(url: "http://127.0.0.1./", origin: "http://127.0.0.1"),
        Case(url: "http://0/", origin: "http://0.0.0.0"),
        Case(url: "http://192.168.0x1.010/", origin: "http://192.168.1.8"),
        // IPv6 in canonical form (RFC 5952), embedded IPv4 written in hex as WHATWG does.
        Case(url: "http://[::1]:8080/", origin: "http://[::1]:8080"),
        Case(url: "http://[0:0:0:0:0:0:0:1]/", origin: "http://[::1]"),
        Case(url: "http://[2001:DB8::0:1]/", origin: "http://[2001:db8::1]"),
        Case(url: "http://[2001:0db8:0000:0000:0001:0000:0000:0001]/", origin: "http://[2001:db8::1:0:0:1]"),
        Case(url: "http://[2001:db8:0:1:1:1:1:1]/", origin: "http://[2001:db8:0:1:1:1:1:1]"),
        Case(url: "http://[2001:db8::1:0:0:0:1]/", origin: "http://[2001:db8:0:1::1]"),
        Case(url: "http://[::ffff:192.0.2.1]/", origin: "http://[::ffff:c000:201]"),
        Case(url: "http://[::]/", origin: "http://[::]"),
        Case(url: "http://[1::]:80/", origin: "http://[1::]"),
        // IDN: lowercase, then punycode.
        Case(url: "http://bücher.example/", origin: "http://xn--bcher-kva.example"),
        Case(url: "http://BÜCHER.example/", origin: "http://xn--bcher-kva.example"),
        Case(url: "http://xn--bcher-kva.example/", origin: "http://xn--bcher-kva.example"),
        Case(url: "http://XN--BCHER-KVA.example/", origin: "http://xn--bcher-kva.example"),
        Case(url: "https://münchen.de/", origin: "https://xn--mnchen-3ya.de"),
        Case(url: "https://faß.de/", origin: "https://xn--fa-hia.de"),
        Case(url: "http://例え.テスト/", origin: "http://xn--r8jz45g.xn--zckzah"),
        Case(url: "http://你好你好/", origin: "http://xn--6qqa088eba"),
        Case(url: "http://ελληνικά.example/", origin: "http://xn--hxargifdar.example"),
    ]

    @Test(arguments: cases)
    func normalises(_ testCase: Case) throws {
        let origin = try Origin(url: testCase.url)
        #expect(origin.serialized == testCase.origin)
        #expect(try Origin(parsing: testCase.origin) == origin)
    }

    @Test func defaultPortsAreFilledIn() throws {
        #expect(try Origin(url: "http://h/").port == 80)
        #expect(try Origin(url: "https://h/").port == 443)
        #expect(try Origin(url: "ws://h/").port == 80)
        #expect(try Origin(url: "wss://h/").port == 443)
        #expect(Origin.defaultPort(forScheme: "ftp") == nil)
    }

    @Test func equalOriginsCompareAndHashEqual() throws {
        let spellings = ["https://Example.com", "https://example.com:443/", "https://u:p@EXAMPLE.COM/x?y#z"]
        let origins = try spellings.map { try Origin(url: $0) }
        #expect(Set(origins).count == 1)
        #expect(try Origin(scheme: "HTTPS", host: "EXAMPLE.com", port: 443) == origins[0])
        #expect(try Origin(scheme: "https", host: "example.com") == origins[0])
    }

    @Test func differentPortsSchemesAndHostsDiffer() throws {
        #expect(try Origin(url: "http://127.0.0.1:8765/") != Origin(url: "http://127.0.0.1:8766/"))
        #expect(try Origin(url: "http://example.com/") != Origin(url: "https://example.com/"))
        #expect(try Origin(url: "http://example.com/") != Origin(url: "http://www.example.com/"))
        #expect(try Origin(url: "http://example.com/") != Origin(url: "http://example.com./"))
        #expect(try Origin(url: "http://example.com/") != Origin(url: "ws://example.com/"))
        #expect(try Origin(url: "http://localhost/") != Origin(url: "http://127.0.0.1/"))
    }

    @Test func foundationURLsAreReadThroughTheSameParser() throws {
        let url = try #require(URL(string: "HTTP://Example.com:80/a/b"))
        #expect(try Origin(url).serialized == "http://example.com")
    }

    @Test func secureAndHTTPFlags() throws {
        #expect(try Origin(url: "https://h/").isSecure)
        #expect(try Origin(url: "wss://h/").isSecure)
        #expect(try !Origin(url: "http://h/").isSecure)
        #expect(try !Origin(url: "ws://h/").isHTTP)
    }

    // MARK: - Refusals

    struct Refusal: Sendable, CustomTestStringConvertible {
        var url: String
        var error: RedirectPolicyError
        var testDescription: String { url.debugDescription }
    }

    static let refusals: [Refusal] = [
        Refusal(url: "ftp://example.com/", error: .unsupportedScheme("ftp")),
        Refusal(url: "file:///etc/passwd", error: .unsupportedScheme("file")),
        Refusal(url: "blob:https://example.com/", error: .unsupportedScheme("blob")),
        Refusal(url: "javascript:alert(1)", error: .unsupportedScheme("javascript")),
        Refusal(url: "data:text/plain,hi", error: .unsupportedScheme("data")),
        Refusal(url: "/relative", error: .notAbsolute),
        Refusal(url: "//example.com/", error: .notAbsolute),
        Refusal(url: "", error: .empty),
        Refusal(url: "http:example.com", error: .missingAuthority(scheme: "http")),
        Refusal(url: "https:/example.com", error: .missingAuthority(scheme: "https")),
        Refusal(url: "http:///example.com/", error: .emptyHost),
        Refusal(url: "http://:80/", error: .emptyHost),
        Refusal(url: "http://u@/", error: .emptyHost),
        Refusal(url: "http://example.com:65536/", error: .invalidPort("65536")),
        Refusal(url: "http://example.com:8o/", error: .invalidPort("8o")),
        Refusal(url: "http://example.com:-1/", error: .invalidPort("-1")),
        Refusal(url: "http://a@b@example.com/", error: .ambiguousUserinfo),
        Refusal(url: "http://exa\tmple.com/", error: .controlCharacter(position: 11)),
        Refusal(url: "http://example.com\\@evil.example/", error: .backslash(position: 19)),
        Refusal(url: " http://example.com/", error: .surroundingSpace),
        Refusal(url: "http://example.com/%zz", error: .invalidPercentEncoding(position: 20)),
    ]

    @Test(arguments: refusals)
    func refuses(_ refusal: Refusal) {
        #expect(throws: refusal.error) { try Origin(url: refusal.url) }
    }

    @Test(arguments: [
        "http://example%2ecom/", "http://ｅxample.com/", "http://exa\u{200B}mple.com/", "http://例。テスト/",
        "http://مثال.example/", "http://a..b/", "http://./", "http://.example/", "http://ex ample.com/",
        "http://exa!mple.com/", "http://[::1/", "http://[::1]x/", "http://[1:2:3:4:5:6:7:8:9]/",
        "http://[::1%25eth0]/", "http://[::127.0.0.01]/", "http://1.2.3.256/", "http://1.2.3.09/",
        "http://0x100000000/", "http://1.2.3.4.5/", "http://xn--/", "http://xn--a/", "http://xn--abc-/",
        "http://xn--bcher-kva-ä.example/", "http://e\u{301}.example/", "http://\u{301}a.example/",
        "http://" + String(repeating: "a", count: 64) + ".example/", "http://ſ.example/",
    ])
    func refusesHostsItCannotMapUnambiguously(_ url: String) {
        #expect(throws: RedirectPolicyError.self) { try Origin(url: url) }
    }

    // MARK: - Allowlist parsing

    @Test(arguments: ["https://example.com", "https://example.com/", "HTTPS://EXAMPLE.com:443", "http://127.0.0.1:8766"])
    func parsesOriginsAsWritten(_ text: String) throws {
        #expect(try Origin(parsing: text) == Origin(url: text))
    }

    @Test(arguments: [
        "https://example.com/path", "https://u@example.com", "https://example.com?x", "https://example.com#x",
        "https://example.com/.", "https://example.com//",
    ])
    func refusesOriginsWithMoreThanAnOrigin(_ text: String) {
        #expect(throws: RedirectPolicyError.notAnOrigin(text)) { try Origin(parsing: text) }
    }

    @Test func errorMessagesNeverCarryRawControlCharacters() {
        let error = RedirectPolicyError.invalidHost("evil\u{1B}[31m" + String(repeating: "x", count: 200), reason: "is bad")
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
        #expect(error.description.count < 140)
    }
}
