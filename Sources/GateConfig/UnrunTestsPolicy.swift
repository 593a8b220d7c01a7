//===----------------------------------------------------------------------===//
// UnrunTestsPolicy.swift: what tests a package declares but that never ran do to the verdict.
//===----------------------------------------------------------------------===//

/// An xctest suite's `unrunTests` key: what tests its package declares (read from the test
/// targets' sources when the suite runs `swift test`) but that never ran do to the verdict: a
/// class `Tests/LinuxMain.swift` does not list, a test target it does not run.
package enum UnrunTestsPolicy: String, Decodable, Equatable, Sendable, CaseIterable {
    /// A `tests-never-ran` problem, which rejects (the default).
    case reject
    /// Accepted with a warning that names them.
    case warn
}
