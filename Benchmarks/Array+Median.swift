//===----------------------------------------------------------------------===//
// Array+Median.swift: the median of repeated timings.
//===----------------------------------------------------------------------===//

extension Array where Element == Double {
    /// The median (the mean of the two middle values for an even count); NaN when empty.
    var median: Double {
        let sorted = self.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
