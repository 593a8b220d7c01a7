//===----------------------------------------------------------------------===//
// Measurement.swift: repeated timings of one figure and how it is printed.
//===----------------------------------------------------------------------===//

/// The timed runs of one figure over `bytes` bytes.
struct Measurement {
    let name: String
    let bytes: Int
    var samples: [Double] = []

    init(name: String, bytes: Int) {
        self.name = name
        self.bytes = bytes
    }

    /// The median run time in seconds.
    var median: Double { samples.median }

    /// Decimal gigabytes per second at the median.
    var gigabytesPerSecond: Double { Double(bytes) / median / 1e9 }

    /// `name: 3.10 GB/s = 0.62 × memcpy`.
    func line(against baseline: Measurement?) -> String {
        var text = "\(name): \(Format.fixed(gigabytesPerSecond, 2)) GB/s"
        if let baseline {
            text += " = \(Format.fixed(gigabytesPerSecond / baseline.gigabytesPerSecond, 2)) × memcpy"
        }
        let spread = samples.sorted().map { Format.fixed($0 * 1000, 0) }.joined(separator: "/")
        return text + "   (median of \(samples.count) runs; ms: \(spread))"
    }
}
