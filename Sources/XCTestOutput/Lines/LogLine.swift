//===----------------------------------------------------------------------===//
// LogLine.swift: what one recognised console line says.
//===----------------------------------------------------------------------===//

/// The meaning of one recognised console line.
enum LogLine: Equatable {
    /// Which test framework printed the line: XCTest runs cases one at a time, Swift Testing
    /// runs them in parallel, so they are tracked differently.
    enum Framework: Equatable {
        /// XCTest (Linux, macOS or xcodebuild).
        case xctest
        /// Swift Testing.
        case swiftTesting

        /// The public name of the framework.
        var testFramework: TestFramework {
            switch self {
            case .xctest: .xctest
            case .swiftTesting: .swiftTesting
            }
        }
    }

    /// `Test Case '…' started` or `◇ Test x() started.`; `iteration` is xcodebuild's
    /// `(Iteration 2 of 3)` of a repeated or retried test.
    case started(TestName, Framework, iteration: Int?)
    /// A pass, failure or skip with its duration when printed; `message` is a skip reason.
    case finished(TestName, Framework, TestStatus, durationSeconds: Double?, message: String?)
    /// xcodebuild's per-test line, `Test case 'C.t()' passed on 'My Mac - …' (0.002 seconds)`: in
    /// parallel runs the only line a test gets, otherwise a second view of a result the console
    /// already printed (`Test Case '-[M.C t]' passed …`), which the parser joins to it.
    case listed(TestName, Framework, TestStatus, durationSeconds: Double?)
    /// A formatter's line for a finished XCTest case (xcbeautify's `✔ testX (0.002 seconds)`,
    /// `✖ [Suite] testY on 'Clone 1 of …' (0.4 seconds)`, xcpretty's `✗ testZ, message`).
    case formatted(TestName, Framework, TestStatus, durationSeconds: Double?, message: String?)
    /// `Test Suite 'X' started at …`: the XCTest class whose cases follow, `nil` for a bundle or
    /// `All tests` (a formatter's lines name cases by method alone).
    case suiteStarted(String?)
    /// A failure or skip detail for a test (`File.swift:42: error: C.t : …`, `✘ Test t() recorded an issue …`).
    case detail(TestName, Framework, message: String, location: SourceLocation?)
    /// A Swift Testing continuation line (`↳ …`) that belongs to the issue above it.
    case continuation(String)
    /// XCTest's `Executed N tests, with … M failures …`.
    case summary(executed: Int, failures: Int)
    /// `swift test --parallel`'s `[3/10] Testing Module.Class/testX`: the test finished; whether it
    /// failed shows only in the failure lines printed at the end.
    case parallelDone(TestName)
    /// xcodebuild's `Restarting after unexpected exit, crash, or test timeout in C.t()`: the test
    /// named (or the one running) ended the test process.
    case restarted(TestName?)
    /// Swift Testing's final `Test run with N tests passed/failed …`.
    case swiftTestingRun(failed: Bool)
    /// Swift Testing's `Suite X passed/failed …`.
    case swiftTestingSuite(name: String, failed: Bool)
}
