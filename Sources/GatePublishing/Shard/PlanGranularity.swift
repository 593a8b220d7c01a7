//===----------------------------------------------------------------------===//
// PlanGranularity.swift: what one unit of a shard plan is.
//===----------------------------------------------------------------------===//

/// What the planner places on a shard as one unit: a test, or a whole class when the runner
/// cannot filter finer (a class's tests then always run together, on one shard).
package enum PlanGranularity: String, CaseIterable, Codable, Sendable {
    /// Each test alone (`swift test --filter` and `xcodebuild -only-testing:` take single tests).
    case test
    /// Each class (the part of `Class.test` before its first dot) with all its tests.
    case `class`

    /// The unit that `test` (a name as `report.json` gives it) belongs to.
    package func unit(of test: String) -> String {
        switch self {
        case .test: return test
        case .class: return test.firstIndex(of: ".").map { String(test[..<$0]) } ?? test
        }
    }
}
