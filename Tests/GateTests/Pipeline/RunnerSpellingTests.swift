//===----------------------------------------------------------------------===//
// RunnerSpellingTests.swift: expectations and quarantine entries written as the runners print them.
//===----------------------------------------------------------------------===//

import GateReport
import Testing

@testable import Gate
@testable import GateConfig
@testable import GatePublishing
@testable import XCTestOutput

/// A test written as xcodebuild's per-test list prints it (`SomeTests.test_something()`), as
/// `-only-testing:` takes it (`SomeTests/test_something`), or as macOS XCTest prints it
/// (`-[Module.SomeTests test_something]`) is the same XCTest case as `SomeTests.test_something`.
@Suite("names as the runners spell them")
struct RunnerSpellingTests {
    private func codes(_ results: [TestResult], expect: [String]) -> [ReportProblemCode] {
        SuiteJudgement.judge(results: results, expected: expect, suite: "s").problems.map(\.code)
    }

    /// The case as xcodebuild's list reads (no module) and as macOS XCTest reads (module `AppTests`).
    private let listed = TestResult(name: "SomeTests.test_something", status: .passed)
    private let console = TestResult(name: "SomeTests.test_something", module: "AppTests", status: .passed)

    @Test("the runners' spellings without a module meet the case from any module")
    func withoutModule() {
        for spelling in [
            "SomeTests.test_something()", "SomeTests/test_something()", "SomeTests/test_something", "-[SomeTests test_something]",
        ] {
            #expect(codes([listed], expect: [spelling]) == [], "\(spelling)")
            #expect(codes([console], expect: [spelling]) == [], "\(spelling)")
        }
    }

    @Test("the spellings with a module pin it")
    func withModule() {
        for spelling in [
            "-[AppTests.SomeTests test_something]", "AppTests.SomeTests/test_something()", "AppTests.SomeTests.test_something()",
        ] {
            #expect(codes([console], expect: [spelling]) == [], "\(spelling)")
            #expect(codes([listed], expect: [spelling]) == [.testMissing], "\(spelling): the list names no module")
            var other = console
            other.module = "LegacyTests"
            #expect(codes([other], expect: [spelling]) == [.testMissing], "\(spelling): another module's case")
        }
    }

    @Test("a spelling of another test, or a Swift Testing function, is not met by this case")
    func otherTests() {
        #expect(codes([listed], expect: ["SomeTests.test_other()"]) == [.testMissing])
        #expect(codes([listed], expect: ["OtherTests/test_something()"]) == [.testMissing])
        // A Swift Testing result is no XCTest case, whatever it is called.
        let swiftTesting = TestResult(name: "SomeTests.test_something", status: .passed, framework: .swiftTesting)
        #expect(codes([swiftTesting], expect: ["SomeTests/test_something()"]) == [.testMissing])
        // The name as written still meets what it always met: a display name that reads the same.
        let display = TestResult(name: "Parser.parse()", status: .passed, framework: .swiftTesting)
        #expect(codes([display], expect: ["Parser.parse()"]) == [])
        let function = TestResult(name: "check(value:)", status: .passed, framework: .swiftTesting)
        #expect(codes([function], expect: ["check(value:)"]) == [])
    }

    @Test("a skipped case is reported as skipped under any spelling")
    func skipped() {
        var skipped = listed
        skipped.status = .skipped
        #expect(codes([skipped, console], expect: ["SomeTests.test_something()"]) == [.expectedTestSkipped])
    }

    @Test("a quarantine entry written as a runner prints the test holds its failure")
    func quarantine() {
        var failed = console
        failed.status = .failed
        for spelling in ["SomeTests.test_something()", "SomeTests/test_something()", "-[AppTests.SomeTests test_something]"] {
            let entry = QuarantineEntry(test: spelling, owner: "ana", reason: "STAGE-12", expires: "2099-12-31")
            let judged = SuiteJudgement.judge(results: [failed], expected: [], suite: "s", quarantine: [entry], today: "2026-01-01")
            #expect(judged.problems.map(\.code) == [], "\(spelling)")
            #expect(judged.quarantined[0] == entry, "\(spelling)")
        }
        // Another module's case is not this entry's.
        let pinned = QuarantineEntry(test: "-[LegacyTests.SomeTests test_something]", owner: "ana", reason: "r", expires: "2099-12-31")
        #expect(!pinned.covers(["SomeTests.test_something", "AppTests.SomeTests.test_something"]))
        #expect(pinned.covers(["SomeTests.test_something", "LegacyTests.SomeTests.test_something"]))
    }
}
