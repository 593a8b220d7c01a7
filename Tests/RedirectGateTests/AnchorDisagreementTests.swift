//===----------------------------------------------------------------------===//
// AnchorDisagreementTests.swift: where WHATWG, RFC 3986, requests, Go and curl differ.
//===----------------------------------------------------------------------===//

import RedirectGate
import Testing

/// The places where the anchors (WPT/WHATWG URL and Fetch, RFC 3986 and 6454, python-requests
/// `should_strip_auth`, Go's `shouldCopyHeaderOnRedirect`, curl after CVE-2022-27776) disagree.
/// Each test name states our decision.
@Suite struct AnchorDisagreementTests {
    static func decide(
        _ from: String, _ location: String, allowing allowed: [String] = [], allowsDowngrade: Bool = false
    ) throws -> RedirectDecision {
        let origins = try allowed.map { text throws in try Origin(parsing: text) }
        return RedirectPolicy(allowedOrigins: Set(origins), allowsDowngrade: allowsDowngrade).decide(from: from, location: location)
    }

    // MARK: - Default ports

    @Test("https://h → https://h:443 is the same origin: followed, credentials kept (WPT, requests, Go agree)")
    func explicitDefaultHTTPSPort() throws {
        let decision = try Self.decide("https://h/a", "https://h:443/b")
        #expect(decision.reason.code == .sameOrigin)
        #expect(!decision.stripsSensitiveHeaders)
    }

    @Test("http://h:80 → http://h is the same origin: followed, credentials kept (requests special-cases it; we normalise)")
    func explicitDefaultHTTPPort() throws {
        #expect(try Self.decide("http://h:80/a", "http://h/b").reason.code == .sameOrigin)
        #expect(try Self.decide("http://h/a", "http://h:80/b").reason.code == .sameOrigin)
        #expect(try Self.decide("http://h/a", "http://h:0080/b").reason.code == .sameOrigin)
    }

    @Test("http://h:443 and https://h are different origins: refused (scheme differs even on the same port)")
    func samePortOtherScheme() throws {
        #expect(try Self.decide("http://h:443/a", "https://h/b").reason.code == .crossOrigin)
    }

    // MARK: - Scheme and port changes

    @Test("http → https on the same host is another origin: refused, stripped if allowlisted (requests and Go keep credentials)")
    func upgradeIsAnotherOrigin() throws {
        #expect(try Self.decide("http://h/a", "https://h/b").reason.code == .crossOrigin)
        let allowed = try Self.decide("http://h/a", "https://h/b", allowing: ["https://h"])
        #expect(allowed.reason.code == .allowlistedOrigin)
        #expect(allowed.stripsSensitiveHeaders)
    }

    @Test(
        "Same host, other port is another origin: refused, stripped if allowlisted (Go keeps credentials; curl before CVE-2022-27776 sent them)"
    )
    func otherPortIsAnotherOrigin() throws {
        #expect(try Self.decide("http://127.0.0.1:8765/start", "http://127.0.0.1:8766/target").reason.code == .crossOrigin)
        #expect(try Self.decide("http://h:8080/a", "http://h:9090/b").reason.code == .crossOrigin)
        let allowed = try Self.decide("http://h:8080/a", "http://h:9090/b", allowing: ["http://h:9090"])
        #expect(allowed.stripsSensitiveHeaders)
    }

    @Test("A subdomain is another origin: refused, stripped if allowlisted (Go keeps credentials for subdomains)")
    func subdomainIsAnotherOrigin() throws {
        #expect(try Self.decide("http://foo.com/", "http://sub.foo.com/").reason.code == .crossOrigin)
        #expect(try Self.decide("http://foo.com/", "http://notfoo.com/").reason.code == .crossOrigin)
        #expect(try Self.decide("http://foo.com/", "http://foo.com/").reason.code == .sameOrigin)
        #expect(try Self.decide("http://foo.com/", "http://sub.foo.com/", allowing: ["http://sub.foo.com"]).stripsSensitiveHeaders)
    }

    @Test("https → http is refused even to an allowlisted origin unless downgrades are allowed (requests strips but follows)")
    func downgrade() throws {
        #expect(try Self.decide("https://h/a", "http://h/b").reason.code == .downgrade)
        #expect(try Self.decide("https://h/a", "http://cdn/b", allowing: ["http://cdn"]).reason.code == .downgrade)
        let allowed = try Self.decide("https://h/a", "http://cdn/b", allowing: ["http://cdn"], allowsDowngrade: true)
        #expect(allowed.reason.code == .allowlistedOrigin)
        #expect(allowed.stripsSensitiveHeaders)
    }

    // MARK: - Host spelling

    @Test("Host case is not significant: http://EXAMPLE.com → http://example.com followed (all anchors agree)")
    func hostCase() throws {
        #expect(try Self.decide("http://EXAMPLE.com/a", "http://example.COM/b").reason.code == .sameOrigin)
    }

    @Test(
        "A trailing dot is significant: example.com. is another origin than example.com, refused (WHATWG keeps the dot; DNS and Go's host compare would not)"
    )
    func trailingDotOnNames() throws {
        #expect(try Self.decide("http://example.com/a", "http://example.com./b").reason.code == .crossOrigin)
        #expect(try Self.decide("http://example.com./a", "http://example.com./b").reason.code == .sameOrigin)
    }

