//===----------------------------------------------------------------------===//
// ReportFramePoint.swift: one frame acceptance point.
//===----------------------------------------------------------------------===//

/// One frame acceptance point: whether it held, and what was seen.
package struct ReportFramePoint: Codable, Equatable, Sendable {
    /// The point's name.
    package var name: String
    /// Whether it held.
    package var passed: Bool
    /// What was checked or the minimised counterexample.
    package var detail: String

    /// Creates a point.
    package init(name: String, passed: Bool, detail: String) {
        self.name = name
        self.passed = passed
        self.detail = detail
    }
}
