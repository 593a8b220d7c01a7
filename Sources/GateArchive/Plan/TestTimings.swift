//===----------------------------------------------------------------------===//
// TestTimings.swift: the durations a history gives each test.
//===----------------------------------------------------------------------===//

/// Every duration the history gives each test, by name as `report.json` names it. A test seen
/// in several reports gets the median of its observations, so one slow outlier run does not
/// move it to its own shard. A duration that is not a finite number of seconds at least zero
/// (NaN, infinite, negative: hostile or broken input) is not an observation.
package struct TestTimings: Equatable, Sendable {
    /// The observations per test, in the order added.
    package private(set) var observations: [String: [Double]] = [:]

    /// An empty history.
    package init() {}

    /// Records that `test` took `seconds` in one run; ignored unless finite and at least zero.
    package mutating func add(_ test: String, seconds: Double) {
        guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumSeconds else { return }
        observations[test, default: []].append(seconds)
    }

    /// One run's tests (a report or JUnit file): a name seen twice in one run (the same test in
    /// two suites) is one observation of their sum, as one filter runs both.
    package mutating func add(run: [(name: String, seconds: Double)]) {
        var sums: [String: Double] = [:]
        var order: [String] = []
        for (name, seconds) in run where seconds.isFinite && seconds >= 0 {
            if sums[name] == nil { order.append(name) }
            sums[name, default: 0] += seconds
        }
        for name in order { add(name, seconds: sums[name] ?? 0) }
    }

    /// The planned seconds of `test`: the median of its observations; `nil` without any.
    package func seconds(of test: String) -> Double? {
        observations[test].flatMap(Self.median)
    }

    /// The median of `values` (the mean of the middle two for an even count); `nil` when empty.
    package static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The longest duration believed (a week): anything longer is a broken clock, not a test.
    package static let maximumSeconds = 7.0 * 24 * 3600
}