    @Test("An IPv4 trailing dot is dropped: 127.0.0.1. is the same origin as 127.0.0.1 (WHATWG's IPv4 parser)")
    func trailingDotOnIPv4() throws {
        #expect(try Self.decide("http://127.0.0.1/a", "http://127.0.0.1./b").reason.code == .sameOrigin)
    }

    @Test(
        "Hex, octal and short IPv4 forms are the same address: 0x7f.1 → same origin as 127.0.0.1 (WHATWG, inet_aton; RFC 3986 would call it a name)"
    )
    func ipv4Forms() throws {
        #expect(try Self.decide("http://127.0.0.1:8765/a", "http://0x7f.1:8765/b").reason.code == .sameOrigin)
        #expect(try Self.decide("http://127.0.0.1:8765/a", "http://2130706433:8765/b").reason.code == .sameOrigin)
    }

    @Test(
        "IPv6 spellings are one origin: [0:0::1] → same origin as [::1]; embedded IPv4 is written in hex as WHATWG does (RFC 5952 section 5 would write ::ffff:1.2.3.4)"
    )
    func ipv6Forms() throws {
        #expect(try Self.decide("http://[::1]:8765/a", "http://[0:0:0:0:0:0:0:1]:8765/b").reason.code == .sameOrigin)
        #expect(try Origin(url: "http://[::ffff:1.2.3.4]/").serialized == "http://[::ffff:102:304]")
    }

    @Test(
        "Userinfo is ignored for origins but a Location carrying it is refused (WHATWG follows it; it can inject credentials or disguise the host)"
    )
    func userinfo() throws {
        #expect(try Origin(url: "http://user:pw@h/").serialized == "http://h")
        #expect(try Self.decide("http://h/a", "http://user:pw@h/b").reason.code == .credentialsInLocation)
        #expect(try Self.decide("http://h/a", "http://h@evil.example/").reason.code == .credentialsInLocation)
    }

    // MARK: - Location syntax

    @Test("A backslash is refused (WHATWG reads \\ as /, RFC 3986 and curl do not)")
    func backslash() throws {
        #expect(try Self.decide("http://h/a", "\\\\evil.example/").reason.code == .backslash)
        #expect(try Self.decide("http://h/a", "/\\evil.example/").reason.code == .backslash)
    }

    @Test("http:foo is refused (WHATWG: a relative reference, same origin; RFC 3986: a path with no host)")
    func schemeWithoutAuthority() throws {
        #expect(try Self.decide("http://h/a", "http:foo.com").reason.code == .unparseableLocation)
        #expect(try Self.decide("http://h/a", "https:/evil.example/").reason.code == .unparseableLocation)
    }

    @Test("Tab, CR or LF in a Location is refused (WHATWG strips them silently; they also signal header injection)")
    func controlCharacters() throws {
        #expect(try Self.decide("http://h/a", "http://ev\til.example/").reason.code == .controlCharacter)
        #expect(try Self.decide("http://h/a", "/b\r\n").reason.code == .controlCharacter)
    }

    @Test("Surrounding spaces are refused (WHATWG strips them, RFC 3986 has none); inner spaces are percent-encoded")
    func spaces() throws {
        #expect(try Self.decide("http://h/a", " /b").reason.code == .unparseableLocation)
        let inner = try Self.decide("http://h/a", "/b c")
        #expect(inner.reason.code == .sameOrigin)
        #expect(inner.target?.serialized == "http://h/b%20c")
    }

    @Test("The empty Location is refused (RFC 3986 and WHATWG resolve it to the current URL, a loop at best)")
    func emptyLocation() throws {
        #expect(try Self.decide("http://h/a", "").reason.code == .emptyLocation)
    }

    @Test("A relative Location resolves against the current path, not the root (Foundation on Linux uses the root)")
    func relativeResolution() throws {
        #expect(try Self.decide("http://h/a/b/start", "target").target?.serialized == "http://h/a/b/target")
    }

    @Test("ws and wss targets are refused though they have origins (a redirect cannot switch to WebSocket)")
    func webSocket() throws {
        #expect(try Self.decide("http://h/a", "ws://h/b").reason.code == .unsupportedScheme)
        #expect(try Self.decide("https://h/a", "wss://h/b", allowing: ["https://h"]).reason.code == .unsupportedScheme)
    }

    @Test("Percent-encoded hosts are refused (WHATWG decodes them: %31%32%37.0.0.1 is 127.0.0.1 there)")
    func percentEncodedHost() throws {
        #expect(try Self.decide("http://127.0.0.1/a", "http://%31%32%37.0.0.1/b").reason.code == .unparseableLocation)
    }

    @Test("Fullwidth and other IDNA-mapped hosts are refused rather than mapped (WHATWG maps Ｇｏ.com to go.com)")
    func idnaMapping() throws {
        #expect(try Self.decide("http://go.com/a", "http://Ｇｏ.com/b").reason.code == .unparseableLocation)
        #expect(try Self.decide("http://xn--bcher-kva.example/a", "http://BÜCHER.example/b").reason.code == .sameOrigin)
    }
}
