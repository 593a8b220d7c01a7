//===----------------------------------------------------------------------===//
// TestResultPredicate.swift: the in-toto test-result v0.1 predicate.
//===----------------------------------------------------------------------===//

/// The in-toto test-result predicate, v0.1 (in-toto/attestation `spec/predicates/test-result.md`).
package struct TestResultPredicate: Codable, Equatable, Sendable {
    /// `PASSED`, `WARNED` or `FAILED`.
    package var result: TestResult
    /// The configuration used for the run (the gate's `acceptance-gate.json`).
    package var configuration: [ResourceDescriptor]
    /// A link to the test run (a CI job), when known; omitted from the JSON when `nil`.
    package var url: String?
    /// Names of tests that passed.
    package var passedTests: [String]
    /// Names of tests that passed with warnings.
    package var warnedTests: [String]
    /// Names of tests that failed.
    package var failedTests: [String]

    /// Creates a predicate.
    package init(
        result: TestResult, configuration: [ResourceDescriptor], url: String? = nil,
        passedTests: [String], warnedTests: [String] = [], failedTests: [String]
    ) {
        self.result = result
        self.configuration = configuration
        self.url = url
        self.passedTests = passedTests
        self.warnedTests = warnedTests
        self.failedTests = failedTests
    }
}
