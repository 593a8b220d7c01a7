//===----------------------------------------------------------------------===//
// SuiteJudgementTests.swift: expectations meet results by module and framework, every occurrence.
//===----------------------------------------------------------------------===//

import GateReport
import Testing

@testable import Gate
@testable import GatePublishing
@testable import XCTestOutput

@Suite("suite judgement")
struct SuiteJudgementTests {
    private func codes(_ results: [TestResult], expect: [String] = []) -> [ReportProblemCode] {
        SuiteJudgement.judge(results: results, expected: expect, suite: "s").problems.map(\.code)
    }

    @Test func aModuleQualifiedExpectationIsNotMetByTheSameClassInAnotherModule() {
        let legacy = TestResult(name: "RedirectBoundaryTests.testFollow", module: "LegacyTests", status: .passed)
        #expect(codes([legacy], expect: ["AppTests.RedirectBoundaryTests.testFollow"]) == [.testMissing])
        var app = legacy
        app.module = "AppTests"
        #expect(codes([app], expect: ["AppTests.RedirectBoundaryTests.testFollow"]).isEmpty)
        #expect(codes([legacy], expect: ["RedirectBoundaryTests.testFollow"]).isEmpty, "no module asked for, any module")
    }

    @Test func anXCTestExpectationIsNotMetByASwiftTestingDisplayNameThatReadsTheSame() {
        let display = TestResult(name: "RedirectBoundaryTests.testFollow", status: .passed, framework: .swiftTesting)
        #expect(codes([display], expect: ["RedirectBoundaryTests.testFollow"]) == [.testMissing])
        // A display name with spaces is no XCTest name, so Swift Testing may meet it.
        let spaced = TestResult(name: "follows same origin", status: .passed, framework: .swiftTesting)
        #expect(codes([spaced], expect: ["follows same origin"]).isEmpty)
    }

    @Test func everyOccurrenceOfANameCountsNotTheFirst() {
        let first = TestResult(name: "A.testX", module: "M", status: .passed)
        var second = first
        second.status = .skipped
        #expect(codes([first, second], expect: ["A.testX"]) == [.expectedTestSkipped])
        second.status = .failed
        #expect(codes([first, second], expect: ["A.testX"]) == [.testFailed])
    }

    @Test func noTestsOrOnlySkippedOnesRanZeroTests() {
        #expect(codes([]) == [.zeroTests])
        let skipped = TestResult(name: "A.testX", status: .skipped)
        #expect(codes([skipped, skipped]) == [.zeroTests])
        #expect(codes([skipped, TestResult(name: "A.testY", status: .passed)]).isEmpty)
    }

    @Test func onlyTheFirstMissingTestSaysTheOutputWentThroughAFormatter() {
        let ran = [TestResult(name: "A.testX", status: .passed)]
        let sentences = { (formatted: Bool) in
            SuiteJudgement.judge(results: ran, expected: ["B.testY", "B.testZ"], suite: "s", formattedOutput: formatted).problems
                .map(\.sentence)
        }
        let plain = ["suite 's': the expected test B.testY did not run", "suite 's': the expected test B.testZ did not run"]
        #expect(sentences(false) == plain)
        let formatted = sentences(true)
        #expect(formatted.count == 2)
        #expect(formatted.first?.hasPrefix("suite 's': the expected test B.testY did not run (its output went through a formatter") == true)
        #expect(formatted.last == plain.last)
    }

    @Test(arguments: [
        ("A.testX", true), ("Module.A.testX", true), ("A", false), ("A.", false), ("follows same origin", false),
        ("A.test X", false), ("1A.testX", false), ("_A.test_1", true),
    ])
    func xctestNamesAreDottedIdentifiers(name: String, isXCTest: Bool) {
        #expect(SuiteJudgement.isXCTestName(name) == isXCTest)
    }
}
