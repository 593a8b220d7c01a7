//===----------------------------------------------------------------------===//
// TestResult.swift: the overall result of the in-toto test-result predicate.
//===----------------------------------------------------------------------===//

/// The `result` of the in-toto test-result v0.1 predicate.
package enum TestResult: String, Codable, Equatable, Sendable {
    /// Every test passed.
    case passed = "PASSED"
    /// Tests passed with warnings.
    case warned = "WARNED"
    /// At least one test failed.
    case failed = "FAILED"
}
