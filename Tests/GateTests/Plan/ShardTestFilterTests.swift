//===----------------------------------------------------------------------===//
// ShardTestFilterTests.swift: a shard's tests as an anchored `swift test --filter` regex.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateArchive
import Testing

@Suite("shard test filter")
struct ShardTestFilterTests {
    /// Identifiers as `swift test list` prints them, with near misses of the planned tests.
    private static let identifiers = [
        "AppTests.LoginTests/testA", "AppTests.LoginTests/testAB", "AppTests.LoginTests/testB", "AppTests.XLoginTests/testA",
        "AppTests.CartTests/testC", "AppTests.CartTests/testC2", "AppTests.Cart/Tests", "AppTests.Odd$Name/test+1",
        "AppTests.Other/testA",
    ]

    /// The identifiers `pattern` selects, searched as `swift test --filter` searches them.
    private func selected(_ pattern: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return Self.identifiers.filter { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
    }

    @Test("per test: exactly the planned tests are selected, never a longer name, another class or a prefix")
    func perTest() throws {
        let filter = ShardTestFilter(tests: ["LoginTests.testA", "CartTests.testC", "Odd$Name.test+1", "LoginTests.testA"])
        let pattern = try #require(filter.pattern)
        #expect(try selected(pattern) == ["AppTests.LoginTests/testA", "AppTests.CartTests/testC", "AppTests.Odd$Name/test+1"])
        #expect(filter.unfilterable.isEmpty)
    }

    @Test("per class: every test of the planned classes, and of no class whose name merely contains theirs")
    func perClass() throws {
        let filter = ShardTestFilter(tests: ["LoginTests.testA", "LoginTests.testB"], granularity: .class)
        #expect(
            try selected(try #require(filter.pattern)) == [
                "AppTests.LoginTests/testA", "AppTests.LoginTests/testAB", "AppTests.LoginTests/testB",
            ])
    }

    @Test("a Swift Testing display name or a name with a slash is set aside, not guessed at")
    func unfilterable() {
        let filter = ShardTestFilter(tests: ["checks the cart", "A/B.c", ".x", "y."])
        #expect(filter.pattern == nil)
        #expect(filter.unfilterable == [".x", "A/B.c", "checks the cart", "y."])
    }
}
