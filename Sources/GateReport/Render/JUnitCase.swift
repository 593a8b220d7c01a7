//===----------------------------------------------------------------------===//
// JUnitCase.swift: one <testcase> the JUnit renderer writes.
//===----------------------------------------------------------------------===//

/// One `<testcase>` of `junit.xml`, before it is written.
struct JUnitCase {
    /// How the case ended.
    enum Outcome {
        /// It passed.
        case passed
        /// It passed after a failed attempt: `<rerunFailure>` (the Jenkins xUnit schema's element for
        /// a failed attempt of a rerun test; it has no `flakyFailure`) says what failed.
        case flaky(message: String)
        /// It was skipped; the reason, when there is one.
        case skipped(String)
        /// The change failed it (`<failure>`); `type` is the problem code.
        case failed(type: String, message: String)
        /// The gate could not judge it (`<error>`); `type` is the problem code.
        case errored(type: String, message: String)
    }

    /// `Module.Class`, `Class`, the suite's name, or `acceptance-gate`.
    var classname: String
    /// The test method, or what the case stands for.
    var name: String
    /// Seconds, when measured.
    var seconds: Double?
    /// How it ended.
    var outcome: Outcome
    /// The failure's source file and line, when the failure line gave them.
    var file: String?
    var line: Int?

    /// A case for a parsed test of `suite`: `Class.method` becomes classname `Module.Class` (or
    /// `Class`) and name `method`; a name without a dot (a Swift Testing display name) keeps the
    /// suite's name as its classname.
    static func test(_ test: ReportTest, suite: String) -> JUnitCase {
        var classname = suite
        var name = test.name
        if let dot = test.name.lastIndex(of: "."), dot != test.name.startIndex, test.name.index(after: dot) != test.name.endIndex,
            !test.name[..<dot].contains(" ")
        {
            classname = String(test.name[..<dot])
            name = String(test.name[test.name.index(after: dot)...])
            if let module = test.module { classname = module + "." + classname }
        }
        let outcome: Outcome
        switch test.status {
        case .passed where test.flaky == true: outcome = .flaky(message: test.message ?? "\(test.name) failed before it passed")
        case .passed: outcome = .passed
        case .skipped: outcome = .skipped(test.message ?? "")
        case .failed:
            let message = test.message ?? "\(test.name) failed"
            if let quarantine = test.quarantine {
                // A known failure the configuration accepts until it expires: shown, not a red test.
                outcome = .skipped(
                    "failed, quarantined until \(quarantine.expires) (owner \(quarantine.owner): \(quarantine.reason)): \(message)")
            } else {
                outcome = .failed(type: ReportProblemCode.testFailed.rawValue, message: message)
            }
        }
        return JUnitCase(
            classname: classname, name: name, seconds: test.durationSeconds, outcome: outcome, file: test.file, line: test.line)
    }

    /// A case for a problem of the run that no test case shows.
    static func problem(_ problem: ReportProblem) -> JUnitCase {
        let type = problem.code.rawValue
        let outcome: Outcome =
            problem.kind == .change ? .failed(type: type, message: problem.sentence) : .errored(type: type, message: problem.sentence)
        return JUnitCase(
            classname: JUnitRenderer.gateSuiteName, name: "\(type): \(problem.subject.label)", seconds: 0, outcome: outcome,
            file: problem.subject.type == .file ? problem.subject.name : nil, line: problem.subject.line)
    }

    /// Whether it counts as a failure, an error or a skip.
    var isFailure: Bool { if case .failed = outcome { true } else { false } }
    var isError: Bool { if case .errored = outcome { true } else { false } }
    var isSkip: Bool { if case .skipped = outcome { true } else { false } }
}
