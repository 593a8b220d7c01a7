//===----------------------------------------------------------------------===//
// SpellingSuggestionTests.swift
//===----------------------------------------------------------------------===//

import GateCore
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

@Suite struct SpellingSuggestionToleranceTests {
    @Test func configurationKeysAreNeverAbbreviatedButMayBeFurtherOff() {
        // A key's prefix is not a typo of it: `time` is not `timeoutSeconds`.
        #expect(SpellingSuggestion.closest(to: "time", among: ["timeoutSeconds"], tolerance: .key) == nil)
        #expect(SpellingSuggestion.closest(to: "time", among: ["timeoutSeconds"], tolerance: .command) == "timeoutSeconds")
        // Three edits in a fourteen-letter key are still a likely typo of it; not of a command word.
        #expect(SpellingSuggestion.closest(to: "timoutSecnd", among: ["timeoutSeconds"], tolerance: .key) == "timeoutSeconds")
        #expect(SpellingSuggestion.closest(to: "timoutSecnd", among: ["timeoutSeconds"], tolerance: .command) == nil)
    }

    @Test func aHugeTypedNameIsNotCompared() {
        let huge = String(repeating: "a", count: 10_000)
        #expect(SpellingSuggestion.closest(to: huge, among: [huge + "b"], tolerance: .key) == nil)
    }
}
