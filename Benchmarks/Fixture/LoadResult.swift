//===----------------------------------------------------------------------===//
// LoadResult.swift: what one load run measured.
//===----------------------------------------------------------------------===//

/// Requests completed in the measured window, and each one's latency.
struct LoadResult {
    /// The measured window in seconds.
    var seconds = 0.0
    /// Latency of every request completed in the window, in microseconds.
    var latencies: [Double] = []
    /// Responses that were not `200` with body `ok`.
    var badResponses = 0

    var requests: Int { latencies.count }
    var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }

    /// The latency at `fraction` (0.99 for p99), nearest-rank, in microseconds.
    func percentile(_ fraction: Double) -> Double {
        let sorted = latencies.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
