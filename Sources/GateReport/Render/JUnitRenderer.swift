//===----------------------------------------------------------------------===//
// JUnitRenderer.swift: the report as JUnit XML for a CI system's test tab.
//===----------------------------------------------------------------------===//

/// Renders `junit.xml` in the shape the Jenkins xUnit plugin's `junit-10.xsd`, `junitparser` and
/// GitLab's parser read: one `<testsuite>` per suite with one `<testcase>` per parsed test
/// (classname `Module.Class` or `Class`, name the method), and a last `<testsuite
/// name="acceptance-gate">` with one case per problem that no test case shows (a leak, a foreign
/// request, a fixture that did not exit cleanly, zero tests, a missing test, a crash, a timeout),
/// failed for the change's problems and errored for infrastructure, so the test tab says why the
/// gate said no. A suite without parsed tests (frames, command) is one case named after it.
/// Every name and message is cleaned of ANSI escapes and characters XML 1.0 forbids, then escaped.
package enum JUnitRenderer {
    /// The name of the testsuite that holds the gate's own checks.
    package static let gateSuiteName = "acceptance-gate"

    /// The most log lines a failed suite's `system-out` holds.
    package static let logTailLines = 50

    /// The XML document.
    package static func render(_ report: GateReport) -> String {
        var groups = report.suites.map { suite in
            (name: suite.name, seconds: suite.durationSeconds, cases: cases(for: suite, in: report), out: suite.logTail)
        }
        let gate = gateCases(report)
        if !gate.isEmpty {
            groups.append((name: gateSuiteName, seconds: 0, cases: gate, out: nil))
        }
        let all = groups.flatMap(\.cases)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(gateSuiteName)\" tests=\"\(all.count)\""
        xml += " failures=\"\(all.count(where: \.isFailure))\" errors=\"\(all.count(where: \.isError))\""
        xml += " time=\"\(ReportDuration.text(report.suites.reduce(0) { $0 + $1.durationSeconds }))\">\n"
        for group in groups {
            xml += "  <testsuite name=\"\(attribute(group.name))\" tests=\"\(group.cases.count)\""
            xml += " failures=\"\(group.cases.count(where: \.isFailure))\" errors=\"\(group.cases.count(where: \.isError))\""
            xml += " skipped=\"\(group.cases.count(where: \.isSkip))\" time=\"\(ReportDuration.text(group.seconds))\">\n"
            for testCase in group.cases {
                xml += write(testCase)
            }
            if let out = group.out, !out.isEmpty {
                xml += "    <system-out>" + ReportText.xmlEscaped(out.joined(separator: "\n"), attribute: false) + "</system-out>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// One `<testcase>` element.
    private static func write(_ testCase: JUnitCase) -> String {
        var xml = "    <testcase name=\"\(attribute(testCase.name))\" classname=\"\(attribute(testCase.classname))\""
        if let seconds = testCase.seconds { xml += " time=\"\(ReportDuration.text(seconds))\"" }
        if let file = testCase.file { xml += " file=\"\(attribute(file))\"" }
        if let line = testCase.line { xml += " line=\"\(line)\"" }
        switch testCase.outcome {
        case .passed:
            return xml + "/>\n"
        case .flaky(let message):
            let type = ReportProblemCode.testFlaky.rawValue
            xml += ">\n      <rerunFailure message=\"\(attribute(firstLine(message)))\" type=\"\(type)\">\(body(message))</rerunFailure>\n"
        case .skipped(let reason):
            xml += ">\n      <skipped"
            xml += reason.isEmpty ? "/>\n" : " message=\"\(attribute(firstLine(reason)))\">\(body(reason))</skipped>\n"
        case .failed(let type, let message):
            xml += ">\n      <failure message=\"\(attribute(firstLine(message)))\" type=\"\(attribute(type))\">\(body(message))</failure>\n"
        case .errored(let type, let message):
            xml += ">\n      <error message=\"\(attribute(firstLine(message)))\" type=\"\(attribute(type))\">\(body(message))</error>\n"
        }
        return xml + "    </testcase>\n"
    }

    /// The cases of one suite: its parsed tests, or one case standing for the whole suite.
    private static func cases(for suite: ReportSuite, in report: GateReport) -> [JUnitCase] {
        if !suite.tests.isEmpty {
            return suite.tests.map { JUnitCase.test($0, suite: suite.name) }
        }
        let problems = report.problems.filter { $0.subject.type == .suite && $0.subject.name == suite.name }
        let outcome: JUnitCase.Outcome
        if let first = problems.first {
            let message = problems.map(\.sentence).joined(separator: "\n")
            outcome =
                problems.contains { $0.kind == .change }
                ? .failed(type: first.code.rawValue, message: message) : .errored(type: first.code.rawValue, message: message)
        } else if suite.status == .passed {
            outcome = .passed
        } else {
            let message = suite.reasons.isEmpty ? "suite \(suite.status.rawValue)" : suite.reasons.joined(separator: "\n")
            outcome = .failed(type: "suite-\(suite.status.rawValue)", message: message)
        }
        return [JUnitCase(classname: suite.name, name: suite.name, seconds: suite.durationSeconds, outcome: outcome)]
    }

    /// The gate's own cases: every problem that no suite case already shows (a failed test is
    /// its own case; a test-less suite's problems are on the case standing for it).
    private static func gateCases(_ report: GateReport) -> [JUnitCase] {
        let testless = Set(report.suites.filter(\.tests.isEmpty).map(\.name))
        let cases = report.problems.filter { problem in
            switch problem.code {
            case .testFailed, .framePointFailed: return false
            default: return !(problem.subject.type == .suite && testless.contains(problem.subject.name ?? ""))
            }
        }.map(JUnitCase.problem)
        // An accepted run says so in one passing case; a rejected one whose every problem is shown
        // by a suite's case needs no gate case (and the suite is left out).
        guard cases.isEmpty, report.verdict == .accepted else { return cases }
        return [JUnitCase(classname: gateSuiteName, name: "verdict", seconds: 0, outcome: .passed)]
    }

    /// The first non-empty line of `text`.
    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? text
    }

    /// `text` as element content.
    private static func body(_ text: String) -> String {
        ReportText.xmlEscaped(text, attribute: false)
    }

    /// `text` for an attribute value.
    private static func attribute(_ text: String) -> String {
        ReportText.xmlEscaped(text, attribute: true)
    }
}
