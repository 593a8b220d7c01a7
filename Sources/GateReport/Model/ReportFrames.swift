//===----------------------------------------------------------------------===//
// ReportFrames.swift: the frame conformance points.
//===----------------------------------------------------------------------===//

/// The frame conformance suite's four acceptance points and how many cases ran.
package struct ReportFrames: Codable, Equatable, Sendable {
    /// Each acceptance point.
    package var points: [ReportFramePoint]
    /// How many cases ran.
    package var cases: Int

    /// Creates a frames record.
    package init(points: [ReportFramePoint], cases: Int) {
        self.points = points
        self.cases = cases
    }
}
