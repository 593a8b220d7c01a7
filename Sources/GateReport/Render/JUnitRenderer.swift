//===----------------------------------------------------------------------===//
// JUnitRenderer.swift: the report as JUnit XML for a CI system's test tab.
//===----------------------------------------------------------------------===//

/// Renders `junit.xml`: one `<testsuite>` per suite, one `<testcase>` per parsed test, and one per
/// missing expected test. A suite with no parsed tests (frames, command) appears as one test case
/// named after the suite; so does a suite that failed for a reason no test case shows (a timeout).
/// Every name and message is cleaned of ANSI escapes and characters XML 1.0 forbids, then escaped.
package enum JUnitRenderer {
    /// One `<testcase>` to write.
    private struct Case {
        /// Its name.
        var name: String
        /// Seconds.
        var seconds: Double
        /// `failed` or `skipped` with a message, or passed.
        var outcome: ReportTestStatus
        /// The message.
        var message: String
    }

    /// The XML document.
    package static func render(_ report: GateReport) -> String {
        let suites = report.suites.map { ($0, cases(for: $0)) }
        let all = suites.flatMap(\.1)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"acceptance-gate\" tests=\"\(all.count)\""
        xml += " failures=\"\(all.count { $0.outcome == .failed })\" skipped=\"\(all.count { $0.outcome == .skipped })\""
        xml += " time=\"\(ReportDuration.text(report.suites.reduce(0) { $0 + $1.durationSeconds }))\">\n"
        for (suite, cases) in suites {
            let name = attribute(suite.name)
            xml += "  <testsuite name=\"\(name)\" tests=\"\(cases.count)\""
            xml += " failures=\"\(cases.count { $0.outcome == .failed })\" skipped=\"\(cases.count { $0.outcome == .skipped })\""
            xml += " time=\"\(ReportDuration.text(suite.durationSeconds))\">\n"
            for testCase in cases {
                xml += "    <testcase name=\"\(attribute(testCase.name))\" classname=\"\(name)\""
                xml += " time=\"\(ReportDuration.text(testCase.seconds))\""
                switch testCase.outcome {
                case .passed:
                    xml += "/>\n"
                case .skipped:
                    xml += ">\n      <skipped"
                    xml += testCase.message.isEmpty ? "/>\n" : " message=\"\(attribute(testCase.message))\"/>\n"
                    xml += "    </testcase>\n"
                case .failed:
                    let firstLine = testCase.message.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init)
                    xml += ">\n      <failure message=\"\(attribute(firstLine ?? "failed"))\">"
                    xml += ReportText.xmlEscaped(testCase.message, attribute: false)
                    xml += "</failure>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// The test cases written for `suite`.
    private static func cases(for suite: ReportSuite) -> [Case] {
        var cases = suite.tests.map { test in
            Case(name: test.name, seconds: test.durationSeconds, outcome: test.status, message: test.message ?? "")
        }
        cases += suite.missingTests.map { name in
            Case(name: name, seconds: 0, outcome: .failed, message: "expected test '\(name)' did not run")
        }
        let failedHere = cases.contains { $0.outcome == .failed }
        if cases.isEmpty || (suite.status != .passed && !failedHere) {
            let message = suite.reasons.isEmpty ? "suite \(suite.status.rawValue)" : suite.reasons.joined(separator: "\n")
            cases.append(
                Case(
                    name: suite.name, seconds: suite.durationSeconds, outcome: suite.status == .passed ? .passed : .failed,
                    message: message))
        }
        return cases
    }

    /// `text` for an attribute value.
    private static func attribute(_ text: String) -> String {
        ReportText.xmlEscaped(text, attribute: true)
    }
}
