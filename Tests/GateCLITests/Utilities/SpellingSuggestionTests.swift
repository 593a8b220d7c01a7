//===----------------------------------------------------------------------===//
// SpellingSuggestionTests.swift
//===----------------------------------------------------------------------===//

import GateCLI
import Testing

@Suite struct SpellingSuggestionTests {
    @Test(
        arguments: [
            ("limt", ["batch", "limit", "help"], "limit"),
            ("frame", ["frames", "help"], "frames"),
            ("decod", ["decode", "split"], "decode"),
            ("sumary", ["limit", "summary", "help"], "summary"),
            ("lmiit", ["limit"], "limit"),
            ("lim", ["limit", "help"], "limit"),
            ("SPLIT", ["decode", "split"], "split"),
        ] as [(String, [String], String?)])
    func suggestsCloseNames(_ typed: String, _ candidates: [String], _ expected: String?) {
        #expect(SpellingSuggestion.closest(to: typed, among: candidates) == expected)
    }

    @Test(arguments: [
        ("zzz", ["decode", "split"]), ("x", ["help"]), ("verbose", ["batch", "limit"]),
        ("", ["help"]),
    ])
    func staysQuietWhenNothingIsClose(_ typed: String, _ candidates: [String]) {
        #expect(SpellingSuggestion.closest(to: typed, among: candidates) == nil)
    }

    @Test(arguments: [("", "", 0), ("abc", "", 3), ("kitten", "sitting", 3), ("ab", "ba", 1), ("limt", "limit", 1)])
    func editDistance(_ lhs: String, _ rhs: String, _ distance: Int) {
        #expect(SpellingSuggestion.editDistance(Array(lhs), Array(rhs)) == distance)
    }
}
