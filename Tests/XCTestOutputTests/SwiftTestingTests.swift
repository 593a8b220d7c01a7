//===----------------------------------------------------------------------===//
// SwiftTestingTests.swift: captured Swift Testing output into results.
//===----------------------------------------------------------------------===//

import Testing

@testable import XCTestOutput

@Suite("Swift Testing")
struct SwiftTestingTests {
    @Test("the captured sample: functions and display names, issues, skips with and without reason")
    func sample() throws {
        var (parser, events) = parse(SwiftTestingLogs.sample)
        let results = parser.finish()
        let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(results.count == 7)
        #expect(
            Set(byName.keys) == [
                "freeFunction()", "freeSkipped()", "fails()", "a display name", "passes()", "parameterised(value:)", "skipped()",
            ])
        #expect(byName["freeSkipped()"] == TestResult(name: "freeSkipped()", status: .skipped, framework: .swiftTesting))
        #expect(byName["skipped()"] == TestResult(name: "skipped()", status: .skipped, message: "not today", framework: .swiftTesting))
        #expect(
            byName["freeFunction()"]
                == TestResult(name: "freeFunction()", status: .passed, durationSeconds: 0.001, framework: .swiftTesting))
        #expect(byName["parameterised(value:)"]?.status == .passed)
        let fails = try #require(byName["fails()"])
        #expect(fails.status == .failed)
        #expect(fails.durationSeconds == 0.002)
        #expect(fails.message == "STSampleTests.swift:6:26: Expectation failed: (add(1, 1) → 2) == 3")
        let named = try #require(byName["a display name"])
        #expect(named.status == .failed)
        #expect(named.message == "STSampleTests.swift:8:44: Expectation failed: (add(2, 2) → 4) == 5 four")
        #expect(parser.summary == nil)
        let starts = events.filter { if case .started = $0 { return true } else { return false } }
        #expect(starts.count == 5)
    }

    @Test("symbols other than the Linux ones (SF Symbols on macOS) are accepted")
    func otherSymbols() {
        var parser = XCTestLogParser()
        #expect(parser.consume(line: "\u{10065B} Test passes() started.") == .started("passes()"))
        let event = parser.consume(line: "\u{100142} Test passes() passed after 0.25 seconds.")
        #expect(event == .finished(TestResult(name: "passes()", status: .passed, durationSeconds: 0.25, framework: .swiftTesting)))
    }

    @Test("run, suite and test-case lines are not test results")
    func notTests() {
        var parser = XCTestLogParser()
        for line in [
            "◇ Test run started.", "↳ Testing Library Version: 6.3.1 (937120cbc281cf2)", "◇ Suite STSuite started.",
            "◇ Test case passing 1 argument value → 1 to parameterised(value:) started.",
            "✘ Suite STSuite failed after 0.003 seconds with 2 issues.",
            "✘ Test run with 7 tests in 1 suite failed after 0.004 seconds with 2 issues.",
            "✔ Test noParentheses passed after 0.1 seconds.",
        ] {
            #expect(parser.consumeAll(line: Substring(line)).isEmpty, "\(line)")
        }
        #expect(parser.finish().isEmpty)
    }
}
