//===----------------------------------------------------------------------===//
// MultilineValueTests.swift: an assertion whose compared value holds a newline.
//===----------------------------------------------------------------------===//

import Testing

@testable import XCTestOutput

/// `swift test` output captured with Swift 6.3.1 on Linux from tests comparing `"a\nb"`: the value
/// prints across two lines, and the failure's message must keep both, written `\n`.
@Suite("a compared value with a newline")
struct MultilineValueTests {
    static let xctest = """
        Test Suite 'All tests' started at 2026-12-04 21:39:30.662
        Test Suite 'XTests' started at 2026-12-04 21:39:30.673
        Test Case 'XTests.testNewline' started at 2026-12-04 21:39:30.673
        /tmp/st/Tests/LibTests/SuiteTests.swift:17: error: XTests.testNewline : XCTAssertEqual failed: ("a
        b") is not equal to ("a") - 
        Test Case 'XTests.testNewline' failed (0.012 seconds)
        Test Suite 'XTests' failed at 2026-12-04 21:39:30.701
        \t Executed 1 test, with 1 failure (0 unexpected) in 0.012 (0.012) seconds
        Test Suite 'All tests' failed at 2026-12-04 21:39:30.701
        \t Executed 1 test, with 1 failure (0 unexpected) in 0.012 (0.012) seconds
        """

    static let swiftTesting = """
        ◇ Test run started.
        ◇ Suite SomeSuite started.
        ◇ Test fields() started.
        ✘ Test fields() recorded an issue at SuiteTests.swift:5:27: Expectation failed: (text() → "a
        b") == "a"
        ✘ Test fields() failed after 0.001 seconds with 1 issue.
        ✘ Suite SomeSuite failed after 0.003 seconds with 1 issue.
        ✘ Test run with 1 test in 1 suite failed after 0.005 seconds with 1 issue.
        """

    static func results(_ log: String) -> [TestResult] {
        var parser = XCTestLogParser()
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) { _ = parser.consumeAll(line: line) }
        return parser.finish()
    }

    @Test("XCTAssertEqual: the line after the break belongs to the failure, written \\n")
    func xctest() {
        let results = Self.results(Self.xctest)
        #expect(results.count == 1)
        #expect(results.first?.status == .failed)
        #expect(results.first?.message == #"SuiteTests.swift:17: XCTAssertEqual failed: ("a\nb") is not equal to ("a") -"#)
    }

    @Test("#expect: the line after the break belongs to the issue, written \\n")
    func swiftTesting() {
        let results = Self.results(Self.swiftTesting)
        #expect(results.count == 1)
        #expect(results.first?.message == #"SuiteTests.swift:5:27: Expectation failed: (text() → "a\nb") == "a""#)
    }

    @Test("an unclosed quote is followed for at most 20 lines, and a test line ends it")
    func bounded() {
        let endless =
            (["Test Case 'A.testA' started at 2026-12-04 21:39:30.673", "/f.swift:1: error: A.testA : XCTAssertEqual failed: (\"x"]
            + Array(repeating: "more", count: 40) + ["Test Case 'A.testA' failed (0.001 seconds)"]).joined(separator: "\n")
        let message = Self.results(endless).first?.message ?? ""
        #expect(message.components(separatedBy: "\\nmore").count - 1 == XCTestLogParser.maximumValueLines)
        #expect(Self.results(endless).first?.status == .failed)
    }

    @Test("two suites' fields() at once: the failure keeps its issue, whichever of the two ends first")
    func sameNameInParallel() {
        let log = """
            ◇ Test fields() started.
            ◇ Test fields() started.
            ✘ Test fields() recorded an issue at SuiteTests.swift:5:27: Expectation failed: 1 == 2
            ✘ Test fields() failed after 0.001 seconds with 1 issue.
            ✔ Test fields() passed after 0.001 seconds.
            """
        let results = Self.results(log)
        #expect(results.map(\.status) == [.failed, .passed])
        #expect(results.map(\.message) == ["SuiteTests.swift:5:27: Expectation failed: 1 == 2", nil])
    }
}
