//===----------------------------------------------------------------------===//
// RedirectPolicyTests.swift: single redirect decisions and their reasons.
//===----------------------------------------------------------------------===//

import RedirectGate
import Testing

@Suite struct RedirectPolicyTests {
    static let first = "http://127.0.0.1:8765/start"

    struct Case: Sendable, CustomTestStringConvertible {
        var location: String
        var code: RedirectReasonCode
        var target: String?
        var testDescription: String { "\(location.debugDescription) → \(code.rawValue)" }
    }

    static let cases: [Case] = [
        Case(location: "/target", code: .sameOrigin, target: "http://127.0.0.1:8765/target"),
        Case(location: "target", code: .sameOrigin, target: "http://127.0.0.1:8765/target"),
        Case(location: "http://127.0.0.1:8765/target", code: .sameOrigin, target: "http://127.0.0.1:8765/target"),
        Case(location: "HTTP://127.0.0.1:8765/x", code: .sameOrigin, target: "http://127.0.0.1:8765/x"),
        Case(location: "http://0x7f.1:8765/x", code: .sameOrigin, target: "http://127.0.0.1:8765/x"),
        Case(location: "//127.0.0.1:8765/x", code: .sameOrigin, target: "http://127.0.0.1:8765/x"),
        Case(location: "?page=2", code: .sameOrigin, target: "http://127.0.0.1:8765/start?page=2"),
        Case(location: "http://127.0.0.1:8766/target", code: .crossOrigin, target: "http://127.0.0.1:8766/target"),
        Case(location: "http://localhost:8765/target", code: .crossOrigin, target: "http://localhost:8765/target"),
        Case(location: "https://127.0.0.1:8765/target", code: .crossOrigin, target: "https://127.0.0.1:8765/target"),
        Case(location: "//evil.example/", code: .crossOrigin, target: "http://evil.example/"),
        Case(location: "", code: .emptyLocation),
        Case(location: "/a\tb", code: .controlCharacter),
        Case(location: "/a\r\nSet-Cookie: x=y", code: .controlCharacter),
        Case(location: "/\0", code: .controlCharacter),
        Case(location: "/\\evil.example", code: .backslash),
        Case(location: "\\\\evil.example\\x", code: .backslash),
        Case(location: "ftp://127.0.0.1:8765/", code: .unsupportedScheme),
        Case(location: "javascript:alert(1)", code: .unsupportedScheme),
        Case(location: "data:text/html,hi", code: .unsupportedScheme),
        Case(location: "file:///etc/passwd", code: .unsupportedScheme),
        Case(location: "ws://127.0.0.1:8765/", code: .unsupportedScheme, target: "ws://127.0.0.1:8765/"),
        Case(location: "wss://127.0.0.1:8765/", code: .unsupportedScheme, target: "wss://127.0.0.1:8765/"),
        Case(location: "http://user:pw@127.0.0.1:8765/", code: .credentialsInLocation),
        Case(location: "http://127.0.0.1:8765@evil.example/", code: .credentialsInLocation),
        Case(location: "//@127.0.0.1:8765/", code: .credentialsInLocation),
        Case(location: "http:target", code: .unparseableLocation),
        Case(location: ":target", code: .unparseableLocation),
        Case(location: " /target", code: .unparseableLocation),
        Case(location: "/%zz", code: .unparseableLocation),
        Case(location: "http://127.0.0.1:99999/", code: .unparseableLocation),
        Case(location: "http://%65vil.example/", code: .unparseableLocation),
        Case(location: "http://ｅvil.example/", code: .unparseableLocation),
    ]

    @Test(arguments: cases)
    func decides(_ testCase: Case) {
        let decision = RedirectPolicy().decide(from: Self.first, location: testCase.location)
        #expect(decision.reason.code == testCase.code, "\(decision.reason)")
        #expect(decision.isFollowed == testCase.code.isFollow)
        #expect(decision.verdict == (testCase.code.isFollow ? .follow : .refuse))
        if let target = testCase.target {
            #expect(decision.target?.serialized == target)
        }
        #expect(decision.reason.message.hasSuffix("."))
        #expect(!decision.reason.message.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{7F}" })
    }

    @Test func anAllowlistedOriginIsFollowedAndStripsHeaders() throws {
        let policy = RedirectPolicy(allowedOrigins: [try Origin(parsing: "http://127.0.0.1:8766")])
        let decision = policy.decide(from: Self.first, location: "http://127.0.0.1:8766/target")
        #expect(decision.reason.code == .allowlistedOrigin)
        #expect(decision.stripsSensitiveHeaders)
        let same = policy.decide(from: Self.first, location: "/target")
        #expect(same.reason.code == .sameOrigin)
        #expect(!same.stripsSensitiveHeaders)
    }

    @Test func theAllowlistMatchesByOriginNotBySpelling() throws {
        let policy = RedirectPolicy(allowedOrigins: [try Origin(parsing: "https://CDN.example:443")])
        #expect(policy.decide(from: "https://app.example/", location: "https://cdn.example/x").isFollowed)
        #expect(!policy.decide(from: "https://app.example/", location: "https://cdn.example:8443/x").isFollowed)
        #expect(!policy.decide(from: "https://app.example/", location: "https://sub.cdn.example/x").isFollowed)
    }

    @Test func aDowngradeIsRefusedEvenToAnAllowlistedOriginUnlessAllowed() throws {
        let cdn = try Origin(parsing: "http://cdn.example")
        let strict = RedirectPolicy(allowedOrigins: [cdn])
        #expect(strict.decide(from: "https://app.example/", location: "http://cdn.example/x").reason.code == .downgrade)
        let relaxed = RedirectPolicy(allowedOrigins: [cdn], allowsDowngrade: true)
        #expect(relaxed.decide(from: "https://app.example/", location: "http://cdn.example/x").reason.code == .allowlistedOrigin)
        #expect(relaxed.decide(from: "https://app.example/", location: "http://evil.example/x").reason.code == .crossOrigin)
    }

    @Test func anUnparseableFromIsRefused() {
        let decision = RedirectPolicy().decide(from: "not a url", location: "/x")
        #expect(decision.reason.code == .unparseableURL)
        #expect(!decision.isFollowed)
    }

    @Test func headerSensitivityIgnoresCase() {
        let policy = RedirectPolicy(sensitiveHeaders: ["X-Test-Token"])
        for name in ["authorization", "AUTHORIZATION", "Cookie", "proxy-authorization", "x-test-token", "X-TEST-TOKEN"] {
            #expect(policy.isSensitive(headerName: name), "\(name)")
        }
        for name in ["Accept", "X-Test", "Cookie2x", "User-Agent"] {
            #expect(!policy.isSensitive(headerName: name), "\(name)")
        }
    }

    @Test func reasonCodesAreStable() {
        #expect(
            RedirectReasonCode.allCases.map(\.rawValue) == [
                "same-origin", "allowlisted-origin", "cross-origin", "downgrade", "empty-location", "control-character",
                "backslash", "unsupported-scheme", "credentials-in-location", "unparseable-location", "unparseable-url",
                "redirect-limit",
            ])
    }
}
