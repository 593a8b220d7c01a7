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
    }

    /// `Test Case '…' started` or `◇ Test x() started.`.
    case started(TestName, Framework)
    /// A pass, failure or skip with its duration when printed; `message` is a skip reason.
    case finished(TestName, Framework, TestStatus, durationSeconds: Double?, message: String?)
    /// A failure or skip detail for a test (`File.swift:42: error: C.t : …`, `✘ Test t() recorded an issue …`).
    case detail(TestName, Framework, message: String, location: SourceLocation?)
    /// A Swift Testing continuation line (`↳ …`) that belongs to the issue above it.
    case continuation(String)
    /// XCTest's `Executed N tests, with … M failures …`.
    case summary(executed: Int, failures: Int)
}
