//===----------------------------------------------------------------------===//
// ParsedURLTests.swift: RFC 3986 resolution and the canonical form.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectGate
import Testing

@Suite struct ParsedURLTests {
    /// RFC 3986 section 5.4 (normal and abnormal examples), base `http://a/b/c/d;p?q`. `//g`
    /// gains the `/` an http URL always has.
    static let resolutions: [(String, String)] = [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g/"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"),
        ("../../", "http://a/"), ("../../g", "http://a/g"),
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
    ]

    @Test func resolvesTheRFC3986Examples() throws {
        let base = try ParsedURL(parsing: "http://a/b/c/d;p?q")
        for (reference, expected) in Self.resolutions {
            #expect(try ParsedURL(resolving: reference, against: base).serialized == expected, "\(reference)")
        }
    }

    @Test func refusesWhatRFC3986AndWHATWGReadDifferently() throws {
        let base = try ParsedURL(parsing: "http://a/b/c/d;p?q")
        #expect(throws: RedirectPolicyError.unsupportedScheme("g")) { try ParsedURL(resolving: "g:h", against: base) }
        #expect(throws: RedirectPolicyError.missingAuthority(scheme: "http")) { try ParsedURL(resolving: "http:g", against: base) }
        #expect(throws: RedirectPolicyError.colonInFirstSegment) { try ParsedURL(resolving: ":g", against: base) }
        #expect(throws: RedirectPolicyError.backslash(position: 1)) { try ParsedURL(resolving: "\\g", against: base) }
        #expect(throws: RedirectPolicyError.controlCharacter(position: 2)) { try ParsedURL(resolving: "g\n", against: base) }
        #expect(throws: RedirectPolicyError.surroundingSpace) { try ParsedURL(resolving: " g", against: base) }
    }

    @Test func aRelativeLocationKeepsTheCurrentDirectory() throws {
        // Foundation on Linux resolves this against the root ("/target"); RFC 3986 does not.
        let base = try ParsedURL(parsing: "http://127.0.0.1:8765/a/b/start")
        #expect(try ParsedURL(resolving: "target", against: base).serialized == "http://127.0.0.1:8765/a/b/target")
        #expect(try ParsedURL(resolving: "/target", against: base).serialized == "http://127.0.0.1:8765/target")
    }

    @Test func writesOnlyRFC3986Characters() throws {
        let cases: [(String, String)] = [
            ("http://h/a b", "http://h/a%20b"),
            ("http://h/ü?ü#ü", "http://h/%C3%BC?%C3%BC#%C3%BC"),
            ("http://h/a%2Fb/%7e", "http://h/a%2Fb/%7e"),
            ("http://h/p?q=a|b&c=\"d\"", "http://h/p?q=a%7Cb&c=%22d%22"),
            ("http://h/p#f#g", "http://h/p#f%23g"),
            ("http://h/{x}[y]^`", "http://h/%7Bx%7D%5By%5D%5E%60"),
            ("http://h", "http://h/"),
            ("HTTP://H:80/A", "http://h/A"),
            ("http://u:p@h:8080/a/../b", "http://u:p@h:8080/b"),
        ]
        for (input, expected) in cases {
            let url = try ParsedURL(parsing: input)
            #expect(url.serialized == expected, "\(input)")
            #expect(url.url?.absoluteString == expected, "\(input)")
        }
    }

    @Test func exposesItsParts() throws {
        let url = try ParsedURL(parsing: "https://user@Example.com:8443/a/./b?c#d")
        #expect(url.scheme == "https")
        #expect(url.userinfo == "user")
        #expect(url.host == .domain("example.com"))
        #expect(url.port == 8443)
        #expect(url.path == "/a/b")
        #expect(url.query == "c")
        #expect(url.fragment == "d")
        #expect(url.origin.serialized == "https://example.com:8443")
    }

    @Test func refusesOverlongText() {
        let long = "http://h/" + String(repeating: "a", count: 40_000)
        #expect(throws: RedirectPolicyError.tooLong(length: long.utf8.count, maximum: 32 * 1024)) {
            try ParsedURL(parsing: long)
        }
    }
}
