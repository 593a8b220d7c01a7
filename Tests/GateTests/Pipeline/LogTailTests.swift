//===----------------------------------------------------------------------===//
// LogTailTests.swift: the last lines of a log, clipped when read.
//===----------------------------------------------------------------------===//

import Testing

@testable import Gate

@Suite("log tail")
struct LogTailTests {
    @Test func keepsTheLastLinesOldestFirstWithoutLineEndings() {
        var tail = LogTail(capacity: 3)
        for number in 1...5 { tail.append("line \(number)\r\n") }
        #expect(tail.lines == ["line 3", "line 4", "line 5"])
    }

    @Test func aLongLineIsClippedAndACutInsideATokenRunDropsTheRun() {
        var tail = LogTail(capacity: 2)
        tail.append(String(repeating: "word ", count: 300))
        tail.append("secret: " + String(repeating: "Ab1", count: 2_000))
        let lines = tail.lines
        #expect(lines[0].count == LogTail.lineLimit + 1)
        #expect(lines[0].hasSuffix("…"))
        #expect(lines[1] == "secret: …", "no part of the run that was cut is kept")
    }

    @Test func aLineOfWideCharactersLongerThanWhatIsKeptStillShowsAsCut() {
        var tail = LogTail(capacity: 1)
        // Combining marks: many bytes per character, so the kept prefix has fewer than 500.
        tail.append(String(repeating: "e\u{301}\u{302}\u{303}\u{304}", count: 1_000))
        #expect(tail.lines[0].hasSuffix("…"))
        #expect(tail.lines[0].count <= LogTail.lineLimit + 1)
    }
}
