//===----------------------------------------------------------------------===//
// SuiteJudgement.swift: what an xctest suite's test results say against what the plan expects.
//===----------------------------------------------------------------------===//

import GateConfig
import GateReport
import XCTestOutput

/// Judges an xctest suite's parsed results against its expectations: pure, so every rule is a
/// table test away from the process that produced the log.
enum SuiteJudgement {
    /// The problems of an xctest suite's tests: a failed test (one problem each), zero tests (or
    /// only skipped ones), an expected test that is missing or skipped. An expectation names
    /// `Class.method`, or `Module.Class.method` to require that module; one of that shape is met
    /// only by an XCTest result, never by a Swift Testing display name that reads the same; any
    /// other name is met by a test's name or its display name (a result bundle knows both), and
    /// one a runner prints (`Class.method()`, `Class/method()`, `-[Module.Class method]`, see
    /// ``TestNameSpelling``) also by the XCTest case it spells. Every test of that name counts,
    /// not the first.
    /// A flaky test (passed after a failed attempt) is a problem only under ``FlakyPolicy/reject``.
    /// A failed test an unexpired `quarantine` entry names (as an expectation would) is no
    /// problem: it is returned in `quarantined` (by result index); an expired entry is one,
    /// naming its owner. `today` is `YYYY-MM-DD` (UTC). With `formattedOutput` (some lines came
    /// through xcbeautify, xcpretty or fastlane), the first missing test's problem says why.
    static func judge(
        results: [TestResult], expected: [String], suite: String, flaky: FlakyPolicy = .warn, quarantine: [QuarantineEntry] = [],
        today: String = "", formattedOutput: Bool = false
    ) -> (problems: [ReportProblem], missing: [String], quarantined: [Int: QuarantineEntry]) {
        var problems: [ReportProblem] = []
        if results.isEmpty {
            problems.append(
                ReportProblem(
                    .zeroTests, subject: .suite(suite), claim: "it ran zero tests (check the --filter and that the tests are built)"))
        } else if results.allSatisfy({ $0.status == .skipped }) {
            problems.append(
                ReportProblem(.zeroTests, subject: .suite(suite), claim: "it ran no test: all \(results.count) were skipped"))
        }
        var quarantined: [Int: QuarantineEntry] = [:]
        for entry in quarantine where entry.expired(today: today) {
            problems.append(
                ReportProblem(
                    .quarantineExpired, subject: .test(entry.test, suite: suite),
                    claim: "the quarantine of \(entry.test) expired on \(entry.expires); its owner \(entry.owner) must fix the test"
                        + " or renew the entry (reason: \(entry.reason))"))
        }
        let holding = quarantine.filter { !$0.expired(today: today) }
        for (index, test) in results.enumerated() where test.status == .failed {
            let qualified = test.module.map { "\($0).\(test.name)" } ?? test.name
            if let entry = holding.first(where: { $0.covers([test.name, qualified] + (test.displayName.map { [$0] } ?? [])) }) {
                quarantined[index] = entry
            }
        }
        for (index, test) in results.enumerated() where test.status == .failed && quarantined[index] == nil {
            let qualified = shownName(test)
            var problem = ReportProblem(
                .testFailed, subject: .test(test.name, suite: suite, module: test.module),
                claim: "test \(qualified) failed" + (test.message.flatMap { $0.split(separator: "\n").first }.map { ": \($0)" } ?? ""))
            problem.subject.line = test.location?.line
            problems.append(problem)
        }
        for test in results where test.flaky && flaky == .reject {
            let qualified = shownName(test)
            var problem = ReportProblem(
                .testFlaky, subject: .test(test.name, suite: suite, module: test.module),
                claim: "test \(qualified) is flaky: it passed only after \(test.failedAttempts) failed attempt(s), and the suite's"
                    + " flaky policy is reject" + (test.message.flatMap { $0.split(separator: "\n").first }.map { " (\($0))" } ?? ""))
            problem.subject.line = test.location?.line
            problems.append(problem)
        }
        var missing: [String] = []
        for name in expected {
            let xctestOnly = isXCTestName(name)
            // `Class.test()`, `Class/test()`, `-[Module.Class test]`: a runner's spelling of an
            // XCTest case, met by that case (the name as written still meets what it always met).
            let spelled = TestNameSpelling.xctest(name)
            let matching = results.filter { result in
                let qualified = result.module.map { "\($0).\(result.name)" } ?? result.name
                let byName = result.name == name || qualified == name || result.displayName == name
                let bySpelling = spelled.map { result.framework == .xctest && (result.name == $0 || qualified == $0) } ?? false
                return byName && (!xctestOnly || result.framework == .xctest) || bySpelling
            }
            if matching.isEmpty {
                // A formatter's lines drop the test's class, so the first missing test says why.
                let why =
                    formattedOutput && missing.isEmpty
                    ? " (its output went through a formatter, xcbeautify, xcpretty or fastlane, whose lines drop the test's class:"
                        + " give the gate the raw xcodebuild output or the result bundle)" : ""
                missing.append(name)
                problems.append(
                    ReportProblem(
                        .testMissing, subject: .test(name, suite: suite), claim: "the expected test \(name) did not run" + why))
            } else if matching.contains(where: { $0.status == .skipped }) {
                problems.append(
                    ReportProblem(
                        .expectedTestSkipped, subject: .test(name, suite: suite), claim: "the expected test \(name) was skipped"))
            }
        }
        return (problems, missing, quarantined)
    }

    /// How a sentence names `test`: `Module.Class.method`, `Suite/function()` for a Swift Testing
    /// test whose suite the package's sources told, else its name.
    static func shownName(_ test: TestResult) -> String {
        let name = test.suite.map { "\($0)/\(test.name)" } ?? test.name
        return test.module.map { "\($0).\(name)" } ?? name
    }

    /// Whether `name` has XCTest's shape, `Class.method` or `Module.Class.method`: identifiers
    /// joined by dots, nothing else.
    static func isXCTestName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
                return part.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            }
    }
}
