//===----------------------------------------------------------------------===//
// RedirectChainTests.swift: chain state across hops.
//===----------------------------------------------------------------------===//

import RedirectGate
import Testing

@Suite struct RedirectChainTests {
    /// The first origin is :8765; :8766 is allowlisted; X-Test-Token is sensitive.
    static func policy() throws -> RedirectPolicy {
        RedirectPolicy(allowedOrigins: [try Origin(parsing: "http://127.0.0.1:8766")], sensitiveHeaders: ["X-Test-Token"])
    }

    @Test func leavingTheFirstOriginStripsForTheRestOfTheChain() throws {
        var chain = try RedirectChain(startingAt: "http://127.0.0.1:8765/start")
        let out = try Self.policy().evaluate(location: "http://127.0.0.1:8766/bounce", in: &chain)
        #expect(out.reason.code == .allowlistedOrigin)
        #expect(out.stripsSensitiveHeaders)
        let back = try Self.policy().evaluate(location: "http://127.0.0.1:8765/back", in: &chain)
        #expect(back.reason.code == .sameOrigin)
        #expect(back.stripsSensitiveHeaders, "headers stay stripped after coming back to the first origin")
        let again = try Self.policy().evaluate(location: "/again", in: &chain)
        #expect(again.stripsSensitiveHeaders)
        #expect(chain.stripsSensitiveHeaders)
        #expect(chain.followedCount == 3)
        #expect(
            chain.hops.map(\.from.serialized) == [
                "http://127.0.0.1:8765/start", "http://127.0.0.1:8766/bounce", "http://127.0.0.1:8765/back",
            ])
    }

    @Test func sameOriginHopsKeepHeaders() throws {
        var chain = try RedirectChain(startingAt: "http://127.0.0.1:8765/a/b")
        #expect(try !Self.policy().evaluate(location: "c", in: &chain).stripsSensitiveHeaders)
        #expect(try !Self.policy().evaluate(location: "../d", in: &chain).stripsSensitiveHeaders)
        #expect(chain.currentURL.serialized == "http://127.0.0.1:8765/d")
        #expect(!chain.stripsSensitiveHeaders)
    }

    @Test func theFirstOriginNeverMovesWithTheChain() throws {
        var chain = try RedirectChain(startingAt: "http://127.0.0.1:8765/start")
        _ = try Self.policy().evaluate(location: "http://127.0.0.1:8766/x", in: &chain)
        #expect(chain.firstOrigin.serialized == "http://127.0.0.1:8765")
        // From the allowlisted origin, a third origin is still cross-origin (not "same as current").
        let third = try Self.policy().evaluate(location: "http://127.0.0.1:8767/y", in: &chain)
        #expect(third.reason.code == .crossOrigin)
        #expect(chain.isStopped)
    }

    @Test func relativeLocationsResolveAgainstTheCurrentURL() throws {
        var chain = try RedirectChain(startingAt: "http://127.0.0.1:8765/start")
        _ = try Self.policy().evaluate(location: "http://127.0.0.1:8766/dir/page", in: &chain)
        let next = try Self.policy().evaluate(location: "other", in: &chain)
        #expect(next.target?.serialized == "http://127.0.0.1:8766/dir/other")
        #expect(next.reason.code == .allowlistedOrigin)
    }

    @Test func theRedirectLimitStopsALoop() throws {
        let policy = RedirectPolicy(maximumRedirects: 3)
        var chain = try RedirectChain(startingAt: "http://h/loop")
        for _ in 0..<3 { #expect(policy.evaluate(location: "/loop", in: &chain).isFollowed) }
        let fourth = policy.evaluate(location: "/loop", in: &chain)
        #expect(fourth.reason.code == .redirectLimit)
        #expect(chain.hops.count == 4)
    }

    @Test func aRefusalDoesNotMoveTheChain() throws {
        var chain = try RedirectChain(startingAt: "http://127.0.0.1:8765/start")
        _ = try Self.policy().evaluate(location: "http://evil.example/", in: &chain)
        #expect(chain.currentURL.serialized == "http://127.0.0.1:8765/start")
        #expect(!chain.stripsSensitiveHeaders)
        #expect(chain.hops.last?.location == "http://evil.example/")
    }
}
