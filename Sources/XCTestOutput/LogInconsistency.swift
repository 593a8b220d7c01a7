//===----------------------------------------------------------------------===//
// LogInconsistency.swift: where a log's totals contradict its per-test lines.
//===----------------------------------------------------------------------===//

/// A way a console log contradicts itself or stops short: what ``LogReconciliation`` finds when
/// the frameworks' own totals do not match the per-test lines (an exit code that lies cannot hide
/// a failure the log itself reports).
package enum LogInconsistency: Sendable, Hashable {
    /// XCTest cases started but the final `Executed N tests` line never came: the test process
    /// stopped between two tests (an `exit(0)` in a `setUp`, a killed runner).
    case missingXCTestSummary(resultsSeen: Int)
    /// The summary counts more tests than the log shows.
    case summaryCountsMoreTests(executed: Int, seen: Int)
    /// The summary counts failures, but no test line failed.
    case summaryCountsFailures(failures: Int)
    /// Swift Testing tests started but its final `Test run with N tests …` line never came.
    case missingSwiftTestingRunLine(startsSeen: Int)
    /// Swift Testing's run line (or a suite line) says failed, but no test line failed.
    case swiftTestingSaysFailed(suites: [String])
    /// xcodebuild's closing block says testing or the build failed (`Testing failed:`,
    /// `Failing tests:`, `** TEST FAILED **`, a test runner that never started): the lines as printed.
    case xcodebuildSaysFailed(block: [String])

    /// One sentence for people.
    package var sentence: String {
        switch self {
        case let .missingXCTestSummary(seen):
            "the log shows \(seen) XCTest result(s) but no final 'Executed N tests' line: the test process stopped before it finished"
        case let .summaryCountsMoreTests(executed, seen):
            "XCTest's summary says \(executed) test(s) ran, but the log shows \(seen)"
        case let .summaryCountsFailures(failures):
            "XCTest's summary counts \(failures) failure(s), but no test in the log failed"
        case let .missingSwiftTestingRunLine(starts):
            "the log shows \(starts) Swift Testing test(s) starting but no final 'Test run with N tests' line: the run stopped before it finished"
        case let .swiftTestingSaysFailed(suites):
            "Swift Testing says the run failed"
                + (suites.isEmpty ? "" : " (suite \(suites.prefix(3).joined(separator: ", ")))") + ", but no test in the log failed"
        case let .xcodebuildSaysFailed(block):
            "xcodebuild says the tests failed: " + block.prefix(8).map { "'\($0)'" }.joined(separator: " ")
                + (block.count > 8 ? " …" : "")
        }
    }

    /// Whether the log stopped short (rather than contradicting itself).
    package var isIncomplete: Bool {
        switch self {
        case .missingXCTestSummary, .missingSwiftTestingRunLine: true
        case .summaryCountsMoreTests, .summaryCountsFailures, .swiftTestingSaysFailed, .xcodebuildSaysFailed: false
        }
    }
}
