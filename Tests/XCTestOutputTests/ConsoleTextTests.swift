//===----------------------------------------------------------------------===//
// ConsoleTextTests.swift: escape sequences and blanks around lines.
//===----------------------------------------------------------------------===//

import Testing
import XCTestOutput

@Suite("console text")
struct ConsoleTextTests {
    @Test("an unterminated escape at the end of a line neither traps nor hides the line before it")
    func unterminated() {
        var parser = XCTestLogParser()
        #expect(parser.consume(line: "Test Case 'A.testB' started at 2026\u{1B}[") == .started("A.testB"))
        #expect(parser.consume(line: "Test Case 'A.testB' passed (0.1 seconds)\u{1B}") != nil)
        #expect(parser.consume(line: "\u{1B}") == nil)
        #expect(parser.consume(line: "") == nil)
        #expect(parser.consume(line: "   \t\r") == nil)
    }

    @Test("leading blanks and CR LF endings are ignored")
    func blanks() {
        var parser = XCTestLogParser()
        #expect(parser.consume(line: "  \tTest Case 'A.testB' started at 2026\r\n") == .started("A.testB"))
    }
}
