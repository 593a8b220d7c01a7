//===----------------------------------------------------------------------===//
// XCResultError.swift: why xcresulttool's output could not be read as test results.
//===----------------------------------------------------------------------===//

/// Why the output of `xcrun xcresulttool get test-results tests --format json` could not be read.
package enum XCResultError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON: where, and what was wrong there.
    case malformedJSON(offset: Int, reason: String)
    /// The JSON is not Xcode 16's test-results tree; what was found instead.
    case notTestResults(String)

    /// A one-line, user-facing sentence.
    package var description: String {
        switch self {
        case .malformedJSON(let offset, let reason):
            return "the xcresult test results are not valid JSON (byte \(offset): \(reason))"
        case .notTestResults(let found):
            return "the xcresult JSON is not 'xcresulttool get test-results tests' output (Xcode 16 or later): \(found)"
        }
    }
}
