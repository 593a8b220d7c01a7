//===----------------------------------------------------------------------===//
// HostileInputTests.swift: random and mangled lines never trap and keep the invariants.
//===----------------------------------------------------------------------===//

import Testing
import XCTestOutput

/// A small seeded generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    /// The running state.
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("hostile input")
struct HostileInputTests {
    /// Real lines of every format, to mangle.
    static let seeds: [String] = [
        LinuxLogs.sample, LinuxLogs.crash, SwiftTestingLogs.sample, AppleLogs.macOS, AppleLogs.xcodebuildParallel,
    ]
    .flatMap { $0.split(separator: "\n").map(String.init) }

    /// Pieces that steer random lines towards the parser's branches.
    static let fragments = [
        "Test Case '", "Test case '", "' started", "' passed", "' failed", "' skipped", " (", " seconds)", "-[", "]",
        "Executed ", " tests, with ", " failure", ": error: ", " : ", "Test skipped - ", "◇ Test ", "✔ Test ", "✘ Test ",
        "↳ ", " started.", " passed after ", " failed after ", " skipped: ", " recorded an issue", "\"", "()", "\u{1B}[",
        "\u{1B}]", "\u{1B}", "\r", "\t", "99999999999999999999", "1e308", "-0", ":", "/", "'", " ",
    ]

    @Test("random bytes, random fragments and mangled real lines", arguments: [UInt64(1), 2, 3, 4])
    func random(seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        var parser = XCTestLogParser()
        var finishedEvents = 0
        for _ in 0..<4000 {
            let line: String
            switch generator.next() % 3 {
            case 0:
                let count = Int(generator.next() % 120)
                let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                line = String(decoding: bytes, as: UTF8.self)
            case 1:
                let count = Int(generator.next() % 8)
                line = (0..<count).map { _ in Self.fragments.randomElement(using: &generator) ?? "" }.joined()
            default:
                var characters = Array(Self.seeds.randomElement(using: &generator) ?? "")
                for _ in 0..<Int(generator.next() % 4) where !characters.isEmpty {
                    let index = Int(generator.next() % UInt64(characters.count))
                    switch generator.next() % 3 {
                    case 0: characters.remove(at: index)
                    case 1: characters.insert(contentsOf: Array(Self.fragments.randomElement(using: &generator) ?? "x"), at: index)
                    default: characters = Array(characters.prefix(index))
                    }
                }
                line = String(characters)
            }
            for event in parser.consumeAll(line: Substring(line)) {
                if case .finished = event { finishedEvents += 1 }
            }
            #expect(parser.results.count == finishedEvents)
        }
        let results = parser.finish()
        #expect(results.count >= finishedEvents)
        #expect(results.allSatisfy { !$0.name.isEmpty })
        #expect(results.allSatisfy { ($0.durationSeconds ?? 0).isFinite && ($0.durationSeconds ?? 0) >= 0 })
        #expect(results.allSatisfy { ($0.message?.count ?? 0) <= 21 * 2002 })
        if let summary = parser.summary {
            #expect(summary.executed >= 0 && summary.failures >= 0)
        }
    }

    @Test("a very long line and many messages stay bounded")
    func bounded() throws {
        var parser = XCTestLogParser()
        _ = parser.consume(line: "Test Case 'A.testB' started at 2026")
        let long = String(repeating: "x", count: 100_000)
        for _ in 0..<50 {
            _ = parser.consume(line: Substring("/A.swift:1: error: A.testB : " + long))
        }
        _ = parser.consume(line: "Test Case 'A.testB' failed (1.0 seconds)")
        let result = try #require(parser.finish().first)
        let lines = result.message?.split(separator: "\n") ?? []
        #expect(lines.count == 21)
        #expect(lines.last == "… and 30 more")
        #expect((result.message?.count ?? 0) < 50_000)
    }
}
