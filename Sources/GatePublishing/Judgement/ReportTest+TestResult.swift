//===----------------------------------------------------------------------===//
// ReportTest+TestResult.swift: a parsed test result as the report records it.
//===----------------------------------------------------------------------===//

import GateReport
import XCTestOutput

extension ReportTest {
    /// `result` as the report records it: `run` records the live parse with it, and `sign` and
    /// `verify` the archived log parsed again, so the two cannot come to differ.
    package init(_ result: TestResult) {
        self.init(
            name: result.name, status: ReportTestStatus(result.status), durationSeconds: result.durationSeconds,
            message: result.message, module: result.module, file: result.location?.file, line: result.location?.line,
            retried: result.retried ? true : nil, flaky: result.flaky ? true : nil,
            framework: result.framework == .swiftTesting ? ReportTest.swiftTesting : nil, suite: result.suite)
    }
}

extension ReportTestStatus {
    /// A parsed test's status as the report records it.
    package init(_ status: TestStatus) {
        switch status {
        case .passed: self = .passed
        case .failed: self = .failed
        case .skipped: self = .skipped
        }
    }
}
