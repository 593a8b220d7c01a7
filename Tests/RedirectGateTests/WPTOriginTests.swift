//===----------------------------------------------------------------------===//
// WPTOriginTests.swift: the WPT URL suite's origins and redirect pairs.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectGate
import Testing

@Suite struct WPTOriginTests {
    // MARK: - Ratchets

    /// Same-origin WPT pairs the policy refuses because it will not guess (tabs and newlines,
    /// backslashes, `http:foo`, `:foo`, surrounding spaces, the empty Location, ...). Refusing
    /// those is allowed; this number may only go down.
    static let refusedSameOriginPairsRatchet = 25

    /// http(s) WPT entries whose input Origin/ParsedURL refuses (percent-encoded hosts,
    /// fullwidth and zero-width characters, `\`, tabs, ...). This number may only go down.
    static let refusedHTTPOriginsRatchet = 75

    // MARK: - Redirect pairs

    @Test func theWPTPairsAreAllThere() throws {
        let pairs = try WPTOriginPair.all()
        #expect(pairs.count == 134)
        #expect(pairs.filter(\.sameOrigin).count == 50)
    }

    @Test(arguments: try WPTOriginPair.all().filter { !$0.sameOrigin })
    func neverFollowsACrossOriginPair(_ pair: WPTOriginPair) {
        let decision = RedirectPolicy().decide(from: pair.from, location: pair.to)
        #expect(!decision.isFollowed, "followed to \(decision.target?.serialized ?? "?"): \(decision.reason)")
    }

    @Test(arguments: try WPTOriginPair.all().filter(\.sameOrigin))
    func aFollowedSameOriginPairLandsOnItsOrigin(_ pair: WPTOriginPair) {
        let decision = RedirectPolicy().decide(from: pair.from, location: pair.to)
        if decision.isFollowed {
            #expect(decision.target?.origin.serialized == pair.toOrigin)
            #expect(decision.reason.code == .sameOrigin)
        } else {
            #expect(decision.reason.code != .crossOrigin, "a same-origin pair refused as cross-origin")
        }
    }

    @Test func refusedSameOriginPairsStayAtOrBelowTheRatchet() throws {
        let refused = try WPTOriginPair.all().filter(\.sameOrigin).filter {
            !RedirectPolicy().decide(from: $0.from, location: $0.to).isFollowed
        }
        print("refused same-origin pairs: \(refused.count) \(refused.map(\.id))")
        #expect(refused.count <= Self.refusedSameOriginPairsRatchet)
    }

    // MARK: - Origins

    /// The origin of an entry by our parser, or `nil` when we refuse the input (or its base).
    static func origin(of entry: WPTOriginEntry) -> Origin? {
        do throws(RedirectPolicyError) {
            guard let base = entry.base else { return try ParsedURL(parsing: entry.input).origin }
            return try ParsedURL(resolving: entry.input, against: ParsedURL(parsing: base)).origin
        } catch {
            return nil
        }
    }

    static func hasTupleOrigin(_ entry: WPTOriginEntry, schemes: [String]) -> Bool {
        schemes.contains { entry.origin.hasPrefix($0 + "://") }
    }

    @Test(arguments: try WPTOriginEntry.all().filter { hasTupleOrigin($0, schemes: ["http", "https", "ws", "wss"]) })
    func anAcceptedInputHasTheExpectedOrigin(_ entry: WPTOriginEntry) {
        guard let origin = Self.origin(of: entry) else { return }
        #expect(origin.serialized == entry.origin)
    }

    @Test(arguments: try WPTOriginEntry.all().filter { !hasTupleOrigin($0, schemes: ["http", "https", "ws", "wss"]) })
    func anInputWithoutAnHTTPOriginIsRefused(_ entry: WPTOriginEntry) {
        #expect(Self.origin(of: entry) == nil, "expected \(entry.origin)")
    }

    @Test func refusedHTTPOriginsStayAtOrBelowTheRatchet() throws {
        let entries = try WPTOriginEntry.all().filter { Self.hasTupleOrigin($0, schemes: ["http", "https"]) }
        let refused = entries.filter { Self.origin(of: $0) == nil }
        print("http(s) entries: \(entries.count), refused: \(refused.count)")
        for entry in refused { print("  refused: \(entry.testDescription)") }
        #expect(entries.count == 198)
        #expect(refused.count <= Self.refusedHTTPOriginsRatchet)
    }
}
