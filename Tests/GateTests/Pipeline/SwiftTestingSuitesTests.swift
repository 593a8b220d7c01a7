//===----------------------------------------------------------------------===//
// SwiftTestingSuitesTests.swift: a Swift Testing result's suite, told by the package's sources.
//===----------------------------------------------------------------------===//

import GateAdoption
import Testing

@testable import Gate
@testable import GatePublishing
@testable import XCTestOutput

@Suite("Swift Testing results named by their suite")
struct SwiftTestingSuitesTests {
    static let declared = [
        DeclaredTest(target: "T", framework: .swiftTesting, types: ["SomeSuite"], function: "fields()", file: "Tests/T/A.swift", line: 3),
        DeclaredTest(target: "T", framework: .swiftTesting, types: ["OtherSuite"], function: "fields()", file: "Tests/T/A.swift", line: 9),
        DeclaredTest(
            target: "T", framework: .swiftTesting, types: ["Outer", "Inner"], function: "named()", displayName: "Shown name",
            file: "Tests/T/B.swift", line: 4),
        DeclaredTest(target: "T", framework: .swiftTesting, types: [], function: "free()", file: "Tests/T/B.swift", line: 20),
        DeclaredTest(target: "T", framework: .xctest, types: ["SomeSuite"], function: "testX", file: "Tests/T/C.swift", line: 2),
    ]

    @Test("one declaration: its suite; several: the one above the issue's line in its file, or the one left; otherwise none")
    func resolve() {
        let results = [
            TestResult(name: "Shown name", status: .passed, framework: .swiftTesting),
            TestResult(name: "fields()", status: .failed, message: "A.swift:10:5: Expectation failed", framework: .swiftTesting),
            TestResult(name: "fields()", status: .failed, message: "A.swift:4:5: Expectation failed", framework: .swiftTesting),
            TestResult(name: "fields()", status: .passed, framework: .swiftTesting),
            TestResult(name: "free()", status: .passed, framework: .swiftTesting),
            TestResult(name: "unknown()", status: .passed, framework: .swiftTesting),
            TestResult(name: "SomeSuite.testX", status: .passed, framework: .xctest),
        ]
        #expect(SwiftTestingSuites.resolve(results, declared: Self.declared) == [0: "Outer/Inner", 1: "OtherSuite", 2: "SomeSuite"])
        // One failed (told by its issue), one passed: the passed one is the other declaration.
        let pair = [results[3], results[1]]
        #expect(SwiftTestingSuites.resolve(pair, declared: Self.declared) == [0: "SomeSuite", 1: "OtherSuite"])
    }

    @Test("a failure's sentence names the suite; its subject keeps the name the log gives")
    func sentence() {
        var result = TestResult(name: "fields()", status: .failed, message: "A.swift:4:5: Expectation failed", framework: .swiftTesting)
        result.suite = "SomeSuite"
        let problems = SuiteJudgement.judge(results: [result], expected: ["fields()"], suite: "unit").problems
        #expect(problems.map(\.sentence) == ["suite 'unit': test SomeSuite/fields() failed: A.swift:4:5: Expectation failed"])
        #expect(problems.first?.subject.name == "fields()")
    }
}
