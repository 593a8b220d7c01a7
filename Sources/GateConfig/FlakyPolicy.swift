//===----------------------------------------------------------------------===//
// FlakyPolicy.swift: what a test that passed only after a failed attempt does to the verdict.
//===----------------------------------------------------------------------===//

/// An xctest suite's `flaky` key: what a test that failed and then passed (xcodebuild's
/// `-retry-tests-on-failure`, `(Iteration N of M)`, a relaunch after a crash) does to the verdict.
package enum FlakyPolicy: String, Decodable, Equatable, Sendable, CaseIterable {
    /// Accepted, but marked flaky everywhere and signed as `WARNED` (the default).
    case warn
    /// Rejected, as a failure.
    case reject
}
