//===----------------------------------------------------------------------===//
// PointResult.swift: how one acceptance point fared.
//===----------------------------------------------------------------------===//

/// How one acceptance point fared: counts, the first failures, and the first one minimised.
package struct PointResult: Sendable {
    /// The acceptance point.
    package var point: AcceptancePoint
    /// Cases run for the point.
    package var total = 0
    /// Cases the decoder got right.
    package var passed = 0
    /// The first few failures, in case order.
    package var failures: [CaseFailure] = []
    /// The first failure shrunk to its shortest form.
    package var minimised: MinimisedInput?

    /// Whether every case for the point passed (and there was at least one).
    package var holds: Bool { total > 0 && passed == total }
}
